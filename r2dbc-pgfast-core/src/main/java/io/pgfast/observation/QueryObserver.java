package io.pgfast.observation;

import reactor.util.context.ContextView;

/** Starts the observation of each statement executed on one connection. */
public interface QueryObserver {

    /**
     * Starts observing a statement.
     *
     * @param sql     the SQL as sent (never any bound value)
     * @param context the Reactor context of the subscriber, where a parent observation may be
     */
    QueryObservation start(String sql, ContextView context);
}
