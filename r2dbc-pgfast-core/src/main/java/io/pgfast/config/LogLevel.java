package io.pgfast.config;

import java.util.Locale;

/**
 * The level at which the driver logs what the server reports on its own: notices that no Result
 * delivers ({@code noticeLogLevel}) and error responses ({@code errorResponseLogLevel}). The
 * constants are r2dbc-postgresql's, so its option values carry over unchanged.
 */
public enum LogLevel {

    /** Not logged at all. */
    OFF,
    DEBUG,
    INFO,
    WARN,
    ERROR;

    /**
     * Parses a constant's name, ignoring case ({@code warning} is taken as {@code WARN}).
     *
     * @throws IllegalArgumentException for any other value
     */
    public static LogLevel from(String value) {
        return from("log level", value);
    }

    /** As {@link #from(String)}, naming {@code option} in the message. */
    public static LogLevel from(String option, String value) {
        if (value != null) {
            String v = value.trim().toUpperCase(Locale.ROOT);
            if (v.equals("WARNING")) {
                return WARN;
            }
            for (LogLevel level : values()) {
                if (level.name().equals(v)) {
                    return level;
                }
            }
        }
        throw new IllegalArgumentException(option + " must be one of OFF, DEBUG, INFO, WARN, ERROR, got '" + value + "'");
    }
}
