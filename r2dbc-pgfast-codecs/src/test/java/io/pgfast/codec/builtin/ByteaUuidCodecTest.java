package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.UUID;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteaUuidCodecTest {

    private static final byte[] BYTES = {0x00, (byte) 0xFF, 0x5C, 0x41};

    @Test
    void byteaInHexEscapeAndBinaryFormats() {
        assertThat(REGISTRY.javaType(Oid.BYTEA)).isEqualTo(ByteBuffer.class);
        assertThat(text(Oid.BYTEA, byte[].class, "\\x00ff5c41")).isEqualTo(BYTES);
        assertThat(text(Oid.BYTEA, byte[].class, "\\x00FF5C41")).isEqualTo(BYTES);
        // bytea_output = escape, as PostgreSQL 18 prints '\x00ff5c4120': octal, a doubled backslash, printable as is
        assertThat(text(Oid.BYTEA, byte[].class, "\\000\\377\\\\A ")).isEqualTo(hex("00ff5c4120"));
        assertThat(text(Oid.BYTEA, byte[].class, "")).isEmpty();
        assertThat(text(Oid.BYTEA, byte[].class, "\\x")).isEmpty();
        assertThat(binary(Oid.BYTEA, byte[].class, BYTES)).isEqualTo(BYTES);
        assertThat(binary(Oid.BYTEA, BYTES)).isEqualTo(ByteBuffer.wrap(BYTES));
        assertThat(text(Oid.BYTEA, "\\x00ff5c41")).isEqualTo(ByteBuffer.wrap(BYTES));
        assertThat(binary(Oid.BYTEA, String.class, BYTES)).isEqualTo("\\x00ff5c41");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\x0", "\\x0g", "\\x 00", "\\", "a\\b", "\\400", "\\12", "\\\\\\"})
    void rejectsMalformedByteaText(String text) {
        assertThatThrownBy(() -> text(Oid.BYTEA, byte[].class, text)).isInstanceOf(CodecException.class)
                .hasMessageStartingWith("invalid bytea text value");
    }

    @Test
    void encodesByteArraysAndBuffersWithoutMovingThem() {
        assertThat(encode(BYTES)).isEqualTo(BYTES);
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 0x00, (byte) 0xFF, 0x5C, 0x41});
        buffer.position(1);
        assertThat(encode(buffer)).isEqualTo(BYTES);
        assertThat(buffer.position()).isEqualTo(1);
        ByteBuffer direct = ByteBuffer.allocateDirect(4).put(BYTES).flip();
        assertThat(encode(direct)).isEqualTo(BYTES);
        assertThat(REGISTRY.nullOid(ByteBuffer.class)).isEqualTo(Oid.BYTEA);
        assertThat(REGISTRY.nullOid(byte[].class)).isEqualTo(Oid.BYTEA);
    }

    @Property(tries = 100)
    void byteaRoundTrips(@ForAll byte[] value) {
        assertThat(roundTrip(value, byte[].class)).isEqualTo(value);
        assertThat(text(Oid.BYTEA, byte[].class, ByteaCodec.hex(value))).isEqualTo(value);
    }

    @Test
    void uuidInBothFormats() {
        UUID uuid = UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
        byte[] golden = hex("a0eebc999c0b4ef8 bb6d6bb9bd380a11"); // uuid_send: most significant bits, least significant bits
        assertThat(binary(Oid.UUID, golden)).isEqualTo(uuid);
        assertThat(text(Oid.UUID, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")).isEqualTo(uuid);
        assertThat(text(Oid.UUID, "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11")).isEqualTo(uuid);
        assertThat(binary(Oid.UUID, String.class, golden)).isEqualTo("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
        assertThat(encode(uuid)).isEqualTo(golden);
        assertThat(REGISTRY.nullOid(UUID.class)).isEqualTo(Oid.UUID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", "a0eebc99x9c0b-4ef8-bb6d-6bb9bd380a11",
            "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc999c0b4ef8bb6d6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1-"})
    void rejectsMalformedUuids(String text) {
        assertThatThrownBy(() -> text(Oid.UUID, text)).isInstanceOf(CodecException.class).hasMessageStartingWith("invalid uuid text value");
        assertThatThrownBy(() -> binary(Oid.UUID, hex("00"))).isInstanceOf(CodecException.class);
    }

    @Property(tries = 100)
    void uuidRoundTrips(@ForAll long high, @ForAll long low) {
        UUID uuid = new UUID(high, low);
        assertThat(roundTrip(uuid, UUID.class)).isEqualTo(uuid);
        assertThat(text(Oid.UUID, uuid.toString())).isEqualTo(uuid);
    }
}
