package io.pgfast.bench;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * The server every worker connects to, and the role it logs in as. Workers get it through environment
 * variables ({@link #toEnvironment}), so that the password is not on a command line.
 */
public record BenchTarget(String host, int port, String database, String user, String password) {
    static final String ENV_HOST = "PGFAST_BENCH_HOST";
    static final String ENV_PORT = "PGFAST_BENCH_PORT";
    static final String ENV_DATABASE = "PGFAST_BENCH_DATABASE";
    static final String ENV_USER = "PGFAST_BENCH_USER";
    static final String ENV_PASSWORD = "PGFAST_BENCH_PASSWORD";

    public BenchTarget {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /**
     * Parses {@code postgresql://user:password@host:port/database} (user, password, port and database optional;
     * percent-encoded parts are decoded).
     *
     * @throws IllegalArgumentException if the text is not such a URL
     */
    public static BenchTarget parseUrl(String text) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getMessage(), e);
        }
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException("expected postgresql://user:password@host:port/database, got scheme '"
                    + uri.getScheme() + "'");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("the URL names no host: expected postgresql://user:password@host:port/database");
        }
        String user = "postgres";
        String password = "";
        String info = uri.getRawUserInfo();
        if (info != null) {
            int colon = info.indexOf(':');
            user = decode(colon < 0 ? info : info.substring(0, colon));
            password = colon < 0 ? "" : decode(info.substring(colon + 1));
        }
        String path = uri.getRawPath();
        String database = path == null || path.length() <= 1 ? user : decode(path.substring(1));
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        return new BenchTarget(uri.getHost(), port, database, user, password);
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The environment variables a worker reads back with {@link #fromEnvironment}. */
    public Map<String, String> toEnvironment() {
        return Map.of(ENV_HOST, host, ENV_PORT, Integer.toString(port), ENV_DATABASE, database, ENV_USER, user,
                ENV_PASSWORD, password);
    }

    /**
     * @throws IllegalStateException if a variable is missing (the worker was not started by {@link BenchMain})
     */
    public static BenchTarget fromEnvironment(Map<String, String> env) {
        return new BenchTarget(required(env, ENV_HOST), Integer.parseInt(required(env, ENV_PORT)),
                required(env, ENV_DATABASE), required(env, ENV_USER), required(env, ENV_PASSWORD));
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null) {
            throw new IllegalStateException(name + " is not set; workers are started by io.pgfast.bench.BenchMain");
        }
        return v;
    }

    /** A pgjdbc URL without TLS (every driver runs without TLS, so that none pays for it). */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ':' + port + '/' + database + "?sslmode=disable";
    }

    @Override
    public String toString() {
        return user + "@" + host + ':' + port + '/' + database;
    }
}
