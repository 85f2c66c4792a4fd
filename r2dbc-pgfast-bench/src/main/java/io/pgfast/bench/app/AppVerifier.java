package io.pgfast.bench.app;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import io.pgfast.bench.BenchTarget;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a running application as TFB's verifier checks an implementation, against the server it uses:
 * <ul>
 * <li>every response: status 200, a {@code Server} and a {@code Date} header (IMF-fixdate, and not the same one
 * seconds later), a {@code Content-Type} of JSON or UTF-8 HTML, a {@code Content-Length} or
 * {@code Transfer-Encoding};</li>
 * <li>single query: one object with exactly {@code id} and {@code randomNumber}, integers in 1..10,000; it must be
 * the table's row (TFB does not check that);</li>
 * <li>multiple queries and updates: TFB's {@code queries} cases ({@code 2}, {@code 0} and {@code foo} count as 1,
 * {@code 501} as 500, an empty value as 1) and 20: an array of that many such objects;</li>
 * <li>updates persist: after {@code queries=501} every world of the response holds the number the response gave it
 * (TFB only counts rows that changed: more than 95 % of 500, which is checked too);</li>
 * <li>fortunes: the page, read as TFB's parser reads it ({@link FortunesMarkup}), equals the table's 12 rows and the
 * added one, sorted by message and escaped;</li>
 * <li>the server ran the queries: after concurrent requests to every endpoint, its own counters
 * ({@link TableCounts}) show a world lookup for every world read, every world update, and a read of the fortune table
 * per request (TFB allows updates in bulk a 5 % margin, as here).</li>
 * </ul>
 * A FAIL is a problem TFB fails an implementation for; WARN is one it only warns about.
 */
public final class AppVerifier {
    /** TFB's {@code queries} cases and what each must return, then the count the benchmark runs. */
    static final List<String> QUERY_CASES = List.of("2", "0", "foo", "501", "", "20");
    /** Requests per endpoint of the query-count check, and how many at once. */
    static final int COUNT_REQUESTS = 64;
    static final int COUNT_CONCURRENCY = 16;
    /** How long the server's counters may lag ({@link TableCounts}), with a margin. */
    static final long COUNTERS_WAIT_MILLIS = 12_000;
    private static final Pattern JSON_TYPE = Pattern.compile("^application/json(; ?charset=(UTF|utf)-8)?$");
    private static final Pattern HTML_TYPE = Pattern.compile("^text/html; ?charset=(UTF|utf)-8$");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final BenchTarget target;
    private final long countersWaitMillis;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    private final JsonMapper json = JsonMapper.builder().build();

    /** A verifier that reads {@code target}'s tables. */
    public AppVerifier(BenchTarget target) {
        this(target, COUNTERS_WAIT_MILLIS);
    }

    /**
     * @param countersWaitMillis how long to wait for the server's counters to cover the query-count check's requests
     *                           (shorter than {@link #COUNTERS_WAIT_MILLIS} only where a lagging counter may fail it)
     */
    AppVerifier(BenchTarget target, long countersWaitMillis) {
        this.target = target;
        this.countersWaitMillis = countersWaitMillis;
    }

    /** Whether {@code problems} hold no FAIL. */
    public static boolean passed(List<Problem> problems) {
        return problems.stream().noneMatch(p -> p.severity() == Problem.Severity.FAIL);
    }

    /**
     * Every check against the application at {@code base} ({@code http://127.0.0.1:PORT}).
     *
     * @return the problems found, empty when it passes everything
     */
    public List<Problem> verify(String base) throws IOException, InterruptedException, SQLException {
        List<Problem> problems = new ArrayList<>();
        long begin = System.nanoTime();
        Reply first = get(base + "/db");
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password())) {
            Map<Integer, Integer> table = TfbTables.worlds(c);
            problems.addAll(single(base + "/db", table));
            for (String q : QUERY_CASES) {
                problems.addAll(list(base + "/queries?queries=" + q, expectedLength(q), table));
            }
            problems.addAll(updates(base, c, table));
            problems.addAll(fortunes(base + "/fortunes"));
            problems.addAll(queryCounts(base, c));
        }
        // the Date header has a resolution of one second: a second request more than a second later must differ
        long waited = (System.nanoTime() - begin) / 1_000_000;
        if (waited < 1100) {
            Thread.sleep(1100 - waited);
        }
        Reply second = get(base + "/db");
        String d1 = first.header("date");
        String d2 = second.header("date");
        if (d1 != null && d1.equals(d2)) {
            problems.add(Problem.fail(base + "/db", "the Date header stayed \"" + d1 + "\" across seconds (cached)"));
        }
        return problems;
    }

    /** How many worlds {@code queries=q} asks for, by TFB's rule. */
    static int expectedLength(String q) {
        return TfbRules.queries(q.isEmpty() ? null : q);
    }

    private List<Problem> single(String url, Map<Integer, Integer> table) throws IOException, InterruptedException {
        Reply r = get(url);
        List<Problem> problems = new ArrayList<>(r.headers(url, JSON_TYPE));
        JsonNode body = r.json(url, problems);
        if (body != null) {
            if (!body.isObject()) {
                problems.add(Problem.fail(url, "expected a JSON object, got " + abbreviate(body.toString())));
            } else {
                problems.addAll(world(url, body, table));
            }
        }
        return problems;
    }

    private List<Problem> list(String url, int length, Map<Integer, Integer> table) throws IOException, InterruptedException {
        Reply r = get(url);
        List<Problem> problems = new ArrayList<>(r.headers(url, JSON_TYPE));
        JsonNode body = r.json(url, problems);
        if (body == null) {
            return problems;
        }
        if (!body.isArray()) {
            problems.add(Problem.fail(url, "expected a JSON array, got " + abbreviate(body.toString())));
            return problems;
        }
        if (body.size() != length) {
            problems.add(Problem.fail(url, "a JSON array of " + body.size() + " worlds, expected " + length));
        }
        int bad = 0;
        for (int i = 0; i < body.size() && bad < 5; i++) {
            List<Problem> found = world(url, body.get(i), table);
            problems.addAll(found);
            bad += found.isEmpty() ? 0 : 1;
        }
        return problems;
    }

    /**
     * One world object; with {@code table}, its number must be the table's (reads), without (updates) only in range.
     */
    private static List<Problem> world(String url, JsonNode node, Map<Integer, Integer> table) {
        List<Problem> problems = new ArrayList<>();
        if (!node.isObject()) {
            problems.add(Problem.fail(url, "expected a world object, got " + abbreviate(node.toString())));
            return problems;
        }
        Map<String, JsonNode> keys = new HashMap<>();
        node.properties().forEach(e -> keys.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue()));
        JsonNode id = keys.remove("id");
        JsonNode number = keys.remove("randomnumber");
        if (id == null || number == null) {
            problems.add(Problem.fail(url, "a world object without " + (id == null ? "id" : "randomNumber") + ": " + node));
            return problems;
        }
        if (!keys.isEmpty()) {
            problems.add(Problem.warn(url, "a world object with more keys than id and randomNumber: " + keys.keySet()));
        }
        if (!id.isIntegralNumber() || !number.isIntegralNumber()) {
            problems.add(Problem.fail(url, "id and randomNumber must be integers: " + node));
            return problems;
        }
        if (id.asInt() < 1 || id.asInt() > TfbRules.WORLD_ROWS) {
            problems.add(Problem.warn(url, "id outside 1..10000: " + id.asInt()));
        }
        if (number.asInt() > TfbRules.WORLD_ROWS) {
            problems.add(Problem.warn(url, "randomNumber over 10000: " + number.asInt()));
        }
        if (table != null && !Integer.valueOf(number.asInt()).equals(table.get(id.asInt()))) {
            problems.add(Problem.fail(url, "world " + id.asInt() + " has randomNumber " + table.get(id.asInt())
                    + " in the table, the response says " + number.asInt()));
        }
        return problems;
    }

    /** TFB's update cases, and right after {@code queries=501} whether its 500 updates are in the table. */
    private List<Problem> updates(String base, Connection c, Map<Integer, Integer> before)
            throws IOException, InterruptedException, SQLException {
        List<Problem> problems = new ArrayList<>();
        for (String q : QUERY_CASES) {
            String url = base + "/updates?queries=" + q;
            Reply r = get(url);
            problems.addAll(r.headers(url, JSON_TYPE));
            JsonNode body = r.json(url, problems);
            if (body == null) {
                continue;
            }
            if (!body.isArray()) {
                problems.add(Problem.fail(url, "expected a JSON array, got " + abbreviate(body.toString())));
                continue;
            }
            if (body.size() != expectedLength(q)) {
                problems.add(Problem.fail(url, "a JSON array of " + body.size() + " worlds, expected " + expectedLength(q)));
            }
            for (int i = 0; i < body.size(); i++) {
                problems.addAll(world(url, body.get(i), null));
            }
            if (q.equals("501")) {
                // before the next case updates worlds of its own
                problems.addAll(persisted(url, body, before, TfbTables.worlds(c)));
            }
        }
        return problems;
    }

    /** Whether every world of the updates response {@code body} holds its new number in {@code after}. */
    private static List<Problem> persisted(String url, JsonNode body, Map<Integer, Integer> before,
                                           Map<Integer, Integer> after) {
        List<Problem> problems = new ArrayList<>();
        Map<Integer, Set<Integer>> given = new HashMap<>();
        for (JsonNode w : body) {
            if (w.isObject() && w.get("id") != null && w.get("randomNumber") != null) {
                given.computeIfAbsent(w.get("id").asInt(), k -> new HashSet<>()).add(w.get("randomNumber").asInt());
            }
        }
        int lost = 0;
        for (Map.Entry<Integer, Set<Integer>> e : given.entrySet()) {
            // a world drawn twice holds one of its two new numbers
            if (!e.getValue().contains(after.get(e.getKey())) && lost++ < 3) {
                problems.add(Problem.fail(url, "world " + e.getKey() + " holds " + after.get(e.getKey())
                        + " after the request, which gave it " + e.getValue() + ": the update did not persist"));
            }
        }
        if (lost > 3) {
            problems.add(Problem.fail(url, lost + " of " + given.size() + " updated worlds did not persist"));
        }
        int changed = 0;
        for (Map.Entry<Integer, Integer> e : after.entrySet()) {
            changed += e.getValue().equals(before.get(e.getKey())) ? 0 : 1;
        }
        int expected = TfbRules.MOST_QUERIES;
        if (changed <= expected * 0.90) {
            problems.add(Problem.fail(url, "only " + changed + " rows changed in the table, of about " + expected));
        } else if (changed <= expected * 0.95) {
            problems.add(Problem.warn(url, "only " + changed + " rows changed in the table, of about " + expected));
        }
        return problems;
    }

    private List<Problem> fortunes(String url) throws IOException, InterruptedException {
        Reply r = get(url);
        List<Problem> problems = new ArrayList<>(r.headers(url, HTML_TYPE));
        if (r.status() != 200 || r.body().isEmpty()) {
            return problems;
        }
        List<String> got = FortunesMarkup.tokens(r.body());
        List<String> want = FortunesMarkup.expected(TfbTables.FORTUNES);
        if (!got.equals(want)) {
            int at = 0;
            while (at < Math.min(got.size(), want.size()) && got.get(at).equals(want.get(at))) {
                at++;
            }
            problems.add(Problem.fail(url, "not the fortunes page TFB expects: at token " + at + " found "
                    + (at < got.size() ? "\"" + abbreviate(got.get(at)) + "\"" : "the end") + ", expected "
                    + (at < want.size() ? "\"" + abbreviate(want.get(at)) + "\"" : "the end")));
        }
        return problems;
    }

    /** Concurrent requests to every endpoint, then the server's counters (see the class comment). */
    private List<Problem> queryCounts(String base, Connection c) throws SQLException, InterruptedException {
        List<Problem> problems = new ArrayList<>();
        TableCounts before = TableCounts.read(c);
        String[] urls = {"/db", "/queries?queries=20", "/updates?queries=20", "/fortunes"};
        for (String path : urls) {
            int failed = load(base + path, COUNT_REQUESTS, COUNT_CONCURRENCY);
            if (failed > 0) {
                problems.add(Problem.fail(base + path, failed + " of " + COUNT_REQUESTS + " concurrent requests failed"));
            }
        }
        if (!TableCounts.statementsLoaded(c) && c.getMetaData().getDatabaseMajorVersion() < 15) {
            // before PostgreSQL 15 a backend sends its table counters when it goes idle at least 500 ms after its last
            // report (PGSTAT_STAT_INTERVAL), and never while it then stays idle: an idle pooled connection's counts
            // may not arrive at all
            problems.add(Problem.warn(where(base), "not counted: PostgreSQL " + c.getMetaData().getDatabaseMajorVersion()
                    + " reports an idle pooled connection's table counters late or never; create pg_stat_statements"
                    + " (shared_preload_libraries) to count statements"));
            return problems;
        }
        long reads = COUNT_REQUESTS + 2L * 20 * COUNT_REQUESTS;
        long updates = 20L * COUNT_REQUESTS;
        long bulkUpdates = (long) Math.ceil(updates * 0.95);
        long fortunes = COUNT_REQUESTS;
        TableCounts expected = new TableCounts(reads, reads, bulkUpdates, fortunes, fortunes * TfbTables.FORTUNES.size());
        TableCounts counted = TableCounts.awaitAtLeast(c, before, expected, countersWaitMillis);
        String where = where(base);
        if (counted.worldLookups() < reads) {
            problems.add(Problem.fail(where, "the server counted " + counted.worldLookups() + " index lookups of world, "
                    + "expected at least " + reads + ": one query per world read"));
        }
        if (counted.worldRowsRead() < reads) {
            problems.add(Problem.fail(where, "the server counted " + counted.worldRowsRead() + " world rows read, expected "
                    + "at least " + reads));
        }
        if (counted.worldUpdates() < bulkUpdates) {
            problems.add(Problem.fail(where, "the server counted " + counted.worldUpdates() + " world rows updated, "
                    + "expected " + updates));
        }
        if (counted.fortuneScans() < fortunes || counted.fortuneRows() < expected.fortuneRows()) {
            problems.add(Problem.fail(where, "the server counted " + counted.fortuneScans() + " reads of fortune ("
                    + counted.fortuneRows() + " rows), expected " + fortunes + " (" + expected.fortuneRows() + ")"));
        }
        return problems;
    }

    private static String where(String base) {
        return base + " (" + COUNT_REQUESTS + " requests to each endpoint)";
    }

    /** {@code requests} GETs of {@code url}, {@code concurrency} at a time; how many did not answer 200. */
    private int load(String url, int requests, int concurrency) throws InterruptedException {
        Semaphore permits = new Semaphore(concurrency);
        AtomicInteger failed = new AtomicInteger();
        List<CompletableFuture<?>> all = new ArrayList<>(requests);
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).build();
        for (int i = 0; i < requests; i++) {
            permits.acquire();
            all.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, error) -> {
                if (error != null || response.statusCode() != 200) {
                    failed.incrementAndGet();
                }
                permits.release();
                return null;
            }));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        return failed.get();
    }

    private Reply get(String url) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString(java.nio.charset.StandardCharsets.UTF_8));
        return new Reply(r, json);
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /** One response, with the checks every response gets. */
    private record Reply(HttpResponse<String> response, JsonMapper json) {

        int status() {
            return response.statusCode();
        }

        String body() {
            return response.body() == null ? "" : response.body();
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** TFB's header checks, and status 200. */
        List<Problem> headers(String url, Pattern contentType) {
            List<Problem> problems = new ArrayList<>();
            if (status() != 200) {
                problems.add(Problem.fail(url, "status " + status() + ": " + abbreviate(body())));
                return problems;
            }
            for (String h : List.of("Server", "Date", "Content-Type")) {
                if (header(h) == null) {
                    problems.add(Problem.fail(url, "no " + h + " header"));
                }
            }
            if (header("Content-Length") == null && header("Transfer-Encoding") == null) {
                problems.add(Problem.fail(url, "neither Content-Length nor Transfer-Encoding"));
            }
            String date = header("Date");
            if (date != null) {
                try {
                    HttpDate.format().parse(date);
                } catch (DateTimeParseException e) {
                    problems.add(Problem.warn(url, "a Date header not in IMF-fixdate form: \"" + date + "\""));
                }
            }
            String type = header("Content-Type");
            if (type != null && !contentType.matcher(type).matches()) {
                problems.add(Problem.fail(url, "Content-Type \"" + type + "\" does not match " + contentType.pattern()));
            }
            return problems;
        }

        /** The body as JSON, or null with a FAIL added. */
        JsonNode json(String url, List<Problem> problems) {
            if (status() != 200) {
                return null;
            }
            if (body().isEmpty()) {
                problems.add(Problem.fail(url, "an empty response"));
                return null;
            }
            try {
                return json.readTree(body());
            } catch (JacksonException e) {
                problems.add(Problem.fail(url, "not JSON: " + e.getOriginalMessage()));
                return null;
            }
        }
    }
}
