import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes {@code io.pgfast.protocol.auth.StringprepTables} from {@code rfc3454-tables.txt} next to this
 * file: the tables of RFC 3454 that SASLprep (RFC 4013) uses, copied from the RFC's text.
 *
 * <p>Usage, from the repository root:
 * {@code java r2dbc-pgfast-core/src/gen/GenerateStringprepTables.java r2dbc-pgfast-core/src/gen/rfc3454-tables.txt
 * r2dbc-pgfast-core/src/main/java/io/pgfast/protocol/auth/StringprepTables.java}
 *
 * <p>Input format (the RFC's own): a table is delimited by {@code ----- Start Table X -----} and
 * {@code ----- End Table X -----}; each line inside starts with a code point {@code XXXX} or a range
 * {@code XXXX-YYYY} (hex), optionally followed by {@code ;} and a mapping or a name, which are not
 * kept (B.1 maps every entry to nothing). Lines starting with {@code #} are comments. Every table must
 * be sorted and free of overlaps, or the generator fails: the driver looks code points up by binary
 * search.
 */
public final class GenerateStringprepTables {

    /** The tables SASLprep needs, with their titles in RFC 3454, in the order written. */
    private static final Map<String, String> TITLES = new LinkedHashMap<>();

    static {
        TITLES.put("A.1", "Unassigned code points in Unicode 3.2");
        TITLES.put("B.1", "Commonly mapped to nothing");
        TITLES.put("C.1.2", "Non-ASCII space characters");
        TITLES.put("C.2.1", "ASCII control characters");
        TITLES.put("C.2.2", "Non-ASCII control characters");
        TITLES.put("C.3", "Private use");
        TITLES.put("C.4", "Non-character code points");
        TITLES.put("C.5", "Surrogate codes");
        TITLES.put("C.6", "Inappropriate for plain text");
        TITLES.put("C.7", "Inappropriate for canonical representation");
        TITLES.put("C.8", "Change display properties or are deprecated");
        TITLES.put("C.9", "Tagging characters");
        TITLES.put("D.1", "Characters with bidirectional property \"R\" or \"AL\"");
        TITLES.put("D.2", "Characters with bidirectional property \"L\"");
    }

    private static final Pattern START = Pattern.compile("^----- Start Table ([A-D](?:\\.\\d+)+) -----$");
    private static final Pattern END = Pattern.compile("^----- End Table ([A-D](?:\\.\\d+)+) -----$");
    private static final Pattern ENTRY = Pattern.compile("^([0-9A-F]{4,6})(?:-([0-9A-F]{4,6}))?(?:;.*)?$");

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java GenerateStringprepTables.java rfc3454-tables.txt StringprepTables.java");
            System.exit(2);
        }
        Map<String, List<int[]>> tables = read(Path.of(args[0]));
        for (String name : TITLES.keySet()) {
            if (!tables.containsKey(name)) {
                throw new IllegalArgumentException("table " + name + " is missing from " + args[0]);
            }
        }
        Files.writeString(Path.of(args[1]), render(tables), StandardCharsets.UTF_8);
    }

    private static Map<String, List<int[]>> read(Path file) throws IOException {
        Map<String, List<int[]>> tables = new LinkedHashMap<>();
        String table = null;
        int lineNo = 0;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher start = START.matcher(line);
            Matcher end = END.matcher(line);
            if (start.matches()) {
                if (table != null) {
                    throw error(file, lineNo, "table " + start.group(1) + " starts inside table " + table);
                }
                table = start.group(1);
                if (!TITLES.containsKey(table) || tables.containsKey(table)) {
                    throw error(file, lineNo, "unexpected or repeated table " + table);
                }
                tables.put(table, new ArrayList<>());
            } else if (end.matches()) {
                if (!end.group(1).equals(table)) {
                    throw error(file, lineNo, "end of table " + end.group(1) + " inside table " + table);
                }
                table = null;
            } else {
                Matcher entry = ENTRY.matcher(line);
                if (table == null || !entry.matches()) {
                    throw error(file, lineNo, "expected a code point or range inside a table: " + line);
                }
                int first = Integer.parseInt(entry.group(1), 16);
                int last = entry.group(2) == null ? first : Integer.parseInt(entry.group(2), 16);
                List<int[]> ranges = tables.get(table);
                if (last < first || last > 0x10FFFF) {
                    throw error(file, lineNo, "bad range " + line);
                }
                if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] >= first) {
                    throw error(file, lineNo, "table " + table + " is not sorted or overlaps at " + line);
                }
                ranges.add(new int[] {first, last});
            }
        }
        if (table != null) {
            throw new IllegalArgumentException(file + ": table " + table + " does not end");
        }
        return tables;
    }

    private static IllegalArgumentException error(Path file, int lineNo, String message) {
        return new IllegalArgumentException(file + ":" + lineNo + ": " + message);
    }

    private static String render(Map<String, List<int[]>> tables) {
        StringBuilder out = new StringBuilder();
        out.append("// Generated by r2dbc-pgfast-core/src/gen/GenerateStringprepTables.java from the tables of RFC 3454\n");
        out.append("// (src/gen/rfc3454-tables.txt); rerun it to change this file. Do not edit.\n");
        out.append("package io.pgfast.protocol.auth;\n\n");
        out.append("/**\n");
        out.append(" * The tables of RFC 3454 (stringprep) appendices A to D that SASLprep (RFC 4013 section 2) uses: Unicode 3.2\n");
        out.append(" * data, which differs from the JDK's later Unicode version (U+0221, unassigned in 3.2, is a letter today).\n");
        out.append(" * Each table is a sorted array of disjoint inclusive code point ranges {@code {first, last, first, last, ...}},\n");
        out.append(" * searched with {@link SaslPrep#in}. Only a password with a non-ASCII character loads this class.\n");
        out.append(" */\n");
        out.append("final class StringprepTables {\n\n");
        out.append("    private StringprepTables() {\n    }\n");
        for (Map.Entry<String, String> title : TITLES.entrySet()) {
            String name = title.getKey();
            List<int[]> ranges = tables.get(name);
            out.append("\n    /** Table ").append(name).append(": ").append(title.getValue())
                    .append(" (").append(ranges.size()).append(ranges.size() == 1 ? " range" : " ranges").append("). */\n");
            out.append("    static final int[] ").append(name.replace('.', '_')).append(" = {\n");
            for (int i = 0; i < ranges.size(); i += 4) {
                out.append("        ");
                for (int j = i; j < Math.min(i + 4, ranges.size()); j++) {
                    int[] r = ranges.get(j);
                    out.append(hex(r[0])).append(", ").append(hex(r[1])).append(j + 1 < ranges.size() ? "," : "");
                    if (j + 1 < Math.min(i + 4, ranges.size())) {
                        out.append("  ");
                    }
                }
                out.append('\n');
            }
            out.append("    };\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private static String hex(int codePoint) {
        return String.format("0x%04X", codePoint);
    }
}
