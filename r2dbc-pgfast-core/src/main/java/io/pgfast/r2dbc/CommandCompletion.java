package io.pgfast.r2dbc;

import io.pgfast.flow.CommandFlow;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;

/**
 * The subscription of a {@code Mono<Void>} that runs one driver command (COMMIT, ROLLBACK, a BEGIN that waits
 * for its answer): completes its subscriber when the command succeeds, fails it with the command's error.
 * One object per run, in place of the operator chain a {@code Mono.create(…).then()} assembles.
 *
 * <p>A {@code Mono<Void>} emits no item, so its end needs no demand (Reactive Streams 1.2) and {@code request}
 * has nothing to do. Cancelling only silences the subscriber: the command was queued and still runs, as with
 * any cancelled statement.
 */
class CommandCompletion implements Subscription, CommandFlow.Outcome {

    final CoreSubscriber<? super Void> actual;
    private volatile boolean cancelled;

    CommandCompletion(CoreSubscriber<? super Void> actual) {
        this.actual = actual;
    }

    @Override
    public final void request(long n) {
        // nothing to emit but the end
    }

    @Override
    public final void cancel() {
        cancelled = true;
    }

    /** The command's tag: completes (subclasses may check the tag first). Event loop. */
    @Override
    public void succeeded(String tag) {
        complete();
    }

    @Override
    public final void failed(Throwable error) {
        if (!cancelled) {
            actual.onError(error);
        }
    }

    final void complete() {
        if (!cancelled) {
            actual.onComplete();
        }
    }
}
