package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An application without JTS: the registry builds, offers no PostGIS codec, and geometry and geography read
 * as the hex EWKB text, as every type without a codec. Runs only in the surefire execution {@code without-jts}
 * of this module's POM, which takes jts-core off the test class path (skipped elsewhere).
 */
class WithoutJtsTest {

    @BeforeAll
    static void onlyWithoutJts() {
        assumeTrue(Boolean.getBoolean("pgfast.test.withoutJts"),
                "runs in the surefire execution without-jts, which takes JTS off the class path");
    }

    private static final String POINT_4326 = "0101000020E6100000000000000000F03F0000000000000040";

    @Test
    void jtsIsAbsentHere() {
        assertThat(PostgisCodecs.jtsPresent(getClass().getClassLoader())).isFalse();
        assertThatThrownBy(() -> Class.forName("org.locationtech.jts.geom.Geometry")).isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void geometryReadsAsItsHexText() {
        assertThat(PostgisCodecs.available()).isEmpty();
        assertThat(DefaultCodecRegistry.builtins().extensionTypeNames()).doesNotContain("geometry", "geography")
                .contains("hstore", "vector");
        PgType geometry = PgType.builder(17436, "geometry").schema("public").arrayOid(17443).build();
        PgType array = PgType.builder(17443, "_geometry").schema("public").category('A').elementOid(17436).build();
        CodecRegistry registry = DefaultCodecRegistry.builtins().withTypes(List.of(geometry, array));
        assertThat(registry.javaType(geometry.oid())).isEqualTo(String.class);
        assertThat(registry.binaryDecodable(geometry.oid())).isFalse();
        assertThat(registry.binaryDecodable(array.oid())).isFalse();
        ByteBuf text = Unpooled.copiedBuffer(POINT_4326, StandardCharsets.US_ASCII);
        try {
            assertThat(registry.decoder(geometry.oid(), Format.TEXT).decode(text, 0, text.readableBytes())).isEqualTo(POINT_4326);
            assertThat(registry.decoder(geometry.oid(), Format.TEXT, String.class).decode(text, 0, text.readableBytes())).isEqualTo(POINT_4326);
        } finally {
            text.release();
        }
    }
}
