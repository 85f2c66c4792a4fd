package io.pgfast.r2dbc;

import io.pgfast.flow.Binding;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.util.List;

/**
 * Statement logging under two logger names (through Reactor's logging facade, so SLF4J when present):
 * <ul>
 *   <li>{@code io.pgfast.query} at DEBUG: each statement's SQL as sent, with the backend's process id;</li>
 *   <li>{@code io.pgfast.query.parameters} at TRACE: the bound values too. Off unless that logger is set to
 *       TRACE, since values may be personal data or secrets.</li>
 * </ul>
 * Nothing is formatted unless the logger is enabled.
 */
final class QueryLogger {

    private static final Logger QUERIES = Loggers.getLogger("io.pgfast.query");
    private static final Logger PARAMETERS = Loggers.getLogger("io.pgfast.query.parameters");

    private QueryLogger() {
    }

    static void simple(int processId, String sql) {
        if (QUERIES.isDebugEnabled()) {
            QUERIES.debug("[pid {}] {}", processId, sql);
        }
    }

    static void extended(int processId, String sql, Binding binding) {
        if (PARAMETERS.isTraceEnabled()) {
            PARAMETERS.trace("[pid {}] {} with {}", processId, sql, binding.describeValues());
        } else if (QUERIES.isDebugEnabled()) {
            QUERIES.debug("[pid {}] {} (1 binding: {})", processId, sql, binding);
        }
    }

    static void extended(int processId, String sql, List<Binding> bindings) {
        if (PARAMETERS.isTraceEnabled()) {
            for (Binding b : bindings) {
                PARAMETERS.trace("[pid {}] {} with {}", processId, sql, b.describeValues());
            }
        } else if (QUERIES.isDebugEnabled()) {
            QUERIES.debug("[pid {}] {} ({} binding{}: {})", processId, sql, bindings.size(), bindings.size() == 1 ? "" : "s",
                    bindings.isEmpty() ? "" : bindings.get(0));
        }
    }
}
