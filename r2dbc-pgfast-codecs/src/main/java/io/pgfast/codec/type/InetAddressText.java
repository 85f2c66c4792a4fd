package io.pgfast.codec.type;

/**
 * Writes IP addresses the way PostgreSQL's {@code inet_net_ntop} does: IPv4 dotted decimal; IPv6 in
 * lower-case hex groups with the longest run of two or more zero groups (the first, on a tie)
 * written as {@code ::}, and the last 32 bits in dotted decimal for IPv4-compatible
 * ({@code ::1.2.3.4}) and IPv4-mapped ({@code ::ffff:1.2.3.4}) addresses. Used by {@link Inet} and
 * by the inet/cidr codecs, so both print addresses as the server does.
 */
public final class InetAddressText {

    private InetAddressText() {
    }

    /**
     * The text of a 4-byte (IPv4) or 16-byte (IPv6) address.
     *
     * @throws IllegalArgumentException for any other length
     */
    public static String format(byte[] addr) {
        if (addr.length == 4) {
            return dotted(addr, 0);
        }
        if (addr.length != 16) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, not " + addr.length);
        }
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = ((addr[2 * i] & 0xff) << 8) | (addr[2 * i + 1] & 0xff);
        }
        int bestBase = -1;
        int bestLen = 0;
        int curBase = -1;
        int curLen = 0;
        for (int i = 0; i < 8; i++) {
            if (words[i] == 0) {
                if (curBase < 0) {
                    curBase = i;
                    curLen = 0;
                }
                curLen++;
                if (curLen > bestLen) {
                    bestBase = curBase;
                    bestLen = curLen;
                }
            } else {
                curBase = -1;
            }
        }
        if (bestLen < 2) {
            bestBase = -1;
        }
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (bestBase >= 0 && i >= bestBase && i < bestBase + bestLen) {
                if (i == bestBase) {
                    sb.append(':');
                }
                continue;
            }
            if (i != 0) {
                sb.append(':');
            }
            boolean embeddedIpv4 = i == 6 && bestBase == 0 && (bestLen == 6 || (bestLen == 5 && words[5] == 0xffff));
            if (embeddedIpv4) {
                sb.append(dotted(addr, 12));
                return sb.toString();
            }
            sb.append(Integer.toHexString(words[i]));
        }
        if (bestBase >= 0 && bestBase + bestLen == 8) {
            sb.append(':');
        }
        return sb.toString();
    }

    private static String dotted(byte[] addr, int from) {
        return (addr[from] & 0xff) + "." + (addr[from + 1] & 0xff) + "." + (addr[from + 2] & 0xff) + "." + (addr[from + 3] & 0xff);
    }
}
