package io.pgfast.protocol.auth;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The choices; expected hashes computed with openssl and Python hashlib over the certificates' DER bytes. */
class ChannelBindingTest {

    /** Self-signed P-256 certificate signed with ecdsa-with-SHA384. */
    private static final String ECDSA_SHA384 = "-----BEGIN CERTIFICATE-----\n"
        + "MIIBhDCCASmgAwIBAgIUQMF2+g5zWexJsZrM+FcgoJtncNgwCgYIKoZIzj0EAwMw\n"
        + "FjEUMBIGA1UEAwwLcGdmYXN0LXRlc3QwIBcNMjYxMjAxMDczMTEwWhgPMjEyNjEx\n"
        + "MDcwNzMxMTBaMBYxFDASBgNVBAMMC3BnZmFzdC10ZXN0MFkwEwYHKoZIzj0CAQYI\n"
        + "KoZIzj0DAQcDQgAE9DWOSAV/r5VjvUjr+w5PqlKqD77jmQsYgBqpN8DdhRJLNCNc\n"
        + "4zQ3bAF4GqHqDWVu907Mu+J4Q7MTtyPN7hlCXqNTMFEwHQYDVR0OBBYEFFkSUK36\n"
        + "aTjHMdFp0zVnsVYegY3qMB8GA1UdIwQYMBaAFFkSUK36aTjHMdFp0zVnsVYegY3q\n"
        + "MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwMDSQAwRgIhALnQmtzUday+Ra7D\n"
        + "UNN48+mQErG/aR/7IVKm7eO7UYB0AiEArJXs1NzSkXXi2BMSXZhwLRQbN7eRlRSU\n"
        + "G3LLVICtvEE=\n"
        + "-----END CERTIFICATE-----\n";

    /** The same key signed with ecdsa-with-SHA1, for which RFC 5929 says to use SHA-256. */
    private static final String ECDSA_SHA1 = "-----BEGIN CERTIFICATE-----\n"
        + "MIIBgjCCASigAwIBAgIUYsTH5pc/7bU2A8UxV9n8IInj/pMwCQYHKoZIzj0EATAW\n"
        + "MRQwEgYDVQQDDAtwZ2Zhc3QtdGVzdDAgFw0yNjEyMDEwNzMxMTBaGA8yMTI2MTEw\n"
        + "NzA3MzExMFowFjEUMBIGA1UEAwwLcGdmYXN0LXRlc3QwWTATBgcqhkjOPQIBBggq\n"
        + "hkjOPQMBBwNCAAT0NY5IBX+vlWO9SOv7Dk+qUqoPvuOZCxiAGqk3wN2FEks0I1zj\n"
        + "NDdsAXgaoeoNZW73Tsy74nhDsxO3I83uGUJeo1MwUTAdBgNVHQ4EFgQUWRJQrfpp\n"
        + "OMcx0WnTNWexVh6BjeowHwYDVR0jBBgwFoAUWRJQrfppOMcx0WnTNWexVh6Bjeow\n"
        + "DwYDVR0TAQH/BAUwAwEB/zAJBgcqhkjOPQQBA0kAMEYCIQDVwBN6HJIKmUUUimpS\n"
        + "66ATO5law2RV/ur/oKJSR8jfFwIhAMJSGL1+9yyYB/MI0G/QhaSsYVuh3SD+m5zb\n"
        + "AxG6/DSe\n"
        + "-----END CERTIFICATE-----\n";

    private static X509Certificate certificate(String pem) throws Exception {
        return (X509Certificate) CertificateFactory.getInstance("X.509")
            .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void hashFollowsTheSignatureAlgorithm() throws Exception {
        assertThat(HexFormat.of().formatHex(TlsServerEndPoint.channelBindingData(certificate(ECDSA_SHA384))))
            .isEqualTo("aa11d2ebd38dd4c138b3c62c911206071303bbf45b1f10ee50020bf0e59076e7a6db4a3065a99e0344c270baf4535180");
    }

    @Test
    void sha1IsReplacedBySha256() throws Exception {
        assertThat(HexFormat.of().formatHex(TlsServerEndPoint.channelBindingData(certificate(ECDSA_SHA1))))
            .isEqualTo("582ef53003843fec57bebdd4552643950bcbf12c119062074aaaee047d490102");
    }

    @Test
    void signatureAlgorithmNames() {
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("SHA256withRSA")).isEqualTo("SHA-256");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("MD5withRSA")).isEqualTo("SHA-256");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("SHA1withDSA")).isEqualTo("SHA-256");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("SHA224withECDSA")).isEqualTo("SHA-224");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("SHA512withRSA")).isEqualTo("SHA-512");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("SHA3-256withECDSA")).isEqualTo("SHA3-256");
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("RSASSA-PSS")).isNull();
        assertThat(TlsServerEndPoint.hashOfSignatureAlgorithm("Ed25519")).isNull();
    }

    @Test
    void choices() {
        assertThat(ChannelBinding.notSupported().isBound()).isFalse();
        assertThat(ChannelBinding.supportedButNotUsed().isBound()).isFalse();
        assertThat(ChannelBinding.tlsServerEndPoint(new byte[] {1}).isBound()).isTrue();
        assertThat(ChannelBinding.tlsServerEndPoint(new byte[] {1})).hasToString("ChannelBinding[p=tls-server-end-point]");
        assertThatIllegalArgumentException().isThrownBy(() -> ChannelBinding.tlsServerEndPoint(new byte[0]));
    }
}
