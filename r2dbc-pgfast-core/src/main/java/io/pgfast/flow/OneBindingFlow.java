package io.pgfast.flow;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;

/**
 * The extended query flow of the usual statement, with one set of bindings: held in two fields, no list and no array
 * (FlowLayoutTest measures its size). The only kind that takes a row limit per Execute.
 */
final class OneBindingFlow extends ExtendedQueryFlow {

    private final Binding binding;
    private PreparedStatementCache.Entry entry;

    OneBindingFlow(Transport transport, CodecRegistry codecs, String sql, Binding binding, int fetchSize,
                   PreparedStatementCache cache, ResultFactory resultFactory, Subscriber<? super Result> results) {
        super(transport, codecs, sql, fetchSize > 0 ? new FetchWindows(fetchSize) : null, cache, resultFactory, results);
        this.binding = binding;
    }

    @Override
    int bindingCount() {
        return 1;
    }

    @Override
    Binding binding(int i) {
        return binding;
    }

    @Override
    PreparedStatementCache.Entry entry(int i) {
        return entry;
    }

    @Override
    void entry(int i, PreparedStatementCache.Entry entry) {
        this.entry = entry;
    }
}
