package io.pgfast.config;

/**
 * One server of a connection's host list: a host name or IP address (an IPv6 literal without its
 * brackets) and a port. {@link #toString()} is {@code host:port}, with brackets around an IPv6 literal.
 */
public record HostSpec(String host, int port) {

    /**
     * @throws IllegalArgumentException if {@code host} is empty or holds a NUL, or {@code port} is not 1..65535
     */
    public HostSpec {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        if (host.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("host must not contain a NUL character");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port of host " + host + " must be between 1 and 65535, got " + port);
        }
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
