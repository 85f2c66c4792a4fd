package io.pgfast.failover;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.pgfast.r2dbc.ListenEvent;
import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.r2dbc.ReconnectingListener;
import reactor.core.Disposable;

/**
 * The listener of docs/failover.md, word for word between the markers ({@link FailoverDocsTest} checks that the
 * guide shows exactly this code), run through every failover round.
 */
final class DocumentedListener {
    static final String CHANNEL = "orders";

    final List<String> payloads = new CopyOnWriteArrayList<>();
    final List<ListenEvent.Listening> resumed = new CopyOnWriteArrayList<>();

    Disposable start(PgfastConnectionFactory factory) {
        // docs/failover.md: begin
        Disposable listener = ReconnectingListener.listen(factory, List.of("orders"))
                .subscribe(event -> {
                    if (event instanceof ListenEvent.Received r) {
                        handle(r.notification());
                    } else if (event instanceof ListenEvent.Listening l && l.resumed()) {
                        resync(l); // notifications sent while no connection listened were not received
                    }
                });
        // docs/failover.md: end
        return listener;
    }

    private void handle(Notification n) {
        payloads.add(n.payload());
    }

    private void resync(ListenEvent.Listening l) {
        resumed.add(l);
    }
}
