package io.pgfast.examples;

import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;

/** The harness's PostgreSQL as Spring Boot sees it: an R2DBC URL and a login role. */
final class TestDatabase {

    /** The {@code application_name} of the application's connections, to find them in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "pgfast-examples-test";

    private TestDatabase() {
    }

    static TestServer server() {
        return TestPostgres.get();
    }

    /** A password role when the harness made one (an external server may have only its superuser). */
    static TestRole role() {
        TestServer server = server();
        return server.supports(AuthMethod.SCRAM)
                ? server.role(AuthMethod.SCRAM)
                : new TestRole(server.superuser(), server.superuserPassword());
    }

    /** {@code r2dbc:<driver>://host:port/database?applicationName=...}, an IPv6 host in brackets. */
    static String url(String driver) {
        return urlWithoutOptions(driver) + "?applicationName=" + APPLICATION_NAME;
    }

    /** {@code r2dbc:<driver>://host:port/database}. */
    static String urlWithoutOptions(String driver) {
        TestServer server = server();
        String host = server.host().indexOf(':') >= 0 ? "[" + server.host() + "]" : server.host();
        return "r2dbc:" + driver + "://" + host + ":" + server.port() + "/" + server.database();
    }
}
