package io.pgfast.r2dbc;

import io.pgfast.config.OptionCoercion;
import io.pgfast.config.PgOption;
import io.pgfast.config.PgOptions;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The options of r2dbc-postgresql 1.1 that have no row of their own in OPTIONS.md: each either does
 * here what it does there, or is refused with an {@link IllegalArgumentException} that names what to
 * use instead, so that a configuration carried over never loses a setting silently. The options both
 * drivers spell alike are read by {@link PgfastConnectionFactoryProvider#fromOptions} itself.
 */
final class R2dbcPostgresqlOptions {

    static final Option<Object> FORCE_BINARY = Option.valueOf("forceBinary");
    static final Option<Object> PREFER_ATTACHED_BUFFERS = Option.valueOf("preferAttachedBuffers");
    static final Option<Object> COMPATIBILITY_MODE = Option.valueOf("compatibilityMode");
    static final Option<Object> EXTENSIONS = Option.valueOf("extensions");
    static final Option<Object> HOST_RECHECK_TIME = Option.valueOf("hostRecheckTime");

    /** The duration options both drivers have, whose bare numbers the two read differently. */
    private static final List<String> DURATIONS = List.of(PgOptions.CONNECT_TIMEOUT.name(), PgOptions.STATEMENT_TIMEOUT.name(),
            PgOptions.LOCK_WAIT_TIMEOUT.name(), PgOptions.SOCKET_TIMEOUT.name(), HOST_RECHECK_TIME.name());

    private R2dbcPostgresqlOptions() {
    }

    /** Refusals that must come before the options both drivers share are parsed. */
    static void refuse(ConnectionFactoryOptions options) {
        Object driver = options.getValue(ConnectionFactoryOptions.DRIVER);
        if (PgfastConnectionFactoryProvider.POSTGRESQL_DRIVER.equals(driver) || PgfastConnectionFactoryProvider.POSTGRES_DRIVER.equals(driver)) {
            for (String name : DURATIONS) {
                Object value = options.getValue(Option.valueOf(name));
                if (value instanceof Number || value instanceof CharSequence && value.toString().trim().matches("\\d+")) {
                    // r2dbc-postgresql parses durations as Spring Boot does: a bare number is milliseconds
                    throw new IllegalArgumentException(name + "=" + value + " has no unit: r2dbc-postgresql reads a bare number as"
                            + " milliseconds and this driver as seconds (libpq); write it with a unit, such as " + value + "ms or PT"
                            + value + "S");
                }
            }
        }
        for (String name : spellings(PgOptions.SSL_MODE, PgOptions.SSL_NEGOTIATION)) {
            Object value = options.getValue(Option.valueOf(name));
            if (value != null && (value instanceof Enum ? ((Enum<?>) value).name() : value.toString()).trim().equalsIgnoreCase("tunnel")) {
                throw new IllegalArgumentException(name + "=tunnel (TLS at once, without SSLRequest) is spelled sslNegotiation=direct"
                        + " with sslMode=require, verify-ca or verify-full here");
            }
        }
        for (String name : List.of(PgOptions.SSL_ROOT_CERT.name(), PgOptions.SSL_CERT.name(), PgOptions.SSL_KEY.name())) {
            Object value = options.getValue(Option.valueOf(name));
            if (value instanceof CharSequence && isClassPathResourceOnly(value.toString())) {
                throw new IllegalArgumentException(name + "=" + value + " names a class path resource, which r2dbc-postgresql reads;"
                        + " this driver reads files only: give the file's path");
            }
        }
        Object extensions = options.getValue(EXTENSIONS);
        if (extensions != null && !(extensions instanceof Collection && ((Collection<?>) extensions).isEmpty())) {
            throw new IllegalArgumentException("extensions (r2dbc-postgresql Extension objects) are not supported: register"
                    + " io.pgfast.codec.Codec instances with PgfastConnectionConfiguration.builder().codecs(...), or list them in"
                    + " META-INF/services/io.pgfast.codec.Codec (found when autodetectExtensions is true)");
        }
    }

    /** The names and other spellings of {@code options}. */
    private static List<String> spellings(PgOption<?>... options) {
        List<String> names = new ArrayList<>();
        for (PgOption<?> o : options) {
            names.add(o.name());
            names.addAll(o.aliases());
        }
        return names;
    }

    /** No file of that name exists, but a class path resource does (r2dbc-postgresql tries both). */
    private static boolean isClassPathResourceOnly(String name) {
        if (name.isBlank() || name.equals(io.pgfast.config.PgfastConnectionConfiguration.SSL_ROOT_CERT_SYSTEM)) {
            return false;
        }
        try {
            if (Files.exists(Path.of(name))) {
                return false;
            }
        } catch (InvalidPathException e) {
            return false;
        }
        String resource = name.startsWith("/") ? name.substring(1) : name;
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return (loader != null ? loader : R2dbcPostgresqlOptions.class.getClassLoader()).getResource(resource) != null;
    }

    /** The options applied after the shared ones (they relate to those). */
    static void apply(ConnectionFactoryOptions options, PgfastConnectionConfigurationBuilder b) {
        Object forceBinary = options.getValue(FORCE_BINARY);
        if (forceBinary != null) {
            // binary results are asked for every type with a binary codec already; nothing to force
            OptionCoercion.bool("forceBinary", forceBinary);
        }
        Object attached = options.getValue(PREFER_ATTACHED_BUFFERS);
        if (attached != null) {
            // values are always decoded out of the row's buffer when read: nothing attached to release
            OptionCoercion.bool("preferAttachedBuffers", attached);
        }
        Object compatibility = options.getValue(COMPATIBILITY_MODE);
        if (compatibility != null && OptionCoercion.bool("compatibilityMode", compatibility)) {
            Object fetchSize = options.getValue(PgfastConnectionFactoryProvider.FETCH_SIZE);
            if (fetchSize != null && OptionCoercion.integer("fetchSize", fetchSize) > 0) {
                throw new IllegalArgumentException("compatibilityMode=true with fetchSize > 0 is not supported: this driver fetches"
                        + " fetchSize rows at a time with Execute and Flush inside and outside transactions; for a pooler that"
                        + " cannot keep a portal open between them (pgpool), leave fetchSize at 0");
            }
            // with fetchSize 0 every Execute fetches all rows and ends with Sync: what compatibility mode asks for
        }
        Object recheck = options.getValue(HOST_RECHECK_TIME);
        if (recheck != null) {
            if (options.getValue(PgfastConnectionFactoryProvider.HOST_RECHECK_SECONDS) != null) {
                throw new IllegalArgumentException("hostRecheckTime and hostRecheckSeconds are both given; give one");
            }
            Duration d = OptionCoercion.duration("hostRecheckTime", recheck);
            if (d.isNegative()) {
                throw new IllegalArgumentException("hostRecheckTime must not be negative, got " + d);
            }
            long seconds = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
            b.hostRecheckSeconds((int) Math.min(Integer.MAX_VALUE, seconds));
        }
    }
}
