package io.pgfast.flow;

/**
 * The state of an extended query executed with a row limit ({@code fetchSize}): Execute(size) windows, each ended by
 * PortalSuspended. Kept out of the flow itself, allocated only for such an execution, so that the usual statement's
 * flow is smaller.
 */
final class FetchWindows {

    /** The rows per Execute. */
    final int size;
    /** Rows of the current Execute(size) window: at most size. */
    int rowsInWindow;
    long rowsInEarlierWindows;

    FetchWindows(int size) {
        this.size = size;
    }
}
