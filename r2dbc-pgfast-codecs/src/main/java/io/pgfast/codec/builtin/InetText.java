package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.AsciiNumbers;

/**
 * Reads the text form of inet and cidr values as inet_out and cidr_out write them: an IPv4
 * dotted-quad or an IPv6 address (hex groups, one {@code ::} at most, optionally ending in a
 * dotted quad), then optionally {@code /bits}. Without a mask the address is a host (/32, /128).
 * The abbreviated IPv4 forms cidr input also accepts ({@code 10/8}) are not read, since the
 * server writes all four parts.
 *
 * <p>The address is parsed here, never handed to {@link java.net.InetAddress#getByName}, which
 * could start a DNS lookup for text that is not a literal.
 */
final class InetText {

    /** An address and its mask length, as parsed. */
    static final class Parsed {
        final byte[] address;
        final int bits;

        Parsed(byte[] address, int bits) {
            this.address = address;
            this.bits = bits;
        }
    }

    private InetText() {
    }

    static Parsed parse(ByteBuf buf, int index, int length, String typeName) {
        int end = index + length;
        int slash = buf.indexOf(index, end, (byte) '/');
        int addrEnd = slash < 0 ? end : slash;
        boolean v6 = buf.indexOf(index, addrEnd, (byte) ':') >= 0;
        byte[] address = v6 ? ipv6(buf, index, addrEnd, typeName) : ipv4(buf, index, addrEnd, typeName);
        int max = address.length * 8;
        if (slash < 0) {
            return new Parsed(address, max);
        }
        int bits = decimal(buf, slash + 1, end, 3, typeName);
        if (bits > max) {
            throw malformed(typeName, "mask /" + bits + " is longer than " + max + " bits");
        }
        return new Parsed(address, bits);
    }

    private static byte[] ipv4(ByteBuf buf, int from, int to, String typeName) {
        byte[] out = new byte[4];
        if (ipv4Into(buf, from, to, out, 0) < 0) {
            throw malformed(typeName, "invalid IPv4 address");
        }
        return out;
    }

    /** Parses a dotted quad into {@code out[at..at+4)}; returns -1 if it is not one. */
    private static int ipv4Into(ByteBuf buf, int from, int to, byte[] out, int at) {
        int pos = from;
        for (int part = 0; part < 4; part++) {
            if (part > 0) {
                if (pos >= to || buf.getByte(pos) != '.') {
                    return -1;
                }
                pos++;
            }
            int start = pos;
            int v = 0;
            while (pos < to && pos - start < 3 && buf.getByte(pos) >= '0' && buf.getByte(pos) <= '9') {
                v = v * 10 + (buf.getByte(pos++) - '0');
            }
            if (pos == start || v > 255) {
                return -1;
            }
            out[at + part] = (byte) v;
        }
        return pos == to ? 4 : -1;
    }

    private static byte[] ipv6(ByteBuf buf, int from, int to, String typeName) {
        byte[] out = new byte[16];
        int[] groups = new int[8];
        int count = 0;
        int gap = -1;
        int pos = from;
        if (to - from >= 2 && buf.getByte(pos) == ':' && buf.getByte(pos + 1) == ':') {
            gap = 0;
            pos += 2;
        } else if (pos < to && buf.getByte(pos) == ':') {
            throw malformed(typeName, "invalid IPv6 address");
        }
        int tailIpv4 = -1;
        while (pos < to) {
            if (count == 8) {
                throw malformed(typeName, "invalid IPv6 address: more than 8 groups");
            }
            int start = pos;
            int v = 0;
            while (pos < to && pos - start < 4 && AsciiNumbers.hexDigit(buf.getByte(pos)) >= 0) {
                v = (v << 4) | AsciiNumbers.hexDigit(buf.getByte(pos++));
            }
            if (pos < to && buf.getByte(pos) == '.') {
                tailIpv4 = start;
                break;
            }
            if (pos == start) {
                throw malformed(typeName, "invalid IPv6 address");
            }
            groups[count++] = v;
            if (pos == to) {
                break;
            }
            if (buf.getByte(pos) != ':') {
                throw malformed(typeName, "invalid IPv6 address");
            }
            pos++;
            if (pos < to && buf.getByte(pos) == ':') {
                if (gap >= 0) {
                    throw malformed(typeName, "invalid IPv6 address: two '::'");
                }
                gap = count;
                pos++;
            } else if (pos == to) {
                throw malformed(typeName, "invalid IPv6 address: trailing ':'");
            }
        }
        int words = count;
        if (tailIpv4 >= 0) {
            if (count > 6 || ipv4Into(buf, tailIpv4, to, out, 12) < 0) {
                throw malformed(typeName, "invalid IPv6 address: bad embedded IPv4 part");
            }
            words += 2;
        }
        if (gap < 0 ? words != 8 : words > 7) {
            throw malformed(typeName, "invalid IPv6 address: " + words + " groups");
        }
        int zeros = 8 - words;
        int w = 0;
        for (int g = 0; g < count; g++) {
            if (g == gap) {
                w += zeros;
            }
            out[2 * w] = (byte) (groups[g] >> 8);
            out[2 * w + 1] = (byte) groups[g];
            w++;
        }
        return out;
    }

    private static int decimal(ByteBuf buf, int from, int to, int maxDigits, String typeName) {
        if (to == from || to - from > maxDigits) {
            throw malformed(typeName, "invalid mask length");
        }
        int v = 0;
        for (int i = from; i < to; i++) {
            byte b = buf.getByte(i);
            if (b < '0' || b > '9') {
                throw malformed(typeName, "invalid mask length");
            }
            v = v * 10 + (b - '0');
        }
        return v;
    }

    private static CodecException malformed(String typeName, String detail) {
        return new CodecException("malformed " + typeName + " literal: " + detail);
    }
}
