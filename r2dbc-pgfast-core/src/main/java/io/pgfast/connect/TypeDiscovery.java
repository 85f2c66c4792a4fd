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
 * factory, on its first connection, in one round trip of three statements. A type created later is not
 * seen by that factory (it decodes as text); create a new factory to pick it up.
 */
final class TypeDiscovery {

    private static final Logger LOG = Loggers.getLogger(TypeDiscovery.class);

    /** FirstNormalObjectId (src/include/access/transam.h): OIDs below it belong to the system catalogs. */
    private static final int FIRST_NORMAL_OBJECT_ID = 16384;

    private TypeDiscovery() {
    }

    /** The registry extended with the database's own types; the base registry when the lookup fails. */
    static Mono<CodecRegistry> discover(Transport transport, CodecRegistry base, int serverMajor) {
        String sql = typesQuery(base, serverMajor) + "; " + ENUM_LABELS + "; " + ATTRIBUTES;
        return CommandFlow.textRows(transport, sql)
                .map(results -> {
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
                    return base.withTypes(build(results.get(0), labels, attributes));
                })
                .onErrorResume(e -> {
                    LOG.warn("could not look up the database's own types ({}); they decode as text", e.toString());
                    return Mono.just(base);
                });
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
                + " SELECT t.oid, n.nspname, t.typname, t.typtype, t.typcategory, t.typlen, t.typdelim, t.typelem, t.typarray,"
                + " t.typbasetype, COALESCE(r.rngsubtype, 0), " + (multiranges ? "COALESCE(mr.rngtypid, 0)" : "0")
                + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace"
                + " LEFT JOIN pg_catalog.pg_range r ON r.rngtypid = t.oid"
                + (multiranges ? " LEFT JOIN pg_catalog.pg_range mr ON mr.rngmultitypid = t.oid" : "")
                + " WHERE t.oid IN (SELECT oid FROM own) OR t.typelem IN (SELECT oid FROM own)"
                + " ORDER BY t.oid";
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
