package io.pgfast.transport.tls;

import java.io.ByteArrayOutputStream;

/**
 * The few ASN.1 DER operations key loading needs (ITU-T X.690): read one element, decode an
 * OBJECT IDENTIFIER, write an element. Single-byte tags only, which is all PKCS#1, PKCS#8 and SEC1
 * use. Malformed input ends in an {@link IllegalArgumentException}, never an index exception.
 */
final class Der {

    static final int INTEGER = 0x02;
    static final int OCTET_STRING = 0x04;
    static final int OBJECT_IDENTIFIER = 0x06;
    static final int SEQUENCE = 0x30;
    /** [0] EXPLICIT, constructed: SEC1's ECPrivateKey.parameters. */
    static final int CONTEXT_0 = 0xA0;

    /** One element: its tag and where its contents lie in the buffer. */
    record Element(int tag, int contentStart, int contentEnd) {

        /** Offset just past this element. */
        int end() {
            return contentEnd;
        }
    }

    private Der() {
    }

    /** Reads the element starting at {@code offset} that must end by {@code limit}. */
    static Element read(byte[] der, int offset, int limit) {
        if (offset < 0 || limit > der.length || offset + 2 > limit) {
            throw new IllegalArgumentException("truncated DER element");
        }
        int tag = der[offset] & 0xFF;
        if ((tag & 0x1F) == 0x1F) {
            throw new IllegalArgumentException("multi-byte DER tags are not expected here");
        }
        int first = der[offset + 1] & 0xFF;
        int pos = offset + 2;
        long length;
        if (first < 0x80) {
            length = first;
        } else {
            int count = first & 0x7F;
            // a key file is far below 2 GiB: four length bytes suffice; 0x80 (indefinite) is not DER
            if (count == 0 || count > 4 || pos + count > limit) {
                throw new IllegalArgumentException("bad DER length");
            }
            length = 0;
            for (int i = 0; i < count; i++) {
                length = (length << 8) | (der[pos++] & 0xFF);
            }
        }
        if (length > limit - pos) {
            throw new IllegalArgumentException("DER element longer than its container");
        }
        return new Element(tag, pos, pos + (int) length);
    }

    /** Reads an element and checks its tag. */
    static Element expect(byte[] der, int offset, int limit, int tag, String what) {
        Element e = read(der, offset, limit);
        if (e.tag() != tag) {
            throw new IllegalArgumentException("expected " + what + " in DER, found tag 0x" + Integer.toHexString(e.tag()));
        }
        return e;
    }

    /** The dotted form of an OBJECT IDENTIFIER's contents, such as {@code 1.2.840.10045.2.1}. */
    static String oid(byte[] der, Element e) {
        if (e.tag() != OBJECT_IDENTIFIER || e.contentStart() == e.contentEnd()) {
            throw new IllegalArgumentException("expected an OBJECT IDENTIFIER in DER");
        }
        StringBuilder b = new StringBuilder();
        long value = 0;
        boolean first = true;
        for (int i = e.contentStart(); i < e.contentEnd(); i++) {
            int octet = der[i] & 0xFF;
            if (value > (Long.MAX_VALUE >> 7)) {
                throw new IllegalArgumentException("OBJECT IDENTIFIER component too large");
            }
            value = (value << 7) | (octet & 0x7F);
            if ((octet & 0x80) != 0) {
                continue;
            }
            if (first) {
                // the first octet(s) encode 40 * arc1 + arc2, arc1 being 0, 1 or 2
                long arc1 = Math.min(value / 40, 2);
                b.append(arc1).append('.').append(value - arc1 * 40);
                first = false;
            } else {
                b.append('.').append(value);
            }
            value = 0;
        }
        if (value != 0 || first) {
            throw new IllegalArgumentException("truncated OBJECT IDENTIFIER");
        }
        return b.toString();
    }

    /** Encodes one element: tag, definite length, then the concatenated contents. */
    static byte[] write(int tag, byte[]... contents) {
        int length = 0;
        for (byte[] c : contents) {
            length += c.length;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 6);
        out.write(tag);
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = length > 0xFFFFFF ? 4 : length > 0xFFFF ? 3 : length > 0xFF ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        for (byte[] c : contents) {
            out.writeBytes(c);
        }
        return out.toByteArray();
    }

    /** A copy of an element, header included. */
    static byte[] copyElement(byte[] der, int start, Element e) {
        byte[] copy = new byte[e.end() - start];
        System.arraycopy(der, start, copy, 0, copy.length);
        return copy;
    }
}
