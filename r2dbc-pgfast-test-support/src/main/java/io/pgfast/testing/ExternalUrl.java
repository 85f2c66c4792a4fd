package io.pgfast.testing;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A libpq-style connection URI of an external test server:
 * {@code postgresql://user:password@host:port/database} ({@code postgres://} too; port defaults to 5432, host to
 * localhost; user and password are percent-decoded). Query parameters are ignored.
 *
 * @see <a href="https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS">Connection URIs</a>
 */
record ExternalUrl(String host, int port, String user, String password, Optional<String> database) {
    static final int DEFAULT_PORT = 5432;

    /** @throws IllegalArgumentException naming what is wrong (the password is never echoed) */
    static ExternalUrl parse(String text) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("PGFAST_TEST_URL is not a URI (" + e.getReason()
                    + "); expected postgresql://user:password@host:port/database");
        }
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException("PGFAST_TEST_URL must start with postgresql://, not "
                    + uri.getScheme() + "://");
        }
        if (uri.getRawUserInfo() == null || uri.getRawUserInfo().isEmpty()) {
            throw new IllegalArgumentException("PGFAST_TEST_URL must name a user: postgresql://user:password@host/db");
        }
        String[] userInfo = uri.getRawUserInfo().split(":", 2);
        String user = decode(userInfo[0]);
        String password = userInfo.length > 1 ? decode(userInfo[1]) : "";
        String host = uri.getHost() == null ? "localhost" : uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        String path = uri.getRawPath();
        Optional<String> database = path == null || path.length() <= 1
                ? Optional.empty() : Optional.of(decode(path.substring(1)));
        return new ExternalUrl(host, port, user, password, database);
    }

    private static String decode(String raw) {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "postgresql://" + user + ":***@" + host + ':' + port + '/' + database.orElse("");
    }
}
