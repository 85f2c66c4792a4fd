package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FortunesMarkupTest {

    @Test
    void thePageTheAppRendersIsTheOneTfbExpects() {
        String page = FortunesPage.render(TfbTables.FORTUNES);
        assertThat(FortunesMarkup.tokens(page)).isEqualTo(FortunesMarkup.expected(TfbTables.FORTUNES));
        // sorted by message, the added fortune among them, the script escaped
        assertThat(page).contains("<tr><td>11</td><td>&lt;script&gt;alert(&quot;")
                .contains("<tr><td>0</td><td>Additional fortune added at request time.</td></tr>");
        assertThat(page.indexOf("<td>11</td>")).isLessThan(page.indexOf("<td>4</td>"));
        assertThat(page.indexOf("<td>1</td>")).isLessThan(page.indexOf("<td>12</td>"));
    }

    @Test
    void aPageWithoutEscapingIsNot() {
        String page = FortunesPage.render(TfbTables.FORTUNES).replace("&lt;", "<").replace("&gt;", ">");
        assertThat(FortunesMarkup.tokens(page)).isNotEqualTo(FortunesMarkup.expected(TfbTables.FORTUNES));
    }

    @Test
    void otherEscapesWhitespaceAndIgnoredTagsAreTheSamePage() {
        String page = FortunesPage.render(TfbTables.FORTUNES)
                .replace("<table>", "<table>\n  <thead>")
                .replace("</th></tr>", "</th></tr></thead><tbody>\n")
                .replace("</table>", "</tbody></table>")
                .replace("&#39;", "&apos;")
                .replace("&quot;", "&#x22;")
                .replace("<head>", "<head><meta charset=\"utf-8\">");
        assertThat(FortunesMarkup.tokens(page)).isEqualTo(FortunesMarkup.expected(TfbTables.FORTUNES));
    }

    @Test
    void aMissingRowOrTheWrongOrderIsNot() {
        assertThat(FortunesMarkup.tokens(FortunesPage.render(TfbTables.FORTUNES.subList(0, 11))))
                .isNotEqualTo(FortunesMarkup.expected(TfbTables.FORTUNES));
        String unsorted = FortunesPage.render(TfbTables.FORTUNES).replace("<td>4</td>", "<td>5</td>");
        assertThat(FortunesMarkup.tokens(unsorted)).isNotEqualTo(FortunesMarkup.expected(TfbTables.FORTUNES));
    }
}
