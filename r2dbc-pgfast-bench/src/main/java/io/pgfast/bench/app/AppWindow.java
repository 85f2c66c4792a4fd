package io.pgfast.bench.app;

/**
 * One measured window: one process under one scenario's load.
 *
 * @param round          0-based
 * @param position       its place in the round, 0-based
 * @param result         wrk's figures, null if the window failed
 * @param newConnections TCP connections the server received from the window's start until its load had drained
 * @param failure        why the window has no figures, or null
 */
public record AppWindow(int round, int position, AppSlot slot, AppScenario scenario, WrkResult result,
                        long newConnections, String failure) {

    /** Whether the window has a positive rate, so that it can stand in a ratio. */
    public boolean measured() {
        return result != null && result.requests() > 0;
    }
}
