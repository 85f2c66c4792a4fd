package io.pgfast.observation.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations this driver makes, their key values and events. Key names follow the OpenTelemetry
 * database and server conventions where one exists ({@code db.system}, {@code db.name},
 * {@code db.statement}, {@code server.address}, {@code server.port}).
 */
public enum R2dbcObservationDocumentation implements ObservationDocumentation {

    /** One executed statement: from {@code execute()} being subscribed to the end of its conversation. */
    QUERY {
        @Override
        public String getName() {
            return DefaultQueryObservationConvention.NAME;
        }

        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultQueryObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeys.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return QueryHighCardinalityKeys.values();
        }

        @Override
        public Observation.Event[] getEvents() {
            return Events.values();
        }
    },

    /** Opening one connection: TCP or Unix socket, TLS, authentication, the type lookup of a first connection. */
    CONNECTION {
        @Override
        public String getName() {
            return DefaultConnectionObservationConvention.NAME;
        }

        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultConnectionObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeys.values();
        }

        @Override
        public Observation.Event[] getEvents() {
            return Events.values();
        }
    };

    /** Present on every observation of both kinds, with the same names, so meters can be tagged alike. */
    public enum LowCardinalityKeys implements KeyName {
        /** Always {@code postgresql}. */
        DB_SYSTEM("db.system"),
        /** The database connected to. */
        DB_NAME("db.name"),
        /** The server's host as configured or connected to, or the Unix-domain socket. */
        SERVER_ADDRESS("server.address"),
        /** The server's port. */
        SERVER_PORT("server.port"),
        /** The simple class name of the error, {@code none} without one. */
        ERROR("error");

        private final String key;

        LowCardinalityKeys(String key) {
            this.key = key;
        }

        @Override
        public String asString() {
            return key;
        }
    }

    /** Per statement: the SQL and what it did. */
    public enum QueryHighCardinalityKeys implements KeyName {
        /** The SQL as sent; bound values never appear in it. */
        DB_STATEMENT("db.statement"),
        /** Rows the statement returned, added up over its Results (from CommandComplete). */
        ROWS_RETURNED("r2dbc.rows.returned"),
        /** Rows the statement inserted, updated or deleted, added up over its Results. */
        ROWS_UPDATED("r2dbc.rows.updated");

        private final String key;

        QueryHighCardinalityKeys(String key) {
            this.key = key;
        }

        @Override
        public String asString() {
            return key;
        }
    }

    /** What may happen during an observation. */
    public enum Events implements Observation.Event {
        /** The subscriber gave up (a cancelled Result, or cancelled before the connection or statement was ready). */
        CANCELLED("r2dbc.cancelled");

        private final String name;

        Events(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
