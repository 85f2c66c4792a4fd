package io.pgfast.testing;

import java.util.ArrayDeque;
import java.util.Deque;

/** Runs cleanup actions, last registered first, from one JVM shutdown hook. */
final class ShutdownActions {
    private static final Deque<Runnable> ACTIONS = new ArrayDeque<>();
    private static boolean hookInstalled;

    private ShutdownActions() {
    }

    static synchronized void register(Runnable action) {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(ShutdownActions::runAll, "pgfast-test-shutdown"));
            hookInstalled = true;
        }
        ACTIONS.push(action);
    }

    private static void runAll() {
        Runnable action;
        while ((action = next()) != null) {
            try {
                action.run();
            } catch (Throwable t) {
                System.err.println("[pgfast-test] cleanup failed: " + t);
            }
        }
    }

    private static synchronized Runnable next() {
        return ACTIONS.poll();
    }
}
