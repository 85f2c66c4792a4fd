package io.pgfast.connect;

import io.pgfast.flow.CommandFlow;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.transport.Transport;
import reactor.core.publisher.Mono;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the types that exist only in the connected database — enums, domains, standalone composite types,
 * user ranges and multiranges, the extension types the codecs know by name (citext, hstore…), and the
 * arrays of all of them — and hands them to {@link CodecRegistry#withTypes}. Done once per connection
 * factory, on its first connection, in one round trip of three statements ({@link #discover}).
 *
 * <p>A type that discovery did not cover — created later, a table's row type, an extension type no codec
 * names (ltree) — is looked up when a result first describes it ({@link #lookUp}, through
 * {@link RuntimeTypes}): the same three statements restricted to those OIDs and, recursively, their element,
 * base, range subtype and attribute types.
 */
final class TypeDiscovery {

    private static final Logger LOG = Loggers.getLogger(TypeDiscovery.class);

    /** FirstNormalObjectId (src/include/access/transam.h): OIDs below it belong to the system catalogs. */
    static final int FIRST_NORMAL_OBJECT_ID = 16384;

    private TypeDiscovery() {
    }

    /** The registry extended with the database's own types; the base registry when the lookup fails. */
    static Mono<CodecRegistry> discover(Transport transport, CodecRegistry base, int serverMajor) {
        String sql = typesQuery(base, serverMajor) + "; " + ENUM_LABELS + "; " + ATTRIBUTES;
        return CommandFlow.textRows(transport, sql)
                .map(results -> base.withTypes(types(results)))
                .onErrorResume(e -> {
                    LOG.warn("could not look up the database's own types ({}); they decode as text", e.toString());
                    return Mono.just(base);
                });
    }

    /**
     * The types with these OIDs and, recursively, the user types they are made of (element, base, range
     * subtype, multirange range, array, attribute types): one round trip. An OID the catalog does not
     * have is simply absent from the answer. Fails as the query does.
     */
    static Mono<List<PgType>> lookUp(Transport transport, int[] oids, int serverMajor) {
        String wanted = wantedTypes(oids, serverMajor);
        String sql = wanted + typesColumns(serverMajor) + " WHERE t.oid IN (SELECT oid FROM want) ORDER BY t.oid; "
                + wanted + "SELECT enumtypid, enumlabel FROM pg_catalog.pg_enum WHERE enumtypid IN (SELECT oid FROM want)"
                + " ORDER BY enumtypid, enumsortorder; "
                + wanted + "SELECT t.oid, a.attname, a.atttypid FROM pg_catalog.pg_type t"
                + " JOIN pg_catalog.pg_attribute a ON a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped"
                + " WHERE t.typtype = 'c' AND t.oid IN (SELECT oid FROM want) ORDER BY t.oid, a.attnum";
        return CommandFlow.textRows(transport, sql).map(TypeDiscovery::types);
    }

    /** The recursive CTE {@code want(oid)}: the OIDs asked for and the user types they are made of. */
    private static String wantedTypes(int[] oids, int serverMajor) {
        StringBuilder list = new StringBuilder("'{");
        for (int i = 0; i < oids.length; i++) {
            list.append(i == 0 ? "" : ",").append(Integer.toUnsignedString(oids[i]));
        }
        list.append("}'");
        return "WITH RECURSIVE want(oid) AS (SELECT u.o FROM unnest(" + list + "::pg_catalog.oid[]) AS u(o)"
                + " UNION SELECT p.o FROM want w JOIN pg_catalog.pg_type t ON t.oid = w.oid CROSS JOIN LATERAL ("
                + "SELECT t.typelem UNION ALL SELECT t.typbasetype UNION ALL SELECT t.typarray"
                + " UNION ALL SELECT r.rngsubtype FROM pg_catalog.pg_range r WHERE r.rngtypid = t.oid"
                + (serverMajor >= 14 ? " UNION ALL SELECT r.rngtypid FROM pg_catalog.pg_range r WHERE r.rngmultitypid = t.oid" : "")
                + " UNION ALL SELECT a.atttypid FROM pg_catalog.pg_attribute a"
                + " WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) AS p(o)"
                + " WHERE p.o >= " + FIRST_NORMAL_OBJECT_ID + ") ";
    }

    /** The types of the three statements' rows: types, enum labels, composite attributes. */
    private static List<PgType> types(List<List<String[]>> results) {
        if (results.size() != 3) {
            throw new IllegalStateException("expected the rows of 3 statements, got " + results.size());
        }
        Map<Integer, List<String>> labels = new HashMap<>();
        for (String[] row : results.get(1)) {
            labels.computeIfAbsent(oid(row[0]), k -> new ArrayList<>()).add(row[1]);
        }
        Map<Integer, List<PgType.Attribute>> attributes = new HashMap<>();
        for (String[] row : results.get(2)) {
            attributes.computeIfAbsent(oid(row[0]), k -> new ArrayList<>()).add(new PgType.Attribute(row[1], oid(row[2])));
        }
        return build(results.get(0), labels, attributes);
    }

    private static List<PgType> build(List<String[]> rows, Map<Integer, List<String>> labels, Map<Integer, List<PgType.Attribute>> attributes) {
        List<PgType> types = new ArrayList<>(rows.size());
        for (String[] r : rows) {
            int oid = oid(r[0]);
            PgType.Builder b = PgType.builder(oid, r[2])
                    .schema(r[1])
                    .kind(PgType.Kind.of(r[3].charAt(0)))
                    .category(r[4].charAt(0))
                    .length(Short.parseShort(r[5]))
                    .delimiter(r[6].charAt(0))
                    .elementOid(oid(r[7]))
                    .arrayOid(oid(r[8]))
                    .baseOid(oid(r[9]))
                    .rangeSubtypeOid(oid(r[10]))
                    .rangeOid(oid(r[11]));
            List<String> l = labels.get(oid);
            if (l != null) {
                b.enumLabels(l);
            }
            List<PgType.Attribute> a = attributes.get(oid);
            if (a != null) {
                b.attributes(a);
            }
            types.add(b.build());
        }
        return types;
    }

    /** OIDs are unsigned 32-bit: values above 2^31 wrap to negative ints, as everywhere in the codecs. */
    private static int oid(String text) {
        return (int) Long.parseLong(text);
    }

    private static final String ENUM_LABELS =
            "SELECT enumtypid, enumlabel FROM pg_catalog.pg_enum ORDER BY enumtypid, enumsortorder";

    private static final String ATTRIBUTES =
            "SELECT t.oid, a.attname, a.atttypid FROM pg_catalog.pg_type t"
            + " JOIN pg_catalog.pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'"
            + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
            + " WHERE t.oid >= " + FIRST_NORMAL_OBJECT_ID + " ORDER BY t.oid, a.attnum";

    static String typesQuery(CodecRegistry codecs, int serverMajor) {
        StringBuilder names = new StringBuilder();
        for (String name : codecs.extensionTypeNames()) {
            names.append(names.length() == 0 ? "" : ", ").append('\'').append(name.replace("'", "''")).append('\'');
        }
        String nameCondition = names.length() == 0 ? "" : " OR t.typname IN (" + names + ")";
        boolean multiranges = serverMajor >= 14;
        return "WITH own AS (SELECT t.oid FROM pg_catalog.pg_type t WHERE t.oid >= " + FIRST_NORMAL_OBJECT_ID
                + " AND (t.typtype IN ('e', 'd', 'r'" + (multiranges ? ", 'm'" : "") + ")" + nameCondition
                + " OR (t.typtype = 'c' AND EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c'))))"
                + typesColumns(serverMajor)
                + " WHERE t.oid IN (SELECT oid FROM own) OR t.typelem IN (SELECT oid FROM own)"
                + " ORDER BY t.oid";
    }

    /** The SELECT of one {@code pg_type} row per type, in the order {@link #build} reads; a WHERE follows. */
    private static String typesColumns(int serverMajor) {
        boolean multiranges = serverMajor >= 14;
        return " SELECT t.oid, n.nspname, t.typname, t.typtype, t.typcategory, t.typlen, t.typdelim, t.typelem, t.typarray,"
                + " t.typbasetype, COALESCE(r.rngsubtype, 0), " + (multiranges ? "COALESCE(mr.rngtypid, 0)" : "0")
                + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace"
                + " LEFT JOIN pg_catalog.pg_range r ON r.rngtypid = t.oid"
                + (multiranges ? " LEFT JOIN pg_catalog.pg_range mr ON mr.rngmultitypid = t.oid" : "");
    }

    /** The major version from {@code server_version} ("17.4", "12.22 (Debian …)", "18beta1"). */
    static int major(String serverVersion) {
        int i = 0;
        int major = 0;
        while (i < serverVersion.length() && Character.isDigit(serverVersion.charAt(i))) {
            major = major * 10 + (serverVersion.charAt(i++) - '0');
        }
        return major;
    }
}
