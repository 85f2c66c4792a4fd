package io.pgfast.it.roundtrip;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values of a megabyte, each far larger than one socket read: they arrive as one DataRow framed from
 * many reads, in both formats (bytea's text form is twice as long again).
 */
@RequiresPostgres
class LargeValueRoundTripTest {

    private static final int MEGABYTE = 1 << 20;

    private static RoundTrip db;

    @BeforeAll
    static void open() {
        db = RoundTrip.open();
    }

    @AfterAll
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    @Test
    void megabyteOfText() {
        Random random = new Random(20240601L);
        StringBuilder b = new StringBuilder(MEGABYTE);
        while (b.length() < MEGABYTE) {
            // ASCII, two-, three- and four-byte UTF-8 sequences
            int kind = random.nextInt(4);
            int cp = kind == 0 ? 1 + random.nextInt(0x7F) : kind == 1 ? 0x80 + random.nextInt(0x780)
                    : kind == 2 ? 0xE000 + random.nextInt(0x1000) : 0x10000 + random.nextInt(0x10000);
            b.appendCodePoint(cp);
        }
        String v = b.toString();
        assertThat(v.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(MEGABYTE);
        db.check("text", v, String.class, v);
    }

    @Test
    void megabyteOfBytea() {
        byte[] v = new byte[MEGABYTE];
        new Random(20240602L).nextBytes(v);
        db.check("bytea", v, byte[].class, ServerText.bytea(v));
    }
}
