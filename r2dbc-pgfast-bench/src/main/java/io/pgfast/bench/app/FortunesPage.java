package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The fortunes test's page: the table's rows plus {@link TfbRules#ADDED_FORTUNE}, sorted by message, each message
 * HTML-escaped, in TFB's markup. Plain string building: TFB requires escaping, not a template engine.
 */
public final class FortunesPage {
    /** The page's content type; TFB accepts only UTF-8 HTML. */
    public static final String CONTENT_TYPE = "text/html; charset=UTF-8";

    private FortunesPage() {
    }

    /** The page for {@code rows} (as the table holds them; not changed). */
    public static String render(List<Fortune> rows) {
        List<Fortune> all = new ArrayList<>(rows.size() + 1);
        all.addAll(rows);
        all.add(TfbRules.ADDED_FORTUNE);
        // String order: UTF-16 code units, which for these messages is code-point order as TFB's verifier sorts
        all.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(1200);
        html.append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (Fortune f : all) {
            html.append("<tr><td>").append(f.id()).append("</td><td>");
            escape(f.message(), html);
            html.append("</td></tr>");
        }
        return html.append("</table></body></html>").toString();
    }

    /** Appends {@code text} with the five characters HTML gives a meaning escaped. */
    static void escape(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
    }
}
