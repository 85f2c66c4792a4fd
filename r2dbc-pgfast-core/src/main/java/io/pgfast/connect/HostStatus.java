package io.pgfast.connect;

/** What the last connection attempt to a host found. */
enum HostStatus {
    /** The attempt failed (no TCP connection, TLS or authentication failure, timeout...). */
    UNREACHABLE,
    /** Connected; the server is not in recovery. */
    PRIMARY,
    /** Connected; the server is a hot standby. */
    STANDBY,
    /** Connected; the role was not asked (targetServerType=any on a server older than 14). */
    REACHABLE
}
