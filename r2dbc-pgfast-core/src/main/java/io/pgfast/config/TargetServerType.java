package io.pgfast.config;

import java.util.Locale;

/**
 * Which server of a host list a connection may use, as pgjdbc's {@code targetServerType}. A server's
 * role comes from the {@code in_hot_standby} parameter PostgreSQL 14+ reports at startup, otherwise
 * from {@code SHOW transaction_read_only} (so a primary whose {@code default_transaction_read_only}
 * is on counts as a standby, as in pgjdbc).
 */
public enum TargetServerType {

    /** The first server that accepts the connection, whatever its role. The default. */
    ANY("any"),
    /** Only a primary (a server not in recovery). */
    PRIMARY("primary"),
    /** Only a standby (a hot standby server in recovery). */
    STANDBY("standby"),
    /** A standby if one is reachable, otherwise a primary. */
    PREFER_STANDBY("preferStandby"),
    /** A primary if one is reachable, otherwise a standby. */
    PREFER_PRIMARY("preferPrimary");

    private final String optionName;

    TargetServerType(String optionName) {
        this.optionName = optionName;
    }

    /** The spelling used in URLs and OPTIONS.md, such as {@code preferStandby}. */
    public String optionName() {
        return optionName;
    }

    /**
     * Parses, ignoring case, {@code -} and {@code _}: the names above, pgjdbc's aliases
     * ({@code secondary}, {@code preferSecondary}, {@code master}, {@code slave},
     * {@code preferSlave}) and libpq's {@code target_session_attrs} values ({@code any},
     * {@code read-write} as primary, {@code read-only} as standby, {@code primary}, {@code standby},
     * {@code prefer-standby}).
     *
     * @throws IllegalArgumentException for any other value
     */
    public static TargetServerType from(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        switch (v) {
            case "any":
                return ANY;
            case "primary": case "master": case "readwrite":
                return PRIMARY;
            case "standby": case "secondary": case "slave": case "readonly":
                return STANDBY;
            case "preferstandby": case "prefersecondary": case "preferslave":
                return PREFER_STANDBY;
            case "preferprimary":
                return PREFER_PRIMARY;
            default:
                throw new IllegalArgumentException("targetServerType must be one of any, primary, standby, preferStandby, "
                        + "preferPrimary (or secondary, preferSecondary, read-write, read-only, prefer-standby); got '" + value + "'");
        }
    }

}
