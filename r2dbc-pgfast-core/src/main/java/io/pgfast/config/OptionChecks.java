package io.pgfast.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** The checks the configuration builder runs on single values; each failure names the option. */
final class OptionChecks {

    private OptionChecks() {
    }

    static void checkParameter(String name, String value) {
        if (name == null || !PgfastConnectionConfiguration.PARAMETER_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("options: '" + name + "' is not a configuration parameter name");
        }
        if (name.startsWith("_pq_.")) {
            throw new IllegalArgumentException("options: " + name + " is a protocol option, not a configuration parameter");
        }
        if (PgfastConnectionConfiguration.RESERVED_PARAMETERS.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("options: " + name + " cannot be set through options; "
                    + reservedHint(name.toLowerCase(Locale.ROOT)));
        }
        if (value == null) {
            throw new IllegalArgumentException("options: the value of " + name + " must not be null");
        }
        requireNoNul("options." + name, value);
    }

    static String reservedHint(String name) {
        switch (name) {
            case "user": return "use the username option";
            case "database": return "use the database option";
            case "application_name": return "use the applicationName option";
            case "timezone": return "use the timeZone option";
            case "statement_timeout": return "use the statementTimeout option";
            case "lock_timeout": return "use the lockWaitTimeout option";
            default: return "the driver sets it";
        }
    }

    /** Linux's limit of {@code TCP_KEEPIDLE} and {@code TCP_KEEPINTVL} ({@code MAX_TCP_KEEPIDLE}, {@code MAX_TCP_KEEPINTVL}). */
    static final int MAX_KEEP_ALIVE_SECONDS = 32767;
    /** Linux's limit of {@code TCP_KEEPCNT} ({@code MAX_TCP_KEEPCNT}). */
    static final int MAX_KEEP_ALIVE_COUNT = 127;

    /** Whole seconds from 1 to {@link #MAX_KEEP_ALIVE_SECONDS}: the kernel takes keepalive times in seconds. */
    static Duration requireKeepAliveSeconds(String name, Duration d) {
        if (d.getNano() != 0 || d.getSeconds() < 1 || d.getSeconds() > MAX_KEEP_ALIVE_SECONDS) {
            throw new IllegalArgumentException(name + " must be whole seconds from 1 s to " + MAX_KEEP_ALIVE_SECONDS
                    + " s (the kernel counts keepalive times in seconds), got " + d);
        }
        return d;
    }

    static Duration requireTimeout(String name, Duration d, long maxMillis) {
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, got " + d);
        }
        if (!d.isZero() && d.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException(name + " must be zero or at least 1 ms, got " + d);
        }
        if (maxMillis != Long.MAX_VALUE && d.compareTo(Duration.ofMillis(maxMillis)) > 0) {
            throw new IllegalArgumentException(name + " must be at most " + Duration.ofMillis(maxMillis) + ", got " + d);
        }
        return d;
    }

    static String requireText(String name, String value) {
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        return value;
    }

    static String requireNoNul(String name, String value) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(name + " must not contain a NUL character");
        }
        return value;
    }

    static Path path(String name, String value) {
        requireNoNul(name, requireText(name, value));
        try {
            return Path.of(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " is not a valid path: " + value, e);
        }
    }
}
