package io.pgfast.connect;

import io.pgfast.error.SqlState;
import io.pgfast.config.HostSpec;
import io.pgfast.config.TargetServerType;
import java.util.ArrayList;
import java.util.List;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * Why each host of one connection attempt was not used, turned into the single exception the user
 * sees. Used by one attempt at a time (its steps run one after the other).
 */
final class HostFailures {

    /** SQLSTATE 08001, sqlclient_unable_to_establish_sqlconnection. */
    static final String UNABLE_TO_CONNECT = SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION;

    private record Failure(String line, Throwable error) {
    }

    private final List<Failure> failures = new ArrayList<>();

    /** A host that answered with the wrong role; the message already names the host. */
    void rejected(WrongServerTypeException e) {
        failures.add(new Failure(e.getMessage(), null));
    }

    void failed(String host, Throwable error) {
        String reason = error.getMessage() != null ? error.getMessage() : error.getClass().getName();
        failures.add(new Failure(host + ": " + reason, error));
    }

    /**
     * One exception naming every host tried and why it was not used, the per-host exceptions
     * suppressed. Transient when every host failed with a transient error (a timeout, a server
     * starting up), so that a retry may help; otherwise non-transient.
     */
    R2dbcException toException(List<HostSpec> hosts, TargetServerType target) {
        StringBuilder message = new StringBuilder();
        if (target == TargetServerType.ANY) {
            message.append("cannot connect to any of the hosts ").append(hosts);
        } else {
            message.append("no host of ").append(hosts).append(" fits targetServerType=").append(target.optionName());
        }
        boolean transientOnly = !failures.isEmpty();
        String separator = ": ";
        for (Failure f : failures) {
            message.append(separator).append(f.line());
            separator = "; ";
            transientOnly &= f.error() instanceof R2dbcTransientException;
        }
        R2dbcException e = transientOnly
                ? new R2dbcTransientResourceException(message.toString(), UNABLE_TO_CONNECT)
                : new R2dbcNonTransientResourceException(message.toString(), UNABLE_TO_CONNECT);
        for (Failure f : failures) {
            if (f.error() != null) {
                e.addSuppressed(f.error());
            }
        }
        return e;
    }
}
