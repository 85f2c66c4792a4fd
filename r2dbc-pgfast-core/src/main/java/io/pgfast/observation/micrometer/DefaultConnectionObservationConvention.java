package io.pgfast.observation.micrometer;

import io.micrometer.common.KeyValues;

/**
 * {@code r2dbc.connection}: the low-cardinality {@code db.system}, {@code db.name},
 * {@code server.address}, {@code server.port}, {@code error}; contextual name {@code connect <database>}.
 */
public class DefaultConnectionObservationConvention implements ConnectionObservationConvention {

    /** The default convention; subclass it to change some of its key values. */
    public DefaultConnectionObservationConvention() {
    }

    public static final String NAME = "r2dbc.connection";

    static final DefaultConnectionObservationConvention INSTANCE = new DefaultConnectionObservationConvention();

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(ConnectionContext context) {
        return "connect " + context.getDatabase();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(ConnectionContext context) {
        return EndpointKeyValues.of(context);
    }
}
