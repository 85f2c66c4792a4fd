package io.pgfast.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A running PostgreSQL for tests, obtained from {@link TestPostgres#get()}. It lives until the JVM exits.
 *
 * <p>Password of every role, the superuser included, is {@code <role>_pw} on servers this harness set up
 * (an external server keeps the superuser password given in its URL).
 */
public interface TestServer {

    /** Where the server came from. */
    enum Kind {
        /** Given by {@code PGFAST_TEST_URL} / {@code -Dpgfast.test.url}. */
        EXTERNAL,
        /** A {@code postgres:<major>} container started through Testcontainers. */
        TESTCONTAINERS,
        /** A throwaway cluster made by initdb from the binaries jar or a local installation. */
        LOCAL_BINARIES
    }

    Kind kind();

    /** Host to connect to over TCP (an IP literal for servers this harness started). */
    String host();

    int port();

    /** The directory holding the server's unix-domain socket, when the tests can reach it. */
    Optional<Path> socketDirectory();

    /** Major version, e.g. 17 (from {@code server_version_num}). */
    int majorVersion();

    /** The {@code server_version} setting, e.g. {@code 17.4}. */
    String serverVersion();

    /** The test database (all test roles may connect and create tables in its schema {@code public}). */
    String database();

    String superuser();

    String superuserPassword();

    /** Whether the server accepts TLS connections ({@code ssl = on}). */
    boolean tlsEnabled();

    /**
     * Whether {@link #caCert()} is the CA that signed this server's certificate, so that
     * {@code sslmode=verify-full} can succeed.
     */
    boolean tlsVerifiable();

    /** Whether this server was set up so that {@link #role(AuthMethod)} logs in with method {@code m}. */
    boolean supports(AuthMethod m);

    /**
     * The role that logs in with method {@code m}.
     *
     * @throws UnsupportedOperationException if {@link #supports(AuthMethod)} is false for {@code m}
     */
    TestRole role(AuthMethod m);

    /**
     * The CA certificate (PEM) that signed the server certificate.
     *
     * @throws UnsupportedOperationException if {@link #tlsVerifiable()} is false
     */
    Path caCert();

    /** A CA certificate (PEM) unrelated to the server, for verification failures. */
    Path wrongCaCert();

    /** Client certificate (PEM) with CN {@code pgfast_cert}, signed by {@link #caCert()}'s CA on servers set up here. */
    Path clientCert();

    /** The client certificate's private key, unencrypted PKCS#8 PEM ({@code BEGIN PRIVATE KEY}). */
    Path clientKey();

    /** The client certificate's private key as unencrypted PKCS#8 DER, the form pgjdbc's {@code sslkey} reads. */
    Path clientKeyPk8();

    /** The client certificate's private key, encrypted PKCS#8 PEM (PBES2, AES-256-CBC) with {@link #clientKeyPassword()}. */
    Path clientKeyEncrypted();

    /** Password of {@link #clientKeyEncrypted()}: {@code clientpass}. */
    String clientKeyPassword();

    /**
     * The role for logical replication tests: REPLICATION attribute, SCRAM login for ordinary and
     * replication connections, may create publications and tables in {@link #database()}
     * ({@code pgfast_replication} / {@code pgfast_replication_pw}). Servers the harness starts have
     * {@code wal_level = logical}.
     *
     * @throws UnsupportedOperationException when this server cannot run logical replication tests, saying why
     *                                       (an external server with another wal_level, or whose URL user is no superuser)
     */
    TestRole replicationRole();

    /** A pgjdbc URL, with user and password, for the superuser on {@link #database()}; TLS off (external: {@code prefer}). */
    String jdbcUrl();

    /** A new pgjdbc connection as superuser to {@link #database()} (autocommit on); the caller closes it. */
    Connection jdbc() throws SQLException;

    /**
     * Runs each statement as superuser on {@link #database()}, in order, autocommit on.
     *
     * @throws IllegalStateException naming the failing statement, if one fails
     */
    void execute(String... sql);
}
