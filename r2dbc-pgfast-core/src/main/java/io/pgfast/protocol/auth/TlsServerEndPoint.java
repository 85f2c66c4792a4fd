package io.pgfast.protocol.auth;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.spec.PSSParameterSpec;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code tls-server-end-point} channel binding of RFC 5929 section 4, which SCRAM-SHA-256-PLUS
 * uses (PostgreSQL supports no other binding type): the hash of the server certificate's DER
 * encoding, taken with the hash function of the certificate's signature algorithm, except that
 * MD5 and SHA-1 are replaced by SHA-256 (section 4.1). For RSASSA-PSS the hash comes from the
 * signature parameters, as the server computes it (PostgreSQL's be_tls_get_certificate_hash asks
 * OpenSSL's X509_get_signature_info, which reads them). Algorithms that name no single hash
 * (Ed25519, Ed448) have no binding defined: the server cannot compute one either, so a client that
 * requires channel binding must refuse such a certificate rather than authenticate without it.
 *
 * <p>This is the driver's only computation of the binding data; the startup flow hands its result
 * to {@link ChannelBinding#tlsServerEndPoint(byte[])}.
 */
public final class TlsServerEndPoint {

    /** The hash name in JDK signature algorithm names: {@code SHA256}withRSA, {@code SHA3-512}withECDSA, {@code MD5}withRSA. */
    private static final Pattern SIGNATURE = Pattern.compile("(MD2|MD5|SHA1?|SHA(224|256|384|512)|SHA512/(224|256)|SHA3-(224|256|384|512))WITH.*");

    private TlsServerEndPoint() {
    }

    /**
     * The channel binding data for {@code certificate} (the server's end-entity certificate).
     *
     * @throws IllegalArgumentException if the certificate's signature algorithm defines no hash for
     *                                  channel binding (see {@link #hashAlgorithm})
     */
    public static byte[] channelBindingData(X509Certificate certificate) {
        String hash = hashAlgorithm(certificate).orElseThrow(() -> new IllegalArgumentException(
                "no tls-server-end-point channel binding for a certificate signed with " + certificate.getSigAlgName()
                        + " (RFC 5929 section 4.1 defines it only for signatures with one hash function)"));
        try {
            return MessageDigest.getInstance(hash).digest(certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot compute " + hash + " of the server certificate: " + e.getMessage(), e);
        }
    }

    /**
     * The JDK name of the hash for channel binding ({@code SHA-256}, {@code SHA-384}, ...), or empty
     * when the certificate's signature algorithm defines none.
     */
    public static Optional<String> hashAlgorithm(X509Certificate certificate) {
        if (certificate == null) {
            throw new IllegalArgumentException("certificate must not be null");
        }
        String name = certificate.getSigAlgName().toUpperCase(Locale.ROOT);
        if (name.equals("RSASSA-PSS") || "1.2.840.113549.1.1.10".equals(certificate.getSigAlgOID())) {
            return pssHash(certificate.getSigAlgParams());
        }
        return Optional.ofNullable(hashOfSignatureAlgorithm(name));
    }

    /**
     * The hash of a signature algorithm named as the JDK names them ({@code SHA256withRSA} to
     * {@code SHA-256}, MD5 and SHA-1 strengthened to SHA-256), or null when the name carries none
     * ({@code Ed25519}, and {@code RSASSA-PSS}, whose hash is in its parameters).
     */
    static String hashOfSignatureAlgorithm(String signatureAlgorithm) {
        Matcher m = SIGNATURE.matcher(signatureAlgorithm.toUpperCase(Locale.ROOT));
        return m.matches() ? strengthen(m.group(1)) : null;
    }

    private static Optional<String> pssHash(byte[] encodedParameters) {
        if (encodedParameters == null) {
            // RSASSA-PSS-params absent: every field takes its default, hash SHA-1 (RFC 8017 A.2.3)
            return Optional.of("SHA-256");
        }
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("RSASSA-PSS");
            parameters.init(encodedParameters);
            // a standard JDK digest name already: SHA-1, SHA-256, SHA-512/256, SHA3-384
            String digest = parameters.getParameterSpec(PSSParameterSpec.class).getDigestAlgorithm().toUpperCase(Locale.ROOT);
            return Optional.of(digest.equals("SHA-1") || digest.equals("SHA1") || digest.equals("SHA") ? "SHA-256" : digest);
        } catch (GeneralSecurityException | IOException e) {
            return Optional.empty();
        }
    }

    /** Maps a hash as signature names spell it ("SHA256", "SHA3-256", "SHA512/256") to its JDK name, MD5 and SHA-1 to SHA-256. */
    private static String strengthen(String token) {
        switch (token) {
            case "MD2": case "MD5": case "SHA": case "SHA1":
                return "SHA-256";
            default:
                return token.startsWith("SHA3-") ? token : "SHA-" + token.substring(3);
        }
    }
}
