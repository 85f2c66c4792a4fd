package io.pgfast.testing;

/**
 * The harness's PostgreSQL as a Spring Boot application sees it: an R2DBC URL ({@code spring.r2dbc.url}) and a login
 * role ({@code spring.r2dbc.username}, {@code password}). For the Spring Boot modules' tests and the examples.
 */
public final class BootTestDatabase {

    /** The {@code application_name} of the application's connections, to find them in {@code pg_stat_activity}. */
    public static final String APPLICATION_NAME = "pgfast-boot-test";

    private BootTestDatabase() {
    }

    public static TestServer server() {
        return TestPostgres.get();
    }

    /** A password role when the harness made one (an external server may have only its superuser). */
    public static TestRole role() {
        TestServer server = server();
        return server.supports(AuthMethod.SCRAM)
                ? server.role(AuthMethod.SCRAM)
                : new TestRole(server.superuser(), server.superuserPassword());
    }

    /** {@code r2dbc:<driver>://host:port/database?applicationName=...}, an IPv6 host in brackets. */
    public static String url(String driver) {
        return urlWithoutOptions(driver) + "?applicationName=" + APPLICATION_NAME;
    }

    /** {@code r2dbc:<driver>://host:port/database}. */
    public static String urlWithoutOptions(String driver) {
        TestServer server = server();
        String host = server.host().indexOf(':') >= 0 ? "[" + server.host() + "]" : server.host();
        return "r2dbc:" + driver + "://" + host + ":" + server.port() + "/" + server.database();
    }
}
