package io.pgfast.connect;

import io.pgfast.error.SqlState;
import io.pgfast.flow.CommandFlow;
import java.util.Map;

import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.pgfast.transport.Transport;
import reactor.core.publisher.Mono;

/**
 * Tells a primary from a standby. PostgreSQL 14+ reports {@code in_hot_standby} in a ParameterStatus
 * during startup (docs, "Protocol Flow", 55.2.1 / {@code GUC_REPORT} parameters), which costs
 * nothing; older servers are asked {@code SHOW transaction_read_only}, as pgjdbc does, one round trip.
 */
final class ServerRoleProbe {

    static final String IN_HOT_STANDBY = "in_hot_standby";
    static final String READ_ONLY_QUERY = "SHOW transaction_read_only";

    private ServerRoleProbe() {
    }

    /** The role, from the startup parameters when {@code useParameterStatus} and they have it, else by query. */
    static Mono<HostStatus> probe(Transport transport, boolean useParameterStatus) {
        HostStatus known = useParameterStatus ? fromParameterStatus(transport.session().parameters()) : null;
        return known != null ? Mono.just(known) : byQuery(transport);
    }

    /** PRIMARY or STANDBY from {@code in_hot_standby}; null when the server did not report it (before 14). */
    static HostStatus fromParameterStatus(Map<String, String> parameters) {
        String value = parameters.get(IN_HOT_STANDBY);
        return value == null ? null : fromSetting(IN_HOT_STANDBY, value);
    }

    /** Runs {@value #READ_ONLY_QUERY}: on means standby, off primary. */
    static Mono<HostStatus> byQuery(Transport transport) {
        return CommandFlow.textRows(transport, READ_ONLY_QUERY).map(results -> {
            if (results.size() != 1 || results.get(0).size() != 1) {
                throw new R2dbcNonTransientResourceException("the server answered " + READ_ONLY_QUERY
                        + " with something else than one row", SqlState.PROTOCOL_VIOLATION);
            }
            return fromSetting("transaction_read_only", results.get(0).get(0)[0]);
        });
    }

    /** A boolean setting as the server shows it: {@code on} or {@code off}. */
    static HostStatus fromSetting(String name, String value) {
        switch (value) {
            case "on": return HostStatus.STANDBY;
            case "off": return HostStatus.PRIMARY;
            default:
                throw new R2dbcNonTransientResourceException("the server reports " + name + " = '" + value
                        + "', expected on or off", SqlState.PROTOCOL_VIOLATION);
        }
    }
}
