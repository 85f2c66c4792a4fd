package io.pgfast.bench.app;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The measured part of the {@code --app} run: the warm-up, then the rounds. A round runs every scenario once, and for
 * each scenario one window of every process side by side, so that a burst on the shared host falls on windows that
 * are compared with each other; the scenarios' order and the processes' order within a scenario change from round to
 * round.
 * <p>
 * Between windows the server must have drained the previous load (no active client backend for two readings in a row,
 * at most {@link #SETTLE_MILLIS}): wrk leaves requests in flight when it stops, and their queries would otherwise run
 * in the next process's window. Limit: a request still waiting for a pooled connection in the application, with no
 * query running yet, is not seen.
 */
final class AppRounds {
    static final long SETTLE_MILLIS = 5_000;
    private static final long SETTLE_POLL_MILLIS = 25;

    private final AppOptions options;
    private final Map<AppSlot, AppProcess> apps;
    private final Wrk wrk;
    private final ServerLog serverLog;
    private final Connection watch;
    private final Path wrkLog;

    /**
     * @param watch a connection of the coordinator's own, open for the whole run, which reads the server's activity
     */
    AppRounds(AppOptions options, Map<AppSlot, AppProcess> apps, Wrk wrk, ServerLog serverLog, Connection watch,
              Path wrkLog) {
        this.options = options;
        this.apps = apps;
        this.wrk = wrk;
        this.serverLog = serverLog;
        this.watch = watch;
        this.wrkLog = wrkLog;
    }

    /** {@code options.warmup()} seconds of every scenario's load on every process, not measured. */
    void warmUp() throws IOException, InterruptedException, SQLException {
        if (options.warmup() == 0) {
            return;
        }
        for (AppProcess app : apps.values()) {
            long begin = System.nanoTime();
            for (AppScenario s : options.scenarios()) {
                wrk.run(app.base() + s.endpoint().path(), s.connections(), options.warmup(), wrkLog);
                settle();
            }
            System.err.printf("[app] warmed %-22s in %5.1f s%n", app.slot(), (System.nanoTime() - begin) / 1e9);
        }
    }

    /** Every round's windows. */
    List<AppWindow> run() throws IOException, InterruptedException, SQLException {
        List<AppWindow> windows = new ArrayList<>();
        List<AppSlot> slots = new ArrayList<>(apps.keySet());
        List<AppScenario> scenarios = options.scenarios();
        for (int round = 0; round < options.rounds(); round++) {
            long begin = System.nanoTime();
            int position = 0;
            int failed = 0;
            List<AppScenario> order = rotate(scenarios, round);
            for (int i = 0; i < order.size(); i++) {
                for (AppSlot slot : rotate(slots, round + i)) {
                    AppWindow w = window(round, position++, apps.get(slot), order.get(i));
                    windows.add(w);
                    failed += w.measured() ? 0 : 1;
                }
            }
            System.err.printf("[app] round %2d/%d: %3d windows in %5.1f s%s%n", round + 1, options.rounds(), position,
                    (System.nanoTime() - begin) / 1e9, failed == 0 ? "" : ", " + failed + " without a rate");
        }
        return windows;
    }

    private AppWindow window(int round, int position, AppProcess app, AppScenario s)
            throws IOException, InterruptedException, SQLException {
        settle();
        long offset = serverLog.end();
        WrkResult result = null;
        String failure = null;
        if (!app.alive()) {
            failure = app.slot() + " has exited";
        } else {
            try {
                result = wrk.run(app.base() + s.endpoint().path(), s.connections(), options.seconds(), wrkLog);
                if (result.requests() == 0) {
                    failure = "no request completed";
                }
            } catch (IOException e) {
                failure = e.getMessage();
            }
        }
        settle();
        return new AppWindow(round, position, app.slot(), s, result, serverLog.connectionsSince(offset), failure);
    }

    /** Waits until no client backend but this one runs a statement, twice in a row, or {@link #SETTLE_MILLIS}. */
    private void settle() throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + SETTLE_MILLIS * 1_000_000;
        int quiet = 0;
        try (Statement s = watch.createStatement()) {
            while (quiet < 2 && System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
                        + "'client backend' AND state = 'active' AND pid <> pg_backend_pid()")) {
                    rs.next();
                    quiet = rs.getLong(1) == 0 ? quiet + 1 : 0;
                }
                if (quiet < 2) {
                    Thread.sleep(SETTLE_POLL_MILLIS);
                }
            }
        }
    }

    /** {@code list} rotated left by {@code by} places. */
    static <T> List<T> rotate(List<T> list, int by) {
        List<T> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            out.add(list.get((i + by) % list.size()));
        }
        return out;
    }
}
