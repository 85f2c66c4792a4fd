package io.pgfast.transport.tls;

import io.netty.handler.ssl.SslContextBuilder;

import javax.net.ssl.HostnameVerifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What {@link ClientTls} needs to know, and nothing else: the transport's own value, so that it never
 * reads the R2DBC configuration (the connection setup builds one from it). Immutable; the password
 * never appears in {@link #toString()}.
 */
public final class TlsSettings {

    /**
     * Which server certificates are accepted: libpq's sslmode table condensed to what the TLS layer
     * does (docs, "SSL Support", table "SSL Mode Descriptions").
     */
    public enum ServerCheck {
        /** sslmode allow and prefer: any certificate; encryption is opportunistic. */
        NONE("prefer"),
        /**
         * sslmode require: any certificate, unless a root certificate is available (an explicit
         * root file, or the default root file exists); then as {@link #CHAIN}, as libpq does.
         */
        CHAIN_IF_ROOT_AVAILABLE("require"),
        /** sslmode verify-ca: the chain must lead to a trusted root. */
        CHAIN("verify-ca"),
        /** sslmode verify-full: as {@link #CHAIN}, and the certificate must name the host. */
        CHAIN_AND_HOST("verify-full");

        private final String sslMode;

        ServerCheck(String sslMode) {
            this.sslMode = sslMode;
        }

        /** The libpq sslmode this check stands for, for messages. */
        public String sslMode() {
            return sslMode;
        }
    }

    /** Where trusted root certificates come from. */
    public enum Roots {
        /** libpq's default file, {@code ~/.postgresql/root.crt} (see {@link ClientTls#defaultRootCertificate()}). */
        DEFAULT_FILE,
        /** The file of {@link #rootCertificateFile()}. */
        FILE,
        /** The JVM's default trust store (libpq 16's {@code sslrootcert=system}). */
        SYSTEM
    }

    private final ServerCheck serverCheck;
    private final Roots roots;
    private final Path rootCertificateFile;
    private final Path clientCertificateFile;
    private final Path clientKeyFile;
    private final String clientKeyPassword;
    private final boolean sni;
    private final boolean direct;
    private final Duration handshakeTimeout;
    private final Function<SslContextBuilder, SslContextBuilder> contextCustomizer;
    private final HostnameVerifier hostnameVerifier;

    private TlsSettings(Builder b) {
        this.serverCheck = b.serverCheck;
        this.roots = b.roots;
        this.rootCertificateFile = b.rootCertificateFile;
        this.clientCertificateFile = b.clientCertificateFile;
        this.clientKeyFile = b.clientKeyFile;
        this.clientKeyPassword = b.clientKeyPassword;
        this.sni = b.sni;
        this.direct = b.direct;
        this.handshakeTimeout = b.handshakeTimeout;
        this.contextCustomizer = b.contextCustomizer;
        this.hostnameVerifier = b.hostnameVerifier;
    }

    /** @param serverCheck which server certificates are accepted */
    public static Builder builder(ServerCheck serverCheck) {
        return new Builder(serverCheck);
    }

    public ServerCheck serverCheck() {
        return serverCheck;
    }

    public Roots roots() {
        return roots;
    }

    /** The PEM file of trusted roots when {@link #roots()} is {@link Roots#FILE}. */
    public Optional<Path> rootCertificateFile() {
        return Optional.ofNullable(rootCertificateFile);
    }

    /** The client certificate chain file (PEM); present exactly when {@link #clientKeyFile()} is. */
    public Optional<Path> clientCertificateFile() {
        return Optional.ofNullable(clientCertificateFile);
    }

    public Optional<Path> clientKeyFile() {
        return Optional.ofNullable(clientKeyFile);
    }

    /** libpq's sslpassword: decrypts an encrypted client key; ignored for an unencrypted one. */
    public Optional<String> clientKeyPassword() {
        return Optional.ofNullable(clientKeyPassword);
    }

    /** Whether Server Name Indication carries the host name (never an IP address). */
    public boolean sni() {
        return sni;
    }

    /** Whether TLS starts at once with ALPN {@code postgresql} (sslnegotiation=direct). */
    public boolean direct() {
        return direct;
    }

    /** Bound of the handshake; {@link Duration#ZERO} for none. */
    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    /** Applied to Netty's {@code SslContextBuilder} after every other setting, before it builds; empty for none. */
    public Optional<Function<SslContextBuilder, SslContextBuilder>> contextCustomizer() {
        return Optional.ofNullable(contextCustomizer);
    }

    /** Replaces the built-in host name check of {@link ServerCheck#CHAIN_AND_HOST}; empty for the built-in one. */
    public Optional<HostnameVerifier> hostnameVerifier() {
        return Optional.ofNullable(hostnameVerifier);
    }

    @Override
    public String toString() {
        return "TlsSettings[" + serverCheck + ", roots " + roots + (rootCertificateFile == null ? "" : " " + rootCertificateFile)
                + (clientCertificateFile == null ? "" : ", client certificate " + clientCertificateFile + ", key " + clientKeyFile
                + (clientKeyPassword == null ? "" : " (with password)"))
                + ", sni " + sni + ", direct " + direct + ", handshake timeout " + handshakeTimeout + "]";
    }

    /** Collects the settings; every value but the check has libpq's default. */
    public static final class Builder {

        private final ServerCheck serverCheck;
        private Roots roots = Roots.DEFAULT_FILE;
        private Path rootCertificateFile;
        private Path clientCertificateFile;
        private Path clientKeyFile;
        private String clientKeyPassword;
        private boolean sni = true;
        private boolean direct;
        private Duration handshakeTimeout = Duration.ZERO;
        private Function<SslContextBuilder, SslContextBuilder> contextCustomizer;
        private HostnameVerifier hostnameVerifier;

        private Builder(ServerCheck serverCheck) {
            this.serverCheck = Objects.requireNonNull(serverCheck, "serverCheck");
        }

        /** Trusted roots from this PEM file instead of the default file. */
        public Builder rootCertificateFile(Path file) {
            this.rootCertificateFile = Objects.requireNonNull(file, "file");
            this.roots = Roots.FILE;
            return this;
        }

        /** Trusted roots from the JVM's default trust store. */
        public Builder systemRoots() {
            this.rootCertificateFile = null;
            this.roots = Roots.SYSTEM;
            return this;
        }

        /**
         * A client certificate chain and its key, sent when the server asks for one.
         *
         * @param password the key's password, or null for an unencrypted key
         */
        public Builder clientCertificate(Path certificateFile, Path keyFile, String password) {
            this.clientCertificateFile = Objects.requireNonNull(certificateFile, "certificateFile");
            this.clientKeyFile = Objects.requireNonNull(keyFile, "keyFile");
            this.clientKeyPassword = password;
            return this;
        }

        public Builder sni(boolean sni) {
            this.sni = sni;
            return this;
        }

        public Builder direct(boolean direct) {
            this.direct = direct;
            return this;
        }

        /** @param timeout the handshake's bound; {@link Duration#ZERO} for none */
        public Builder handshakeTimeout(Duration timeout) {
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("handshakeTimeout must not be negative: " + timeout);
            }
            this.handshakeTimeout = timeout;
            return this;
        }

        /** Changes Netty's {@code SslContextBuilder} after the driver has configured it (trust, keys, protocols). */
        public Builder contextCustomizer(Function<SslContextBuilder, SslContextBuilder> customizer) {
            this.contextCustomizer = Objects.requireNonNull(customizer, "customizer");
            return this;
        }

        /** Checks the host name after the handshake instead of the JDK's HTTPS rules (verify-full only). */
        public Builder hostnameVerifier(HostnameVerifier verifier) {
            this.hostnameVerifier = Objects.requireNonNull(verifier, "verifier");
            return this;
        }

        public TlsSettings build() {
            return new TlsSettings(this);
        }
    }
}
