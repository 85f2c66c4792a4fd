package io.pgfast.transport.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DerTest {

    @Test
    void readsShortAndLongLengths() {
        byte[] shortForm = {0x04, 0x02, 0x11, 0x22};
        Der.Element e = Der.read(shortForm, 0, shortForm.length);
        assertThat(e.tag()).isEqualTo(Der.OCTET_STRING);
        assertThat(e.contentStart()).isEqualTo(2);
        assertThat(e.end()).isEqualTo(4);

        byte[] content = new byte[70000];
        byte[] longForm = Der.write(Der.OCTET_STRING, content);
        assertThat(longForm).startsWith(0x04, 0x83, 0x01, 0x11, 0x70); // tag, 3 length bytes, 70000
        Der.Element big = Der.read(longForm, 0, longForm.length);
        assertThat(big.end() - big.contentStart()).isEqualTo(70000);
        assertThat(Der.write(Der.SEQUENCE, new byte[200])).startsWith(0x30, 0x81, 0xC8);
    }

    @Test
    void decodesObjectIdentifiers() {
        byte[] rsa = {0x06, 0x09, 0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x01, 0x01};
        assertThat(Der.oid(rsa, Der.read(rsa, 0, rsa.length))).isEqualTo("1.2.840.113549.1.1.1");
        byte[] ed25519 = {0x06, 0x03, 0x2B, 0x65, 0x70};
        assertThat(Der.oid(ed25519, Der.read(ed25519, 0, ed25519.length))).isEqualTo("1.3.101.112");
        byte[] arc2 = {0x06, 0x03, 0x60, (byte) 0x86, 0x48}; // 2.16.840
        assertThat(Der.oid(arc2, Der.read(arc2, 0, arc2.length))).isEqualTo("2.16.840");
    }

    @Test
    void rejectsMalformedInput() {
        assertThatThrownBy(() -> Der.read(new byte[] {0x30}, 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("truncated");
        assertThatThrownBy(() -> Der.read(new byte[] {0x30, 0x05, 0x00}, 0, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than its container");
        assertThatThrownBy(() -> Der.read(new byte[] {0x30, (byte) 0x80, 0x00}, 0, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad DER length");
        assertThatThrownBy(() -> Der.read(new byte[] {0x30, (byte) 0x85, 1, 1, 1, 1, 1}, 0, 7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad DER length");
        assertThatThrownBy(() -> Der.read(new byte[] {0x30, (byte) 0x84, 0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}, 0, 6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("longer than its container");
        assertThatThrownBy(() -> Der.read(new byte[] {0x1F, 0x01, 0x00}, 0, 3)).isInstanceOf(IllegalArgumentException.class);
        byte[] unterminatedOid = {0x06, 0x02, 0x2A, (byte) 0x86};
        assertThatThrownBy(() -> Der.oid(unterminatedOid, Der.read(unterminatedOid, 0, 4)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated OBJECT IDENTIFIER");
        byte[] notOid = {0x04, 0x01, 0x00};
        assertThatThrownBy(() -> Der.oid(notOid, Der.read(notOid, 0, 3))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Der.expect(notOid, 0, 3, Der.SEQUENCE, "a SEQUENCE"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected a SEQUENCE");
    }
}
