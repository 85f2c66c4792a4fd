package io.pgfast.transport.tls;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.NetUtil;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * The client side of TLS for one {@link TlsSettings}: a Netty {@link SslContext} (JDK provider, TLS
 * 1.2 and 1.3, as PostgreSQL's default {@code ssl_min_protocol_version}) and {@link SslHandler}s for
 * a host. Which server certificates are accepted follows libpq's sslmode table
 * ({@link TlsSettings.ServerCheck}):
 * <ul>
 *   <li>NONE (allow, prefer): any certificate (the encryption is opportunistic; unlike libpq, a root
 *       certificate file does not turn checking on in these modes);</li>
 *   <li>CHAIN_IF_ROOT_AVAILABLE (require): any certificate, unless a root certificate is available
 *       (an explicit file, or {@code ~/.postgresql/root.crt} exists): then as CHAIN;</li>
 *   <li>CHAIN (verify-ca): the chain must lead to a certificate in the root file (default
 *       {@code ~/.postgresql/root.crt}, which must then exist), or to the JVM's trusted roots for
 *       {@link TlsSettings.Roots#SYSTEM};</li>
 *   <li>CHAIN_AND_HOST (verify-full): as CHAIN, and the certificate must name the host: a DNS subject
 *       alternative name (one leading {@code *} label allowed), an IP address SAN for an IP host, or,
 *       for a host name when the certificate has no DNS SAN, its common name (the JDK's HTTPS rules,
 *       RFC 2818).</li>
 * </ul>
 * Server Name Indication carries the host name when {@link TlsSettings#sni()} is on and the host is
 * not an IP address. {@link TlsSettings#direct()} offers ALPN {@code postgresql}; call
 * {@link #checkNegotiatedProtocol(SslHandler)} after the handshake. A client certificate is sent
 * when one is set and the server asks for one.
 *
 * <p>Files are read when {@link #create} runs; create a new instance to pick up changed files.
 */
public final class ClientTls {

    /** The ALPN protocol name PostgreSQL 17 and later require on a direct TLS connection. */
    public static final String ALPN_POSTGRESQL = "postgresql";

    private static final byte[] KEY_PROBE = "r2dbc-pgfast client key check".getBytes(StandardCharsets.US_ASCII);

    private final SslContext context;
    private final boolean verifiesCertificate;
    private final boolean verifiesHostName;
    /** Null: the JDK checks the host name (endpoint identification HTTPS). */
    private final javax.net.ssl.HostnameVerifier hostnameVerifier;
    private final boolean sni;
    private final boolean direct;
    private final long handshakeTimeoutMillis;

    private ClientTls(SslContext context, boolean verifiesCertificate, TlsSettings settings) {
        this.context = context;
        this.verifiesCertificate = verifiesCertificate;
        this.verifiesHostName = settings.serverCheck() == TlsSettings.ServerCheck.CHAIN_AND_HOST;
        this.hostnameVerifier = verifiesHostName ? settings.hostnameVerifier().orElse(null) : null;
        this.sni = settings.sni();
        this.direct = settings.direct();
        this.handshakeTimeoutMillis = settings.handshakeTimeout().toMillis();
    }

    /**
     * @throws TlsConfigurationException if a certificate or key file is missing or unusable
     */
    public static ClientTls create(TlsSettings settings) {
        return create(settings, defaultRootCertificate());
    }

    /** libpq's default root certificate file, {@code ~/.postgresql/root.crt}. */
    public static Path defaultRootCertificate() {
        return Path.of(System.getProperty("user.home"), ".postgresql", "root.crt");
    }

    static ClientTls create(TlsSettings settings, Path defaultRootCertificate) {
        SslContextBuilder builder = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                .protocols("TLSv1.3", "TLSv1.2")
                .endpointIdentificationAlgorithm(settings.serverCheck() == TlsSettings.ServerCheck.CHAIN_AND_HOST ? "HTTPS" : null);
        boolean verify = trust(builder, settings, defaultRootCertificate);
        if (settings.clientCertificateFile().isPresent() && settings.clientKeyFile().isPresent()) {
            Path certFile = settings.clientCertificateFile().get();
            Path keyFile = settings.clientKeyFile().get();
            List<X509Certificate> chain = certificates("sslCert", certFile);
            PrivateKey key = ClientKeys.read(keyFile, settings.clientKeyPassword().orElse(null));
            checkKeyMatches(key, chain.get(0), keyFile, certFile);
            builder.keyManager(key, chain);
        }
        if (settings.direct()) {
            builder.applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.FATAL_ALERT, ALPN_POSTGRESQL));
        }
        if (settings.contextCustomizer().isPresent()) {
            builder = settings.contextCustomizer().get().apply(builder);
            if (builder == null) {
                throw new TlsConfigurationException("sslContextBuilderCustomizer returned null instead of the SslContextBuilder");
            }
        }
        try {
            return new ClientTls(builder.build(), verify, settings);
        } catch (SSLException | RuntimeException e) {
            throw new TlsConfigurationException("the JVM refused the TLS settings: " + e.getMessage(), e);
        }
    }

    /** Configures the trust managers; returns whether server certificates are checked. */
    private static boolean trust(SslContextBuilder builder, TlsSettings settings, Path defaultRoot) {
        if (settings.roots() == TlsSettings.Roots.SYSTEM) {
            try {
                TrustManagerFactory system = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                system.init((KeyStore) null);
                builder.trustManager(system);
                return true;
            } catch (GeneralSecurityException e) {
                throw new TlsConfigurationException("sslRootCert=system: the JVM's default trust store cannot be loaded: " + e, e);
            }
        }
        TlsSettings.ServerCheck check = settings.serverCheck();
        Path explicit = settings.rootCertificateFile().orElse(null);
        Path rootFile = explicit != null ? explicit : defaultRoot;
        boolean verify = check == TlsSettings.ServerCheck.CHAIN || check == TlsSettings.ServerCheck.CHAIN_AND_HOST
                || check == TlsSettings.ServerCheck.CHAIN_IF_ROOT_AVAILABLE && (explicit != null || Files.exists(defaultRoot));
        if (!verify) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
            return false;
        }
        if (!Files.exists(rootFile)) {
            throw new TlsConfigurationException("root certificate file \"" + rootFile + "\" does not exist (sslMode="
                    + check.sslMode() + " checks the server certificate); provide it with sslRootCert, use sslRootCert=system "
                    + "for the JVM's trusted roots, or use sslMode=require to skip the check");
        }
        builder.trustManager(certificates("sslRootCert", rootFile));
        return true;
    }

    private static List<X509Certificate> certificates(String option, Path file) {
        List<X509Certificate> out = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (PemFile.Block block : PemFile.read(option, file)) {
                if (block.label().equals("CERTIFICATE")) {
                    out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block.der())));
                }
            }
        } catch (CertificateException e) {
            throw new TlsConfigurationException(option + " file " + file + " holds a certificate that cannot be parsed: "
                    + e.getMessage(), e);
        }
        if (out.isEmpty()) {
            throw new TlsConfigurationException(option + " file " + file
                    + " holds no PEM certificate (no \"-----BEGIN CERTIFICATE-----\" block)");
        }
        return out;
    }

    /** Signs a probe with the key and verifies it with the certificate, as libpq's "does not match" check. */
    private static void checkKeyMatches(PrivateKey key, X509Certificate certificate, Path keyFile, Path certFile) {
        String algorithm = probeSignature(key.getAlgorithm());
        if (algorithm == null) {
            // RSASSA-PSS keys need explicit parameters; the server rejects a mismatch in the handshake
            return;
        }
        TlsConfigurationException mismatch = new TlsConfigurationException("sslKey file " + keyFile
                + " does not match the certificate in sslCert file " + certFile);
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(KEY_PROBE);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(KEY_PROBE);
            if (!verifier.verify(signature)) {
                throw mismatch;
            }
        } catch (InvalidKeyException e) {
            throw mismatch;
        } catch (GeneralSecurityException e) {
            throw new TlsConfigurationException("sslKey file " + keyFile + " cannot be used for signing: " + e.getMessage(), e);
        }
    }

    private static String probeSignature(String keyAlgorithm) {
        switch (keyAlgorithm) {
            case "RSA": return "SHA256withRSA";
            case "EC": return "SHA256withECDSA";
            case "DSA": return "SHA256withDSA";
            case "EdDSA": case "Ed25519": case "Ed448": return "EdDSA";
            default: return null;
        }
    }

    public SslContext sslContext() {
        return context;
    }

    /** Whether server certificates must chain to a trusted root. */
    public boolean verifiesCertificate() {
        return verifiesCertificate;
    }

    /** Whether the server certificate must name the host (VERIFY_FULL). */
    public boolean verifiesHostName() {
        return verifiesHostName;
    }

    /**
     * A handler for a connection to {@code host}: the host goes into SNI (unless it is an IP address
     * or sslSni is off) and into the host name check of VERIFY_FULL; the handshake times out after
     * connectTimeout (never, when that is zero).
     *
     * @param host the host name or IP address as configured, not a resolved address
     */
    public SslHandler newHandler(ByteBufAllocator allocator, String host, int port) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        SslHandler handler = context.newHandler(allocator, host, port);
        SSLEngine engine = handler.engine();
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm(verifiesHostName && hostnameVerifier == null ? "HTTPS" : null);
        parameters.setServerNames(serverNames(host));
        engine.setSSLParameters(parameters);
        handler.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
        return handler;
    }

    private List<SNIServerName> serverNames(String host) {
        // an empty list also stops the JDK from adding a name of its own
        if (!sni || NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host)) {
            return List.of();
        }
        try {
            return List.of(new SNIHostName(host));
        } catch (IllegalArgumentException e) {
            // not a name SNI can carry (RFC 6066 section 3: no trailing dot, LDH labels): send none
            return List.of();
        }
    }

    /**
     * After the handshake, with sslMode verify-full and an {@code sslHostnameVerifier}: asks it whether
     * the session's certificate fits {@code host} (the JDK's check is off then). Does nothing otherwise.
     *
     * @throws R2dbcNonTransientResourceException when the verifier refuses
     */
    public void checkHostName(SslHandler handler, String host) {
        if (hostnameVerifier != null && !hostnameVerifier.verify(host, handler.engine().getSession())) {
            throw new R2dbcNonTransientResourceException("sslHostnameVerifier " + hostnameVerifier.getClass().getName()
                    + " refused the server certificate for host " + host + " (sslMode=verify-full)");
        }
    }

    /**
     * After the handshake of a direct TLS connection, checks that the server chose ALPN
     * {@code postgresql}, as libpq does: a server that did not is no PostgreSQL 17+ accepting direct
     * TLS. Does nothing for sslNegotiation=postgres.
     *
     * @throws R2dbcNonTransientResourceException when the server negotiated no or another protocol
     */
    public void checkNegotiatedProtocol(SslHandler handler) {
        if (!direct) {
            return;
        }
        String protocol = handler.applicationProtocol();
        if (!ALPN_POSTGRESQL.equals(protocol)) {
            throw new R2dbcNonTransientResourceException("the server did not negotiate ALPN protocol \"postgresql\" on a direct TLS "
                    + "connection" + (protocol == null ? "" : " (it chose \"" + protocol + "\")")
                    + "; direct TLS needs PostgreSQL 17 or later without a proxy in between: use sslNegotiation=postgres");
        }
    }
}
