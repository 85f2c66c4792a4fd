package io.pgfast.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code host} option as given: comma-separated entries {@code host}, {@code host:port},
 * {@code [ipv6]} or {@code [ipv6]:port} (an unbracketed IPv6 literal is accepted without a port).
 * Entries without a port take the {@code port} option, which may be set after the host list, so
 * ports are filled in by {@link #resolve(int)} when the configuration is built.
 */
final class HostList {

    /** {@code port} 0 stands for "the port option". */
    private record Entry(String host, int port) {
    }

    private final List<Entry> entries;

    private HostList(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** One host with an explicit port; an IPv6 literal may keep its brackets. */
    static HostList of(String host, int port) {
        return new HostList(List.of(explicit(host, port)));
    }

    /**
     * @throws IllegalArgumentException naming the entry that is empty, has a bad port, an unclosed
     *                                  bracket or is a Unix socket directory inside a list
     */
    static HostList parse(String text) {
        String[] parts = text.split(",", -1);
        List<Entry> entries = new ArrayList<>(parts.length);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty()) {
                throw new IllegalArgumentException("host list '" + text + "' has an empty entry (number " + (i + 1) + ")");
            }
            if (part.startsWith("/")) {
                throw new IllegalArgumentException("host list '" + text + "': a Unix socket directory (" + part
                        + ") cannot be part of a host list; use the socket option with a single host");
            }
            entries.add(entry(text, part));
        }
        return new HostList(entries);
    }

    private static Entry entry(String text, String part) {
        String host;
        String port = null;
        if (part.startsWith("[")) {
            int close = part.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("host '" + part + "' in '" + text + "' has no closing ']'");
            }
            host = part.substring(1, close);
            String rest = part.substring(close + 1);
            if (!rest.isEmpty()) {
                if (rest.charAt(0) != ':') {
                    throw new IllegalArgumentException("host '" + part + "' in '" + text + "': expected ':port' after ']'");
                }
                port = rest.substring(1);
            }
        } else {
            int colon = part.indexOf(':');
            if (colon >= 0 && part.indexOf(':', colon + 1) < 0) {
                host = part.substring(0, colon).trim();
                port = part.substring(colon + 1);
            } else {
                // no colon, or several: a host name, or an IPv6 literal without a port
                host = part;
            }
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException("host '" + part + "' in '" + text + "' has no host name");
        }
        if (host.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("host must not contain a NUL character");
        }
        return new Entry(host, port == null ? 0 : port(text, part, port.trim()));
    }

    private static int port(String text, String part, String port) {
        int p = -1;
        if (!port.isEmpty() && port.length() <= 5 && port.chars().allMatch(c -> c >= '0' && c <= '9')) {
            p = Integer.parseInt(port);
        }
        if (p < 1 || p > 65535) {
            throw new IllegalArgumentException("host '" + part + "' in '" + text + "': port '" + port
                    + "' is not a number between 1 and 65535");
        }
        return p;
    }

    HostList plus(String host, int port) {
        List<Entry> more = new ArrayList<>(entries);
        more.add(explicit(host, port));
        return new HostList(more);
    }

    private static Entry explicit(String host, int port) {
        String h = host != null && host.length() > 2 && host.startsWith("[") && host.endsWith("]")
                ? host.substring(1, host.length() - 1) : host;
        return new Entry(new HostSpec(h, port).host(), port);
    }

    int size() {
        return entries.size();
    }

    /** The list as the {@code host} option writes it: {@code h1:5432,h2,[::1]:5433}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Entry e : entries) {
            String host = e.host().indexOf(':') >= 0 ? "[" + e.host() + "]" : e.host();
            text.append(text.length() == 0 ? "" : ",").append(host).append(e.port() == 0 ? "" : ":" + e.port());
        }
        return text.toString();
    }

    /** The hosts, entries without a port taking {@code defaultPort}. */
    List<HostSpec> resolve(int defaultPort) {
        List<HostSpec> hosts = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            hosts.add(new HostSpec(e.host(), e.port() == 0 ? defaultPort : e.port()));
        }
        return List.copyOf(hosts);
    }
}
