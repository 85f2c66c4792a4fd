package io.pgfast.codec.type;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Objects;

/**
 * A PostgreSQL {@code inet} or {@code cidr} value: an IPv4 or IPv6 address and the number of bits
 * of its network mask ("Network Address Types", section 8.9). A host address has the full mask
 * (32 or 128).
 *
 * <p>{@code cidr} values use the same class; the server rejects a {@code cidr} with bits set to the
 * right of the mask, this class does not check that.
 *
 * <p>An IPv4-mapped IPv6 address ({@code ::ffff:1.2.3.4}) stays an IPv6 address here when it is
 * created with {@link java.net.Inet6Address#getByAddress(String, byte[], int)}, as the decoders
 * do; {@link InetAddress#getByAddress(byte[])} would turn it into an IPv4 address.
 *
 * @param address the address
 * @param netmask the network mask length in bits: 0..32 for IPv4, 0..128 for IPv6
 */
public record Inet(InetAddress address, int netmask) {

    /**
     * @throws IllegalArgumentException if the mask length is outside the address family's range
     */
    public Inet {
        Objects.requireNonNull(address, "address");
        int max = maxBits(address);
        if (netmask < 0 || netmask > max) {
            throw new IllegalArgumentException("invalid netmask /" + netmask + " for " + address.getHostAddress()
                    + " (0.." + max + ")");
        }
    }

    /** A host address: the mask covers the whole address (/32 or /128). */
    public static Inet of(InetAddress address) {
        return new Inet(address, maxBits(address));
    }

    /** The largest mask length of the address family: 32 for IPv4, 128 for IPv6. */
    public static int maxBits(InetAddress address) {
        return address instanceof Inet4Address ? 32 : 128;
    }

    /**
     * The value in the notation of PostgreSQL's output ({@code 192.168.0.1/24}, {@code 2001:db8::/32},
     * {@code ::ffff:1.2.3.4/128}); the mask is always written, which both inet and cidr input accept.
     */
    @Override
    public String toString() {
        return InetAddressText.format(address.getAddress()) + "/" + netmask;
    }
}
