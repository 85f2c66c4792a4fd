package io.pgfast.connect;

import io.pgfast.error.SqlState;
import io.pgfast.config.TargetServerType;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * A host that answered but has the wrong role for {@code targetServerType}; its connection is closed
 * (Terminate) and the next host is tried. Never reaches the user: it becomes one line of the
 * multi-host failure message.
 */
final class WrongServerTypeException extends R2dbcNonTransientResourceException {

    private static final long serialVersionUID = 1L;

    private final transient HostStatus role;

    WrongServerTypeException(String host, HostStatus role, TargetServerType wanted) {
        super(host + " is a " + role.name().toLowerCase(java.util.Locale.ROOT) + " (targetServerType="
                + wanted.optionName() + ")", SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION);
        this.role = role;
    }

    HostStatus role() {
        return role;
    }
}
