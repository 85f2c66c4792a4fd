package io.pgfast.tck;

import java.util.ArrayList;
import java.util.List;

import static io.pgfast.tck.AddressMappings.INET;
import static io.pgfast.tck.AddressMappings.INET_ADDRESS;
import static io.pgfast.tck.AddressMappings.MAC_ADDRESS;
import static io.pgfast.tck.ContainerMappings.array;
import static io.pgfast.tck.ContainerMappings.flatRecord;
import static io.pgfast.tck.ContainerMappings.multirange;
import static io.pgfast.tck.ContainerMappings.range;
import static io.pgfast.tck.GeometricMappings.BOX;
import static io.pgfast.tck.GeometricMappings.CIRCLE;
import static io.pgfast.tck.GeometricMappings.LINE;
import static io.pgfast.tck.GeometricMappings.LINE_SEGMENT;
import static io.pgfast.tck.GeometricMappings.PATH;
import static io.pgfast.tck.GeometricMappings.POINT;
import static io.pgfast.tck.GeometricMappings.POLYGON;
import static io.pgfast.tck.Mapping.BIT_STRING;
import static io.pgfast.tck.Mapping.BOOLEAN;
import static io.pgfast.tck.Mapping.BYTES;
import static io.pgfast.tck.Mapping.DATE;
import static io.pgfast.tck.Mapping.DECIMAL;
import static io.pgfast.tck.Mapping.DECIMAL_AS_DOUBLE;
import static io.pgfast.tck.Mapping.DOUBLE;
import static io.pgfast.tck.Mapping.FLOAT;
import static io.pgfast.tck.Mapping.INTEGER;
import static io.pgfast.tck.Mapping.INTERVAL;
import static io.pgfast.tck.Mapping.LONG;
import static io.pgfast.tck.Mapping.LSN;
import static io.pgfast.tck.Mapping.SHORT;
import static io.pgfast.tck.Mapping.STRING;
import static io.pgfast.tck.Mapping.TIME;
import static io.pgfast.tck.Mapping.TIMESTAMP;
import static io.pgfast.tck.Mapping.TIMESTAMP_WITH_ZONE;
import static io.pgfast.tck.Mapping.TIME_WITH_ZONE;
import static io.pgfast.tck.Mapping.UUIDS;

/**
 * The literals of every type family the codecs support: ordinary values, the edges of each type's range
 * (PostgreSQL docs, chapter 8 "Data Types"), its special values and NULL.
 */
final class ConformanceTable {

    private final List<ConformanceCase> cases = new ArrayList<>();

    private ConformanceTable() {
    }

    /**
     * The user-defined types the cases use, created before our driver's first connection (it looks up the
     * database's own types then). Safe to run again.
     */
    static final List<String> SETUP = List.of(
            "DROP TYPE IF EXISTS pgfast_mood CASCADE",
            "CREATE TYPE pgfast_mood AS ENUM ('sad', 'ok', 'happy')",
            "DROP DOMAIN IF EXISTS pgfast_positive CASCADE",
            "CREATE DOMAIN pgfast_positive AS int4 CHECK (VALUE > 0)",
            "DROP DOMAIN IF EXISTS pgfast_code CASCADE",
            "CREATE DOMAIN pgfast_code AS varchar(8)",
            "DROP DOMAIN IF EXISTS pgfast_intlist CASCADE",
            "CREATE DOMAIN pgfast_intlist AS int4[]",
            "DROP TYPE IF EXISTS pgfast_posrange CASCADE",
            "CREATE TYPE pgfast_posrange AS RANGE (subtype = pgfast_positive)",
            "DROP TYPE IF EXISTS pgfast_pair CASCADE",
            "CREATE TYPE pgfast_pair AS (m pgfast_mood, n pgfast_positive, t text)");

    /** The contrib extensions the cases use, created (as superuser) before {@link #SETUP}. */
    static final List<String> EXTENSIONS = List.of(
            "CREATE EXTENSION IF NOT EXISTS citext",
            "CREATE EXTENSION IF NOT EXISTS ltree");

    /**
     * User-defined types created after our driver's first connection: it learns them when a result first
     * names them (one lookup per factory), not at connect time. Safe to run again.
     */
    static final List<String> SETUP_LATER = List.of(
            "DROP TYPE IF EXISTS pgfast_late_mood CASCADE",
            "CREATE TYPE pgfast_late_mood AS ENUM ('early', 'later')",
            "DROP DOMAIN IF EXISTS pgfast_late_count CASCADE",
            "CREATE DOMAIN pgfast_late_count AS int8",
            "DROP TYPE IF EXISTS pgfast_late_pair CASCADE",
            "CREATE TYPE pgfast_late_pair AS (m pgfast_late_mood, n pgfast_late_count)");

    static List<ConformanceCase> cases() {
        ConformanceTable t = new ConformanceTable();
        t.scalars();
        t.characters();
        t.dateTime();
        t.documents();
        t.userDefined();
        t.runtimeTypes();
        t.addressesAndBits();
        t.geometric();
        t.ranges();
        t.arrays();
        t.records();
        return List.copyOf(t.cases);
    }

    private void scalars() {
        family("bool", BOOLEAN).typed("bool", "true", "false", "yes", "0").nullOf("bool");
        family("int2", SHORT).typed("int2", "0", "32767", "-32768", "-1").nullOf("int2");
        family("int4", INTEGER).typed("int4", "0", "2147483647", "-2147483648", "42").nullOf("int4");
        family("int8", LONG).typed("int8", "0", "9223372036854775807", "-9223372036854775808", "4294967296").nullOf("int8");
        family("float4", FLOAT).typed("float4", "0", "-0", "1.5", "0.1", "3.4028235e38", "-3.4028235e38",
                "1.17549435e-38", "1.4e-45", "NaN", "Infinity", "-Infinity").nullOf("float4");
        family("float8", DOUBLE).typed("float8", "0", "-0", "0.1", "1e-300", "1.7976931348623157e308",
                "-1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "NaN", "Infinity", "-Infinity",
                "3.141592653589793").nullOf("float8");
        family("numeric", DECIMAL).typed("numeric", "0", "0.00", "-12.340", "1", "-1", "9999", "10000", "0.0001",
                        "9999.9999", "-0.5", "123456789012345678901234567890.123456789",
                        "1e100", "1e-100", "0.000000000000000000000000000000000000000000000001",
                        "-99999999999999999999999999999999999999.99999999999999999999")
                .expressions("3.14159::numeric(10,4)", "12345.678::numeric(20,0)", "power(10::numeric, 1000)",
                        "1::numeric / 3", "'-0.000'::numeric")
                .nullOf("numeric");
        family("numeric", DECIMAL_AS_DOUBLE).typed("numeric", "NaN");
        family("numeric", DECIMAL_AS_DOUBLE).since(14).typed("numeric", "Infinity", "-Infinity");
        family("bytea", BYTES).typed("bytea", "\\x", "\\xdeadbeef", "\\x00", "abc\\000def")
                .expressions("decode(repeat('00ff', 5000), 'hex')").nullOf("bytea");
        family("uuid", UUIDS).typed("uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "00000000-0000-0000-0000-000000000000",
                "ffffffff-ffff-ffff-ffff-ffffffffffff", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
                "{a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11}").nullOf("uuid");
        family("money", STRING).typed("money", "1234.56", "-0.01", "0", "92233720368547758.07").nullOf("money");
        family("oid", LONG).typed("oid", "0", "4294967295", "1259").nullOf("oid");
        family("regtype", STRING).typed("regtype", "int4", "character varying", "int4[]");
        family("regclass", STRING).typed("regclass", "pg_class");
    }

    private void characters() {
        family("text", STRING).typed("text", "", "hello", "ünïcödé ✓ 😀", "it's", "tab\there\nnewline", " padded ")
                .expressions("repeat('x', 100000)", "repeat('é', 3000)", "E'\\\\x41'").nullOf("text");
        family("varchar", STRING).typed("varchar", "abc", "").expressions("'abcdef'::varchar(3)").nullOf("varchar");
        family("bpchar", STRING).expressions("'ab'::char(5)", "'x'::char", "''::char(3)", "'ü'::char(2)").nullOf("bpchar");
        family("name", STRING).typed("name", "pg_class", "Mixed Case").expressions("repeat('n', 70)::name").nullOf("name");
        family("\"char\"", STRING).typed("\"char\"", "a", "", "Z").nullOf("\"char\"");
        // a byte of 128 or more: charout prints it as \ooo since PostgreSQL 15 (as a raw byte before)
        family("\"char\"", STRING).since(15).expressions("chr(200)::\"char\"");
    }

    private void dateTime() {
        family("date", DATE).typed("date", "2024-02-29", "1970-01-01", "2000-01-01", "1999-12-31", "0001-01-01",
                "9999-12-31", "0001-12-31 BC", "0044-03-15 BC", "4713-01-01 BC", "5874897-12-31",
                "infinity", "-infinity").nullOf("date");
        family("time", TIME).typed("time", "00:00", "23:59:59.999999", "12:34:56.789", "00:00:00.000001", "24:00:00")
                .expressions("'12:34:56.789'::time(1)").nullOf("time");
        family("timetz", TIME_WITH_ZONE).typed("timetz", "12:34:56+05:30", "00:00:00+00", "23:59:59.999999-14:59",
                "04:05:06.789-08", "12:00:00+05:45", "12:00:00-09:30", "00:00:00.000001+15:59").nullOf("timetz");
        family("timestamp", TIMESTAMP).typed("timestamp", "2024-02-29 12:34:56.789012", "1970-01-01 00:00",
                        "2000-01-01 00:00", "0001-01-01 00:00:00", "9999-12-31 23:59:59.999999",
                        "0001-12-31 23:59:59 BC", "0044-03-15 12:00 BC", "4713-01-01 00:00 BC",
                        "294276-12-31 23:59:59.999999", "infinity", "-infinity")
                .expressions("'2024-01-01 12:00:00.5'::timestamp(0)").nullOf("timestamp");
        family("timestamptz", TIMESTAMP_WITH_ZONE).typed("timestamptz", "2024-02-29 12:34:56.789012+00",
                        "1970-01-01 00:00+00", "2000-01-01 00:00:00+00", "2024-06-01 12:00:00+05:30",
                        "2024-01-01 00:00:00+05:45", "2024-01-01 00:00:00-09:30", "2024-03-31 02:30:00 Europe/Berlin",
                        "0001-01-01 00:00:00+00", "9999-12-31 23:59:59.999999+00", "0044-03-15 12:00+00 BC",
                        "1850-01-01 00:00:00+00", "4713-01-01 00:00+00 BC", "294276-12-31 23:59:59.999999+00",
                        "infinity", "-infinity")
                .nullOf("timestamptz");
        family("interval", INTERVAL).typed("interval", "1 year 2 mons 3 days 04:05:06.789", "0", "-1 day",
                "1 day -1 second", "-00:00:00.000001", "178000000 years", "-178000000 years", "1000000 hours",
                "P1Y2M3DT4H5M6S", "-1 mons +2 days -03:04:05").nullOf("interval");
    }

    private void documents() {
        family("json", STRING).typed("json", "{\"a\":1}", "[1, 2,   3]", "\"ü\"", "null", "{\"k\": \"\\u00e9\"}").nullOf("json");
        family("jsonb", STRING).typed("jsonb", "{\"b\":2,\"a\":1}", "[]", "\"str\"", "12.50", "{\"k\": \"\\u00e9\"}").nullOf("jsonb");
        family("xml", STRING).typed("xml", "<a>b</a>", "text only", "<r x=\"1\"><c/></r>")
                .expressions("xmlparse(document '<?xml version=\"1.0\"?><doc/>')").nullOf("xml");
    }

    /** Types of {@link #SETUP}: a domain reads as its base type, an enum as its label. */
    private void userDefined() {
        family("domain", INTEGER).typed("pgfast_positive", "1", "2147483647").nullOf("pgfast_positive");
        family("domain", STRING).typed("pgfast_code", "abc", "").nullOf("pgfast_code");
        family("enum", STRING).typed("pgfast_mood", "sad", "happy").nullOf("pgfast_mood");
    }

    /**
     * Types whose OIDs exist only at run time and their arrays: extension types (citext has a codec, ltree none,
     * so it reads as its text), a domain over an array, a range over a domain, a composite with an enum field,
     * and types created after our driver's first connection ({@link #SETUP_LATER}).
     */
    private void runtimeTypes() {
        family("citext", STRING).typed("citext", "MiXed Case", "").nullOf("citext");
        family("citext[]", array(STRING)).typed("citext[]", "{Ab,NULL,\"c d\"}", "{{a,B},{C,d}}").nullOf("citext[]");
        family("ltree (no codec: text)", STRING).typed("ltree", "a.b.c", "top").nullOf("ltree");
        family("ltree[] (no codec: text)", array(STRING)).typed("ltree[]", "{a.b,NULL,c}", "{{a,b.c},{d,NULL}}").nullOf("ltree[]");
        family("domain[]", array(INTEGER)).typed("pgfast_positive[]", "{1,NULL,2147483647}", "{{1,2},{3,4}}").nullOf("pgfast_positive[]");
        family("domain over int4[]", array(INTEGER)).typed("pgfast_intlist", "{1,NULL,3}", "{}").nullOf("pgfast_intlist");
        family("enum[]", array(STRING)).typed("pgfast_mood[]", "{{sad,NULL},{ok,happy}}", "{}");
        family("range over a domain", range(INTEGER)).typed("pgfast_posrange", "[1,10)", "(,5]", "empty").nullOf("pgfast_posrange");
        family("composite with an enum field", flatRecord()).typed("pgfast_pair", "(sad,1,x)", "(,,)", "(happy,7,\"a,b\")")
                .nullOf("pgfast_pair");
        family("enum created later", STRING).typed("pgfast_late_mood", "early").nullOf("pgfast_late_mood");
        family("enum[] created later", array(STRING)).typed("pgfast_late_mood[]", "{later,NULL,early}", "{{early},{later}}");
        family("domain created later", LONG).typed("pgfast_late_count", "9223372036854775807").nullOf("pgfast_late_count");
        family("domain[] created later", array(LONG)).typed("pgfast_late_count[]", "{1,NULL,-9223372036854775808}");
        family("composite created later", flatRecord()).typed("pgfast_late_pair", "(later,5)", "(,)").nullOf("pgfast_late_pair");
    }

    private void addressesAndBits() {
        family("inet", INET_ADDRESS).typed("inet", "192.168.0.1", "192.168.0.0/24", "::1", "2001:db8::ff00:42:8329/64",
                "::ffff:1.2.3.4", "0.0.0.0", "255.255.255.255/32").nullOf("inet");
        family("inet", INET).typed("inet", "192.168.0.1", "192.168.0.1/24", "::1", "2001:db8::1/64", "::ffff:1.2.3.4/120");
        family("cidr", INET_ADDRESS).typed("cidr", "10.0.0.0/8", "2001:db8::/32", "192.168.1.1").nullOf("cidr");
        family("cidr", INET).typed("cidr", "10.0.0.0/8", "2001:db8::/32", "192.168.1.1", "0.0.0.0/0", "::/0");
        family("macaddr", MAC_ADDRESS).typed("macaddr", "08:00:2b:01:02:03", "08-00-2B-01-02-03", "ff:ff:ff:ff:ff:ff")
                .nullOf("macaddr");
        family("macaddr8", MAC_ADDRESS).typed("macaddr8", "08:00:2b:01:02:03:04:05", "08:00:2b:01:02:03").nullOf("macaddr8");
        family("bit", BIT_STRING).expressions("B'1010'::bit(4)", "B'1'::bit", "B'10101010101'::bit(11)").nullOf("bit");
        family("varbit", BIT_STRING).expressions("B''::varbit", "B'101'::varbit(10)", "repeat('10', 100)::varbit",
                "B'11111111'::varbit", "B'100000001'::varbit").nullOf("varbit");
        family("pg_lsn", LSN).typed("pg_lsn", "16/B374D848", "0/0", "FFFFFFFF/FFFFFFFF", "1/0").nullOf("pg_lsn");
    }

    private void geometric() {
        family("point", POINT).typed("point", "(1,2)", "(-1.5,1e300)", "(0,-0)", "(NaN,Infinity)", "(0.1,-1e-300)").nullOf("point");
        family("line", LINE).typed("line", "{1,2,3}", "{0,-1,0.5}", "[(0,0),(1,1)]").nullOf("line");
        family("lseg", LINE_SEGMENT).typed("lseg", "[(0,0),(1,1)]", "((1.5,-2),(3,4e10))").nullOf("lseg");
        family("box", BOX).typed("box", "((1,1),(0,0))", "((0,0),(1,1))", "(-1,-2),(3,4)").nullOf("box");
        family("path", PATH).typed("path", "[(0,0),(1,1)]", "((0,0),(1,1),(2,0))", "[(1,2)]").nullOf("path");
        family("polygon", POLYGON).typed("polygon", "((0,0),(1,1),(2,0))", "((1,2))").nullOf("polygon");
        family("circle", CIRCLE).typed("circle", "<(0,0),5>", "<(1.5,-2),0>", "((1,2),3.25)").nullOf("circle");
    }

    private void ranges() {
        family("int4range", range(INTEGER)).typed("int4range", "[1,10)", "(,)", "empty", "(1,2]", "[,5]", "[-2147483648,2147483647)")
                .nullOf("int4range");
        family("int8range", range(LONG)).typed("int8range", "[0,9223372036854775807)", "(,-1]").nullOf("int8range");
        family("numrange", range(DECIMAL)).typed("numrange", "[1.5,2.5]", "(0.00,)", "empty", "[-1e-20,1e20)").nullOf("numrange");
        family("daterange", range(DATE)).typed("daterange", "[2024-01-01,infinity)", "(-infinity,2000-01-01]",
                "[2024-02-28,2024-03-01)", "[0044-03-15 BC,0044-03-16 BC)").nullOf("daterange");
        family("tsrange", range(TIMESTAMP)).typed("tsrange", "[2024-01-01 00:00,2024-02-01 00:00)", "(,infinity]",
                "[2024-01-01 12:34:56.789012,)").nullOf("tsrange");
        family("tstzrange", range(TIMESTAMP_WITH_ZONE)).typed("tstzrange", "[2024-01-01 00:00+00,)",
                "[2024-06-01 12:00+05:30,2024-06-02 00:00-09:30)", "(-infinity,1850-01-01 00:00+00]").nullOf("tstzrange");
        family("int4multirange", multirange(INTEGER)).since(14).typed("int4multirange", "{[1,3),[5,7)}", "{}", "{(,0],[10,)}")
                .nullOf("int4multirange");
        family("datemultirange", multirange(DATE)).since(14).typed("datemultirange", "{[2024-01-01,2024-02-01)}");
        family("nummultirange", multirange(DECIMAL)).since(14).typed("nummultirange", "{(,0.5],[1.25,2)}");
        family("tstzmultirange", multirange(TIMESTAMP_WITH_ZONE)).since(14).typed("tstzmultirange",
                "{[2024-01-01 00:00+00,2024-01-02 00:00+00),[2024-06-01 00:00+05:30,)}");
    }

    private void arrays() {
        family("int4[]", array(INTEGER)).typed("int4[]", "{1,2,3}", "{{1,2},{3,4}}", "{1,NULL,3}", "[0:2]={1,2,3}",
                "[-5:-4][2:3]={{1,2},{3,4}}", "{}", "{{{1}},{{2}}}", "{NULL}", "{{NULL,NULL},{1,2}}").nullOf("int4[]");
        family("int2[]", array(SHORT)).typed("int2[]", "{-32768,32767}");
        family("int8[]", array(LONG)).typed("int8[]", "{9223372036854775807,NULL}");
        family("text[]", array(STRING)).typed("text[]", "{\"a b\",\"c\\\"d\",NULL,\"NULL\",\"\"}",
                "{\"{braces}\",\"back\\\\slash\",ü,\" x \"}", "{{a,b},{c,d}}");
        family("varchar[]", array(STRING)).typed("varchar[]", "{x,yz}");
        family("bpchar[]", array(STRING)).expressions("'{a,bc}'::char(3)[]");
        family("bool[]", array(BOOLEAN)).typed("bool[]", "{t,f,NULL}");
        family("numeric[]", array(DECIMAL)).typed("numeric[]", "{1.5,NULL,-0.00,123456789012345678901234567890}");
        family("float4[]", array(FLOAT)).typed("float4[]", "{1.5,NaN,-0}");
        family("float8[]", array(DOUBLE)).typed("float8[]", "{NaN,-Infinity,0.1}");
        family("date[]", array(DATE)).typed("date[]", "{2024-01-01,infinity,-infinity,0044-03-15 BC}");
        family("timestamp[]", array(TIMESTAMP)).typed("timestamp[]", "{\"2024-01-01 12:34:56.789\",infinity}");
        family("timestamptz[]", array(TIMESTAMP_WITH_ZONE)).typed("timestamptz[]",
                "{\"2024-01-01 00:00+00\",\"1850-01-01 00:00+00\",NULL}");
        family("interval[]", array(INTERVAL)).typed("interval[]", "{\"1 day\",\"-1 mons +00:00:01\"}");
        family("uuid[]", array(UUIDS)).typed("uuid[]", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,NULL}");
        family("bytea[]", array(BYTES)).typed("bytea[]", "{\"\\\\xdead\",NULL,\"\\\\x\"}");
        family("jsonb[]", array(STRING)).typed("jsonb[]", "{\"{\\\"a\\\": 1}\",null}");
        family("inet[]", array(INET_ADDRESS)).typed("inet[]", "{192.168.0.1,::1}");
        family("point[]", array(POINT)).typed("point[]", "{\"(1,2)\",NULL}");
        family("pgfast_mood[]", array(STRING)).typed("pgfast_mood[]", "{ok,NULL,sad}");
    }

    /** Anonymous records of integers, numerics and text (see {@link ContainerMappings#flatRecord}). */
    private void records() {
        family("record", flatRecord()).expressions("ROW(1, 'a b', NULL::text)", "ROW()", "ROW(1.50, 'x,y', '\"q\"', -7)")
                .nullOf("record");
    }

    private Family family(String name, Mapping mapping) {
        return new Family(name, mapping, 0);
    }

    /** Adds the cases of one family; each method returns this for the next. */
    private final class Family {
        private final String name;
        private final Mapping mapping;
        private final int sinceMajor;

        Family(String name, Mapping mapping, int sinceMajor) {
            this.name = name;
            this.mapping = mapping;
            this.sinceMajor = sinceMajor;
        }

        /** Cases from here on need PostgreSQL {@code major} or later. */
        Family since(int major) {
            return new Family(name, mapping, major);
        }

        /** {@code 'value'::type} for each value (quoted, so a minus sign is part of the literal). */
        Family typed(String type, String... values) {
            for (String v : values) {
                add("'" + v.replace("'", "''") + "'::" + type);
            }
            return this;
        }

        Family expressions(String... expressions) {
            for (String e : expressions) {
                add(e);
            }
            return this;
        }

        Family nullOf(String type) {
            add("NULL::" + type);
            return this;
        }

        private void add(String expression) {
            cases.add(new ConformanceCase(name, expression, mapping, sinceMajor));
        }
    }
}
