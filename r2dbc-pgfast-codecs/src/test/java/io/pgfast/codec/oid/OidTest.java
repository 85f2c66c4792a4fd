package io.pgfast.codec.oid;

import io.pgfast.codec.PgType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The generated table agrees with itself and with the pg_type rows it was generated from. */
class OidTest {

    private static final List<PgType> TYPES = Oid.builtinTypes();

    private static Map<Integer, PgType> byOid() {
        Map<Integer, PgType> map = new HashMap<>();
        for (PgType type : TYPES) {
            assertThat(map.put(type.oid(), type)).as("duplicate oid %s", type).isNull();
        }
        return map;
    }

    @Test
    void namesAndOidsAreUniqueAndBelowTheBound() {
        Set<String> names = new HashSet<>();
        for (PgType type : TYPES) {
            assertThat(names.add(type.name())).as(type.name()).isTrue();
            assertThat(type.oid()).isBetween(1, Oid.BUILTIN_BOUND - 1);
        }
        byOid();
    }

    @Test
    void arrayAndElementRelationsAreMutual() {
        Map<Integer, PgType> types = byOid();
        for (PgType type : TYPES) {
            if (type.isArray()) {
                PgType element = types.get(type.elementOid());
                assertThat(element).as("element of %s", type).isNotNull();
                // int2vector and oidvector are arrays of int2/oid too, but not *the* array type of them
                if (type.oid() != Oid.INT2VECTOR && type.oid() != Oid.OIDVECTOR) {
                    assertThat(element.arrayOid()).as("array of %s", element).isEqualTo(type.oid());
                }
            }
            if (type.arrayOid() != 0) {
                assertThat(types.get(type.arrayOid()).elementOid()).isEqualTo(type.oid());
            }
        }
        assertThat(types.get(Oid.INT4).arrayOid()).isEqualTo(Oid.INT4_ARRAY);
        assertThat(types.get(Oid.TEXT_ARRAY).elementOid()).isEqualTo(Oid.TEXT);
        assertThat(types.get(Oid.INT4MULTIRANGE).rangeOid()).isEqualTo(Oid.INT4RANGE);
        assertThat(types.get(Oid.NUMRANGE).rangeSubtypeOid()).isEqualTo(Oid.NUMERIC);
    }

    @Test
    void wellKnownOidsAreStable() {
        assertThat(Oid.BOOL).isEqualTo(16);
        assertThat(Oid.INT8).isEqualTo(20);
        assertThat(Oid.INT4).isEqualTo(23);
        assertThat(Oid.TEXT).isEqualTo(25);
        assertThat(Oid.FLOAT8).isEqualTo(701);
        assertThat(Oid.VARCHAR).isEqualTo(1043);
        assertThat(Oid.TIMESTAMPTZ).isEqualTo(1184);
        assertThat(Oid.NUMERIC).isEqualTo(1700);
        assertThat(Oid.UUID).isEqualTo(2950);
        assertThat(Oid.JSONB).isEqualTo(3802);
    }

    /** Every stable (below 10000), non-catalog row of the newest capture is in the table with the same facts. */
    @Test
    void matchesTheCapturedRowsOfTheNewestMajor() throws IOException {
        Path tsv = Path.of("src/gen/pg_type-18.tsv");
        Map<Integer, PgType> types = byOid();
        Set<Integer> composites = new HashSet<>();
        List<String> lines = Files.readAllLines(tsv);
        for (String line : lines) {
            String[] f = line.split("\t");
            if (f[6].equals("c")) {
                composites.add(Integer.parseInt(f[0]));
            }
        }
        int checked = 0;
        for (String line : lines) {
            String[] f = line.split("\t");
            int oid = Integer.parseInt(f[0]);
            if (oid >= Oid.BUILTIN_BOUND || composites.contains(oid) || composites.contains(Integer.parseInt(f[3]))) {
                continue;
            }
            PgType type = types.get(oid);
            assertThat(type).as(line).isNotNull();
            assertThat(type.name()).isEqualTo(f[1]);
            assertThat(type.arrayOid()).isEqualTo(composites.contains(Integer.parseInt(f[2])) ? 0 : Integer.parseInt(f[2]));
            assertThat(type.elementOid()).isEqualTo(Integer.parseInt(f[3]));
            assertThat(type.category()).isEqualTo(f[4].charAt(0));
            assertThat(type.length()).isEqualTo(Short.parseShort(f[5]));
            assertThat(type.kind().code()).isEqualTo(f[6].charAt(0));
            checked++;
        }
        assertThat(checked).isGreaterThan(150);
    }
}
