package io.pgfast.reliability;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Changes valid encodings the way a broken or hostile peer would: bit flips, bytes and Int16/Int32
 * fields set to boundary values (0, -1, the largest and smallest values, lengths just off by one),
 * bytes inserted, deleted, duplicated, the tail cut off, two inputs spliced. Deterministic for a given
 * {@link Random}.
 */
final class Mutator {

    /** Bytes that mean something to a text or binary parser. */
    private static final byte[] INTERESTING_BYTES = {
        0, 1, 2, 3, 4, 0x7F, (byte) 0x80, (byte) 0xFF, (byte) 0xFE, (byte) 0xC0, (byte) 0xE0, (byte) 0xF0,
        '-', '+', '.', ',', ';', ':', '{', '}', '(', ')', '[', ']', '"', '\\', '\'', ' ', '\n',
        'e', 'E', 'N', 'n', 'I', 'i', 'T', 't', 'f', '0', '9', 'x', '/', '@', '=', '>'};

    /** Int32 values at the edges of lengths, counts, dimensions and OIDs. */
    private static final int[] INTERESTING_INTS = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
        0x7FFFFFFF, 0x80000000, 0x7FFFFFFE, 0x40000000, 0x3FFFFFFF, 1 << 20, 1 << 24, 23, 25, 1700};

    private Mutator() {
    }

    /** One to {@code maxMutations} mutations of {@code seed}, drawing a second input from {@code others} for splices. */
    static byte[] mutate(byte[] seed, List<byte[]> others, Random random, int maxMutations) {
        byte[] out = seed;
        int mutations = 1 + random.nextInt(maxMutations);
        for (int m = 0; m < mutations; m++) {
            out = mutateOnce(out, others, random);
        }
        return out;
    }

    static byte[] mutateOnce(byte[] in, List<byte[]> others, Random random) {
        if (in.length == 0) {
            return randomBytes(random, 1 + random.nextInt(8));
        }
        byte[] out = in.clone();
        int at = random.nextInt(in.length);
        switch (random.nextInt(12)) {
            case 0:
                out[at] ^= (byte) (1 << random.nextInt(8));
                return out;
            case 1:
            case 2:
                out[at] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                return out;
            case 3:
                out[at] = (byte) random.nextInt(256);
                return out;
            case 4:
            case 5:
                return putInt(out, at, interestingInt(random, in.length));
            case 6:
                return putShort(out, at, interestingInt(random, in.length));
            case 7:
                return insert(in, at, randomBytes(random, 1 + random.nextInt(8)));
            case 8:
                return delete(in, at, 1 + random.nextInt(Math.min(8, in.length - at)));
            case 9:
                return Arrays.copyOf(in, at);
            case 10: {
                int length = 1 + random.nextInt(Math.min(16, in.length - at));
                return insert(in, at, Arrays.copyOfRange(in, at, at + length));
            }
            default: {
                byte[] other = others.isEmpty() ? in : others.get(random.nextInt(others.size()));
                int from = other.length == 0 ? 0 : random.nextInt(other.length);
                byte[] head = Arrays.copyOf(in, at);
                byte[] tail = Arrays.copyOfRange(other, from, other.length);
                return insert(head, head.length, tail);
            }
        }
    }

    /** A boundary value, or the input's own length off by a little (a length field that almost fits). */
    static int interestingInt(Random random, int inputLength) {
        if (random.nextInt(4) == 0) {
            return inputLength + random.nextInt(9) - 4;
        }
        return INTERESTING_INTS[random.nextInt(INTERESTING_INTS.length)];
    }

    static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        if (random.nextBoolean()) {
            random.nextBytes(bytes);
        } else {
            for (int i = 0; i < length; i++) {
                bytes[i] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
            }
        }
        return bytes;
    }

    private static byte[] putInt(byte[] out, int at, int value) {
        for (int i = 0; i < 4 && at + i < out.length; i++) {
            out[at + i] = (byte) (value >>> (24 - 8 * i));
        }
        return out;
    }

    private static byte[] putShort(byte[] out, int at, int value) {
        for (int i = 0; i < 2 && at + i < out.length; i++) {
            out[at + i] = (byte) (value >>> (8 - 8 * i));
        }
        return out;
    }

    private static byte[] insert(byte[] in, int at, byte[] bytes) {
        byte[] out = new byte[in.length + bytes.length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(bytes, 0, out, at, bytes.length);
        System.arraycopy(in, at, out, at + bytes.length, in.length - at);
        return out;
    }

    private static byte[] delete(byte[] in, int at, int length) {
        byte[] out = new byte[in.length - length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(in, at + length, out, at, in.length - at - length);
        return out;
    }
}
