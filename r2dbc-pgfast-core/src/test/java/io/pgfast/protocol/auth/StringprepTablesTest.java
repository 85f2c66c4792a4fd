package io.pgfast.protocol.auth;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spot checks of the generated RFC 3454 tables against the RFC's text: a code point of every table and
 * the code points on both sides of range boundaries.
 */
class StringprepTablesTest {

    private static final Map<String, int[]> TABLES = Map.ofEntries(
            Map.entry("A.1", StringprepTables.A_1), Map.entry("B.1", StringprepTables.B_1),
            Map.entry("C.1.2", StringprepTables.C_1_2), Map.entry("C.2.1", StringprepTables.C_2_1),
            Map.entry("C.2.2", StringprepTables.C_2_2), Map.entry("C.3", StringprepTables.C_3),
            Map.entry("C.4", StringprepTables.C_4), Map.entry("C.5", StringprepTables.C_5),
            Map.entry("C.6", StringprepTables.C_6), Map.entry("C.7", StringprepTables.C_7),
            Map.entry("C.8", StringprepTables.C_8), Map.entry("C.9", StringprepTables.C_9),
            Map.entry("D.1", StringprepTables.D_1), Map.entry("D.2", StringprepTables.D_2));

    private static void assertIn(int[] table, int... codePoints) {
        for (int codePoint : codePoints) {
            assertThat(SaslPrep.in(table, codePoint)).as("U+%04X in the table", codePoint).isTrue();
        }
    }

    private static void assertNotIn(int[] table, int... codePoints) {
        for (int codePoint : codePoints) {
            assertThat(SaslPrep.in(table, codePoint)).as("U+%04X not in the table", codePoint).isFalse();
        }
    }

    @Test
    void everyTableIsSortedDisjointAndInRange() {
        TABLES.forEach((name, table) -> {
            assertThat(table.length).as(name).isPositive().isEven();
            for (int i = 0; i < table.length; i += 2) {
                assertThat(table[i]).as(name).isBetween(0, table[i + 1]);
                assertThat(table[i + 1]).as(name).isLessThanOrEqualTo(0x10FFFF);
                if (i > 0) {
                    assertThat(table[i]).as(name + " sorted, disjoint").isGreaterThan(table[i - 1]);
                }
            }
        });
        // the number of lines of each table in the RFC
        assertThat(StringprepTables.A_1).hasSize(2 * 396);
        assertThat(StringprepTables.B_1).hasSize(2 * 27);
        assertThat(StringprepTables.D_1).hasSize(2 * 34);
        assertThat(StringprepTables.D_2).hasSize(2 * 360);
    }

    @Test
    void a1IsUnicode32NotTheJdksUnicode() {
        assertIn(StringprepTables.A_1, 0x0221, 0x0234, 0x024F, 0x0560, 0x20B5, 0x1F600, 0x1D800, 0x1FFFD, 0xE0000, 0xE0002,
                0xEFFFD);
        assertNotIn(StringprepTables.A_1, 0x0000, 0x0041, 0x0220, 0x0222, 0x0233, 0x0250, 0x05D0, 0x1FFFE, 0xE0001, 0xE0020,
                0xEFFFE, 0x10FFFF);
        // assigned after Unicode 3.2: the JDK knows them, SASLprep must still call them unassigned
        for (int assignedLater : new int[] {0x0221, 0x0234, 0x0560, 0x20B5, 0x1F600}) {
            assertThat(Character.isDefined(assignedLater)).as("U+%04X defined in the JDK", assignedLater).isTrue();
        }
    }

    @Test
    void b1CommonlyMappedToNothing() {
        assertIn(StringprepTables.B_1, 0x00AD, 0x034F, 0x1806, 0x180B, 0x180D, 0x200B, 0x200D, 0x2060, 0xFE00, 0xFE0F, 0xFEFF);
        assertNotIn(StringprepTables.B_1, 0x00AC, 0x00AE, 0x180A, 0x180E, 0x200A, 0x200E, 0xFE10, 0x0020);
    }

    @Test
    void cTablesProhibitedOutput() {
        assertIn(StringprepTables.C_1_2, 0x00A0, 0x1680, 0x2000, 0x200A, 0x200B, 0x202F, 0x205F, 0x3000);
        assertNotIn(StringprepTables.C_1_2, 0x0020, 0x200C, 0x2FFF, 0x3001);
        assertIn(StringprepTables.C_2_1, 0x0000, 0x001F, 0x007F);
        assertNotIn(StringprepTables.C_2_1, 0x0020, 0x007E, 0x0080);
        assertIn(StringprepTables.C_2_2, 0x0080, 0x009F, 0x06DD, 0x070F, 0x180E, 0x200C, 0x2063, 0x206A, 0x206F, 0xFEFF,
                0xFFF9, 0xFFFC, 0x1D173, 0x1D17A);
        assertNotIn(StringprepTables.C_2_2, 0x007F, 0x00A0, 0x2064, 0xFFFD, 0x1D172, 0x1D17B);
        assertIn(StringprepTables.C_3, 0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD);
        assertNotIn(StringprepTables.C_3, 0xDFFF, 0xF900, 0xFFFFE, 0x10FFFE);
        assertIn(StringprepTables.C_4, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF);
        assertNotIn(StringprepTables.C_4, 0xFDCF, 0xFDF0, 0xFFFD, 0x1FFFD, 0x20000);
        assertIn(StringprepTables.C_5, 0xD800, 0xDBFF, 0xDC00, 0xDFFF);
        assertNotIn(StringprepTables.C_5, 0xD7FF, 0xE000);
        assertIn(StringprepTables.C_6, 0xFFF9, 0xFFFD);
        assertNotIn(StringprepTables.C_6, 0xFFF8, 0xFFFE);
        assertIn(StringprepTables.C_7, 0x2FF0, 0x2FFB);
        assertNotIn(StringprepTables.C_7, 0x2FEF, 0x2FFC);
        assertIn(StringprepTables.C_8, 0x0340, 0x0341, 0x200E, 0x200F, 0x202A, 0x202E, 0x206A, 0x206F);
        assertNotIn(StringprepTables.C_8, 0x0342, 0x2010, 0x2029, 0x202F);
        assertIn(StringprepTables.C_9, 0xE0001, 0xE0020, 0xE007F);
        assertNotIn(StringprepTables.C_9, 0xE0000, 0xE0002, 0xE001F, 0xE0080);
    }

    @Test
    void dTablesBidirectionalProperties() {
        assertIn(StringprepTables.D_1, 0x05BE, 0x05D0, 0x05EA, 0x0627, 0x0621, 0x063A, 0x200F, 0xFB1D, 0xFE76, 0xFEFC);
        assertNotIn(StringprepTables.D_1, 0x0041, 0x05BF, 0x05EB, 0x0620, 0x063B, 0x200E, 0xFEFD);
        // D.2 as the RFC lists it, surrogates and private use included (its line D800-FA2D)
        assertIn(StringprepTables.D_2, 0x0041, 0x005A, 0x0061, 0x007A, 0x00AA, 0x0220, 0x0222, 0xD800, 0xFA2D, 0x10FFFD);
        assertNotIn(StringprepTables.D_2, 0x0040, 0x005B, 0x0060, 0x007B, 0x0221, 0x05D0, 0xFA2E, 0x10FFFE);
    }
}
