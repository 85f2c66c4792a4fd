package io.pgfast.tck;

import io.pgfast.codec.type.Inet;
import io.pgfast.codec.type.MacAddress;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Objects;

/**
 * inet/cidr and macaddr/macaddr8: pgjdbc has no classes for them and reads their text ({@code PGobject}), which
 * is parsed here into the address bytes and mask length our values must have.
 */
final class AddressMappings {

    /** The default mapping: the address alone (an inet host's {@code /32}, a cidr's mask dropped). */
    static final Mapping INET_ADDRESS = new Mapping("InetAddress", InetAddress.class, Object.class,
            AddressMappings::parsedInet, (ours, theirs) -> sameAddress((InetAddress) ours, ((Parsed) theirs).address));
    /** On request: address and mask length. */
    static final Mapping INET = new Mapping("Inet", Inet.class, Inet.class, AddressMappings::parsedInet, (ours, theirs) -> {
        Inet inet = (Inet) ours;
        Parsed parsed = (Parsed) theirs;
        return sameAddress(inet.address(), parsed.address) && inet.netmask() == parsed.netmask;
    });
    static final Mapping MAC_ADDRESS = new Mapping("MacAddress", MacAddress.class, Object.class, (rs, i) -> {
        String text = rs.getString(i);
        return text == null ? null : macBytes(text);
    }, (ours, theirs) -> Arrays.equals(((MacAddress) ours).bytes(), (byte[]) theirs));

    private AddressMappings() {
    }

    /** pgjdbc's text of an inet or cidr: the address bytes (16 for every IPv6 spelling) and the mask length. */
    private static final class Parsed {
        final byte[] address;
        final int netmask;

        Parsed(byte[] address, int netmask) {
            this.address = address;
            this.netmask = netmask;
        }

        @Override
        public String toString() {
            return Arrays.toString(address) + "/" + netmask;
        }
    }

    private static Object parsedInet(ResultSet rs, int column) throws SQLException {
        String text = rs.getString(column);
        if (text == null) {
            return null;
        }
        int slash = text.indexOf('/');
        String literal = slash < 0 ? text : text.substring(0, slash);
        boolean v6 = literal.indexOf(':') >= 0;
        byte[] bytes;
        try {
            // an IP literal: never resolved through DNS
            bytes = InetAddress.getByName(literal).getAddress();
        } catch (UnknownHostException e) {
            throw new SQLException("not an IP address: " + text, e);
        }
        if (v6 && bytes.length == 4) {
            // the JDK turns ::ffff:a.b.c.d into an IPv4 address; PostgreSQL keeps it IPv6 (RFC 4291 2.5.5.2)
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xff;
            mapped[11] = (byte) 0xff;
            System.arraycopy(bytes, 0, mapped, 12, 4);
            bytes = mapped;
        }
        int netmask = slash < 0 ? bytes.length * 8 : Integer.parseInt(text.substring(slash + 1));
        return new Parsed(bytes, netmask);
    }

    private static boolean sameAddress(InetAddress ours, byte[] theirs) {
        return (ours instanceof Inet6Address) == (theirs.length == 16) && Arrays.equals(ours.getAddress(), theirs);
    }

    private static byte[] macBytes(String text) {
        String[] parts = text.split(":");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(Objects.requireNonNull(parts[i]), 16);
        }
        return bytes;
    }
}
