package io.pgfast.tck;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.ConnectionFactory;
import org.postgresql.Driver;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalInt;
import java.util.List;
import java.util.Properties;

/**
 * The test server as this module sees it: one login role, reached through our driver and through pgjdbc
 * (pooled by HikariCP), so that what one writes the other reads. Made on first use, once per JVM; the pool
 * closes when the JVM exits.
 *
 * <p>The role is the SCRAM one when the server has it (every harness-made server does), else the superuser
 * of an external server. Both drivers use the JVM's default time zone as the session {@code TimeZone}
 * (pgjdbc always does; our driver's {@code timeZone} defaults to it).
 */
final class TestDatabase {

    private static TestDatabase instance;

    private final TestServer server;
    private final TestRole role;
    private final SslMode sslMode;
    private final HikariDataSource pool;
    private final JdbcTemplate jdbc;
    private final PgfastConnectionFactory factory;

    private TestDatabase(TestServer server) {
        this.server = server;
        this.role = server.supports(AuthMethod.SCRAM) ? server.role(AuthMethod.SCRAM)
                : new TestRole(server.superuser(), server.superuserPassword());
        // an external server may insist on TLS; the harness's own servers are reached in plaintext
        this.sslMode = server.kind() == TestServer.Kind.EXTERNAL ? SslMode.PREFER : SslMode.DISABLE;
        this.factory = new PgfastConnectionFactory(configuration().build());
        this.pool = new HikariDataSource(poolConfig());
        this.jdbc = new JdbcTemplate(pool);
        Runtime.getRuntime().addShutdownHook(new Thread(pool::close, "pgfast-tck-pool-close"));
    }

    static synchronized TestDatabase get() {
        if (instance == null) {
            instance = new TestDatabase(TestPostgres.get());
        }
        return instance;
    }

    /** The major of the server, if this JVM has used it already; never starts one. */
    static synchronized OptionalInt startedMajor() {
        return instance == null ? OptionalInt.empty() : OptionalInt.of(instance.majorVersion());
    }

    int majorVersion() {
        return server.majorVersion();
    }

    /** Our driver's configuration for the role; callers may change it before {@code build()}. */
    PgfastConnectionConfigurationBuilder configuration() {
        return PgfastConnectionConfiguration.builder()
                .host(server.host()).port(server.port()).database(server.database())
                .username(role.user()).password(role.password())
                .sslMode(sslMode);
    }

    ConnectionFactory connectionFactory() {
        return factory;
    }

    JdbcOperations jdbcOperations() {
        return jdbc;
    }

    /** Runs statements as the server's superuser (CREATE EXTENSION, which the test role may not be allowed). */
    void executeAsSuperuser(List<String> sql) {
        server.execute(sql.toArray(new String[0]));
    }

    /**
     * A new pgjdbc connection of its own, outside the pool (autocommit on), for a caller that changes session
     * settings; the caller closes it.
     */
    Connection newJdbcConnection() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", role.user());
        properties.setProperty("password", role.password());
        Connection connection = new Driver().connect(jdbcUrl(), properties);
        if (connection == null) {
            throw new SQLException("pgjdbc does not accept " + jdbcUrl());
        }
        return connection;
    }

    private String jdbcUrl() {
        String host = server.host().indexOf(':') >= 0 ? "[" + server.host() + "]" : server.host();
        return "jdbc:postgresql://" + host + ":" + server.port() + "/" + server.database()
                + "?sslmode=" + (sslMode == SslMode.DISABLE ? "disable" : "prefer")
                + "&connectTimeout=10&loginTimeout=30";
    }

    private HikariConfig poolConfig() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl());
        config.setUsername(role.user());
        config.setPassword(role.password());
        config.setPoolName("pgfast-tck");
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(0);
        return config;
    }
}
