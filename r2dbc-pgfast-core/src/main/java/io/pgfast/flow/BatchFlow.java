package io.pgfast.flow;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;

import java.util.List;

/** The extended query flow of a batch: several sets of bindings, N × (Bind, Execute) and one Sync; no row limit. */
final class BatchFlow extends ExtendedQueryFlow {

    private final List<Binding> batch;
    /** The cached statement each binding runs as (several may share one). */
    private final PreparedStatementCache.Entry[] entries;

    BatchFlow(Transport transport, CodecRegistry codecs, String sql, List<Binding> batch,
              PreparedStatementCache cache, ResultFactory resultFactory, Subscriber<? super Result> results) {
        super(transport, codecs, sql, null, cache, resultFactory, results);
        this.batch = batch;
        this.entries = new PreparedStatementCache.Entry[batch.size()];
    }

    @Override
    int bindingCount() {
        return batch.size();
    }

    @Override
    Binding binding(int i) {
        return batch.get(i);
    }

    @Override
    PreparedStatementCache.Entry entry(int i) {
        return entries[i];
    }

    @Override
    void entry(int i, PreparedStatementCache.Entry entry) {
        entries[i] = entry;
    }
}
