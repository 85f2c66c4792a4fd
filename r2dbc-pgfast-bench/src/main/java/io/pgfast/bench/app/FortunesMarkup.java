package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fortunes page as TFB's verifier reads it: the markup reduced to its tags and text, character references in
 * text decoded, whitespace between tags and the tags TFB ignores ({@code meta}, {@code link}, {@code thead},
 * {@code tbody}, and {@code script} with its content) left out, so that pages which differ only in those compare
 * equal. A message that is not escaped turns into tags of its own and no longer compares equal.
 */
public final class FortunesMarkup {
    private static final Set<String> IGNORED = Set.of("meta", "link", "thead", "tbody");

    private FortunesMarkup() {
    }

    /** The tokens of {@code html}: {@code <tag>}, {@code </tag>}, {@code <!doctype html>} and decoded text. */
    public static List<String> tokens(String html) {
        List<String> out = new ArrayList<>();
        boolean inScript = false;
        int i = 0;
        while (i < html.length()) {
            int lt = html.indexOf('<', i);
            int end = lt < 0 ? html.length() : lt;
            if (end > i && !inScript) {
                String text = decode(html.substring(i, end));
                if (!text.isBlank()) {
                    out.add(text);
                }
            }
            if (lt < 0) {
                break;
            }
            int gt = html.indexOf('>', lt);
            if (gt < 0) {
                out.add(html.substring(lt));
                break;
            }
            String tag = html.substring(lt + 1, gt).trim().toLowerCase(java.util.Locale.ROOT);
            i = gt + 1;
            boolean closing = tag.startsWith("/");
            String name = (closing ? tag.substring(1) : tag).split("[\\s/]", 2)[0];
            if (name.equals("script")) {
                inScript = !closing;
                continue;
            }
            if (inScript || IGNORED.contains(name)) {
                continue;
            }
            out.add(tag.startsWith("!") ? "<" + tag.replaceAll("\\s+", " ") + ">" : "<" + (closing ? "/" : "") + name + ">");
        }
        return out;
    }

    /** The tokens a correct page has for the table's {@code rows}. */
    public static List<String> expected(List<Fortune> rows) {
        List<Fortune> all = new ArrayList<>(rows);
        all.add(TfbRules.ADDED_FORTUNE);
        all.sort(java.util.Comparator.comparing(Fortune::message));
        List<String> t = new ArrayList<>(List.of("<!doctype html>", "<html>", "<head>", "<title>", "Fortunes", "</title>",
                "</head>", "<body>", "<table>", "<tr>", "<th>", "id", "</th>", "<th>", "message", "</th>", "</tr>"));
        for (Fortune f : all) {
            t.addAll(List.of("<tr>", "<td>", Integer.toString(f.id()), "</td>", "<td>", f.message(), "</td>", "</tr>"));
        }
        t.addAll(List.of("</table>", "</body>", "</html>"));
        return t;
    }

    /** Text with its character references ({@code &lt;}, {@code &#39;}, {@code &#x27;} …) replaced by the characters. */
    static String decode(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int semi = c == '&' ? text.indexOf(';', i) : -1;
            String ch = semi > i ? reference(text.substring(i + 1, semi)) : null;
            if (ch == null) {
                out.append(c);
                i++;
            } else {
                out.append(ch);
                i = semi + 1;
            }
        }
        return out.toString();
    }

    private static String reference(String name) {
        switch (name) {
            case "lt": return "<";
            case "gt": return ">";
            case "amp": return "&";
            case "quot": return "\"";
            case "apos": return "'";
            case "mdash": return "—";
            default:
                break;
        }
        if (name.startsWith("#")) {
            try {
                int cp = name.startsWith("#x") || name.startsWith("#X")
                        ? Integer.parseInt(name.substring(2), 16) : Integer.parseInt(name.substring(1));
                return new String(Character.toChars(cp));
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }
}
