package io.pgfast.protocol.auth;

import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The expected client-final and server-final messages of the PostgreSQL-shaped exchanges (user
 * name "*", as sent to PostgreSQL) were computed independently with Python's hashlib.pbkdf2_hmac and
 * hmac; the first test is the RFC 7677 section 3 example, Hi is checked against RFC 7914 section 11's
 * PBKDF2-HMAC-SHA256 vectors. That a real server accepts the proofs is shown by ServerStoredSecretTest
 * and the integration tests that sign on with SCRAM.
 */
class ScramSha256ClientTest {

    private static final String NONCE = "9IZ2O01zb9IgiIZ1WJ/zgpJB";
    private static final String SERVER_FIRST =
        "r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,s=AAECAwQFBgcICQoLDA0ODw==,i=4096";
    private static final String PASSWORD = "pencil";
    private static final String NON_ASCII_FINAL =
        "c=biws,r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,p=sUBeuXNUlbA3Bw1S8YFzeB6IX5ouBSN6Brfo2qOTX98=";
    private static final String NON_ASCII_SIGNATURE = "v=U/yH1lClVNf8vcrtvIOn5oP/I1s1sIkUS4czGb/y9TI=";

    private static char[] chars(String text) {
        return text.toCharArray();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static ScramSha256Client client(String password, ChannelBinding binding) {
        return new ScramSha256Client(password.toCharArray(), binding, "*", NONCE);
    }

    @Test
    void rfc7677Example() {
        ScramSha256Client client = new ScramSha256Client(chars("pencil"), ChannelBinding.notSupported(), "user",
            "rOprNGfwEbeRWgbNEkqO");
        assertThat(text(client.clientFirstMessage())).isEqualTo("n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
        byte[] clientFinal = client.clientFinalMessage(ascii(
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"));
        assertThat(text(clientFinal)).isEqualTo("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
            + "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
        client.verifyServerFinal(ascii("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="));
        assertThat(client.isVerified()).isTrue();
    }

    @Test
    void postgresqlExchangeWithoutChannelBinding() {
        ScramSha256Client client = client(PASSWORD, ChannelBinding.notSupported());
        assertThat(client.mechanism()).isEqualTo("SCRAM-SHA-256");
        assertThat(text(client.clientFirstMessage())).isEqualTo("n,,n=*,r=" + NONCE);
        assertThat(text(client.clientFinalMessage(ascii(SERVER_FIRST)))).isEqualTo(
            "c=biws,r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,p=CmomEkjrHM7BUfYCh4H9Gy4VU42tOBlA6vpg+X2F8Mg=");
        client.verifyServerFinal(ascii("v=HdMPgV6DhjlG4sxsBehfhQdbMb2bpa5nhwimycOLyNY="));
        assertThat(client.isVerified()).isTrue();
    }

    @Test
    void supportedButNotUsed() {
        ScramSha256Client client = client(PASSWORD, ChannelBinding.supportedButNotUsed());
        assertThat(client.mechanism()).isEqualTo("SCRAM-SHA-256");
        assertThat(text(client.clientFirstMessage())).isEqualTo("y,,n=*,r=" + NONCE);
        assertThat(text(client.clientFinalMessage(ascii(SERVER_FIRST)))).isEqualTo(
            "c=eSws,r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,p=7Y880iS4Ej+A/HvOjeigZXwdVis5d1PHtYt21i1PgkQ=");
        client.verifyServerFinal(ascii("v=yFFWXK0rxDvsICO2stpujnXV6sXz7Fc9ov1Y/h2mLBc="));
    }

    @Test
    void tlsServerEndPointBinding() {
        byte[] certificateHash = new byte[32];
        for (int i = 0; i < 32; i++) {
            certificateHash[i] = (byte) i;
        }
        ScramSha256Client client = client(PASSWORD, ChannelBinding.tlsServerEndPoint(certificateHash));
        assertThat(client.mechanism()).isEqualTo("SCRAM-SHA-256-PLUS");
        assertThat(text(client.clientFirstMessage())).isEqualTo("p=tls-server-end-point,,n=*,r=" + NONCE);
        assertThat(text(client.clientFinalMessage(ascii(SERVER_FIRST)))).isEqualTo(
            "c=cD10bHMtc2VydmVyLWVuZC1wb2ludCwsAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=,"
                + "r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,p=XtogKRnbdWLTDfyEUMjjOhqwvqVBGt2M0w6FDSd7Qf0=");
        client.verifyServerFinal(ascii("v=+PNpTnE6WHV6ZZ7Ie/nHejIhSMbiqytPVD4Tvj29jio="));
    }

    @Test
    void passwordIsSaslPrepped() {
        String expected = "c=biws,r=9IZ2O01zb9IgiIZ1WJ/zgpJBhRCI7bTjkUJRVZbMVzrBlJLPzq1jV2dg,"
            + "p=k0AyQpEZcy4HxecYlpGDkUk/liKmb+SN3c/WljrF1sI=";
        for (String password : new String[] {"IX", "I\u00ADX", "\u2168"}) {
            ScramSha256Client client = client(password, ChannelBinding.notSupported());
            client.clientFirstMessage();
            assertThat(text(client.clientFinalMessage(ascii(SERVER_FIRST)))).as(password).isEqualTo(expected);
            client.verifyServerFinal(ascii("v=XS1FOu5Lxfkiu3NAu3tfjkFgKAX+m+xAkQkGLaes2yc="));
        }
    }

    @Test
    void serverExtensionsAfterTheIterationCountAreRefusedNotSignedWrongly() {
        // PostgreSQL never sends them; a message with them is damaged or not from PostgreSQL
        assertServerFirstRejected(SERVER_FIRST + ",x=ext", "extension attributes after the iteration count");
    }

    @Test
    void randomNonceIsBase64Of18Bytes() {
        ScramSha256Client a = new ScramSha256Client(chars(PASSWORD), ChannelBinding.notSupported());
        ScramSha256Client b = new ScramSha256Client(chars(PASSWORD), ChannelBinding.notSupported());
        String first = text(a.clientFirstMessage());
        assertThat(first).matches("n,,n=\\*,r=[A-Za-z0-9+/]{24}");
        assertThat(text(b.clientFirstMessage())).isNotEqualTo(first);
    }

    private static void assertServerFirstRejected(String serverFirst, String message) {
        ScramSha256Client client = new ScramSha256Client(chars("correct horse"), ChannelBinding.notSupported(), "*", NONCE);
        client.clientFirstMessage();
        assertThatThrownBy(() -> client.clientFinalMessage(ascii(serverFirst)))
            .isInstanceOf(ScramException.class)
            .hasMessageContaining(message)
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("correct horse"));
    }

    @Test
    void badServerFirstMessages() {
        String salt = ",s=AAECAwQFBgcICQoLDA0ODw==";
        assertServerFirstRejected("r=XXXX" + NONCE.substring(4) + "server" + salt + ",i=4096", "does not extend the client nonce");
        assertServerFirstRejected("r=" + NONCE + salt + ",i=4096", "does not extend the client nonce");
        assertServerFirstRejected("r=" + NONCE + "se rver" + salt + ",i=4096", "outside printable ASCII");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=0", "iteration count 0 is not in 1..10000000");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=10000001", "iteration count 10000001 is not in 1..10000000");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=99999999999999999999", "is not in 1..10000000");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=-1", "is not a number");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=", "is not in 1..10000000");
        assertServerFirstRejected("r=" + NONCE + "s,s=%%%,i=4096", "salt is not valid base64");
        assertServerFirstRejected("r=" + NONCE + "s,s=,i=4096", "salt is empty");
        assertServerFirstRejected("r=" + NONCE + "s" + salt, "expected r=, s= and i= attributes");
        assertServerFirstRejected("s=AAAA,r=" + NONCE + "s,i=4096", "expected attribute r=");
        assertServerFirstRejected("r=" + NONCE + "s,i=4096" + salt, "expected attribute s=");
        assertServerFirstRejected("m=ext,r=" + NONCE + "s" + salt + ",i=4096", "mandatory extension");
        assertServerFirstRejected("e=other-error", "server-first-message reports error: other-error");
        assertServerFirstRejected("", "expected r=, s= and i= attributes");
    }

    private static ScramSha256Client afterClientFinal() {
        ScramSha256Client client = new ScramSha256Client(chars("correct horse"), ChannelBinding.notSupported(), "*", NONCE);
        client.clientFirstMessage();
        client.clientFinalMessage(ascii(SERVER_FIRST));
        return client;
    }

    @Test
    void badServerFinalMessages() {
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("e=invalid-proof")))
            .isInstanceOf(ScramException.class).hasMessage("SCRAM server-final-message reports error: invalid-proof");
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("v=tb80DEPhycWqXeb2rUiH9RbCn2LgBcyc2I0gopGHjo8=")))
            .isInstanceOf(ScramException.class).hasMessageContaining("server signature does not match");
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("v=***")))
            .isInstanceOf(ScramException.class).hasMessageContaining("server signature is not valid base64");
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("x=1")))
            .isInstanceOf(ScramException.class).hasMessageContaining("expected attribute v=");
        ScramSha256Client client = afterClientFinal();
        assertThatThrownBy(() -> client.verifyServerFinal(new byte[0])).isInstanceOf(ScramException.class);
        assertThat(client.isVerified()).isFalse();
    }

    @Test
    void stepsMustComeInOrder() {
        ScramSha256Client client = client(PASSWORD, ChannelBinding.notSupported());
        assertThatIllegalStateException().isThrownBy(() -> client.clientFinalMessage(ascii(SERVER_FIRST)));
        assertThatIllegalStateException().isThrownBy(() -> client.verifyServerFinal(ascii("v=")));
        client.clientFirstMessage();
        assertThatIllegalStateException().isThrownBy(client::clientFirstMessage);
        assertThatIllegalStateException().isThrownBy(() -> client.verifyServerFinal(ascii("v=")));
        client.clientFinalMessage(ascii(SERVER_FIRST));
        assertThatIllegalStateException().isThrownBy(() -> client.clientFinalMessage(ascii(SERVER_FIRST)));
    }

    @Test
    void passwordNeverShows() {
        ScramSha256Client client = new ScramSha256Client(chars("correct horse"), ChannelBinding.notSupported());
        assertThat(client.toString()).doesNotContain("correct").contains("SCRAM-SHA-256");
    }

    @Test
    void hiIsPbkdf2HmacSha256() throws Exception {
        // RFC 7914 section 11: the first 32 bytes (Hi's single block) of the 64-byte PBKDF2-HMAC-SHA256 outputs
        assertThat(HexFormat.of().formatHex(ScramSha256Client.hi(Mac.getInstance("HmacSHA256"), ascii("passwd"), ascii("salt"), 1)))
            .isEqualTo("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc");
        assertThat(HexFormat.of().formatHex(ScramSha256Client.hi(Mac.getInstance("HmacSHA256"), ascii("Password"), ascii("NaCl"), 80000)))
            .isEqualTo("4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56");
    }

    @Test
    void userNameIsEscapedAsSaslName() {
        ScramSha256Client client = new ScramSha256Client(chars(PASSWORD), ChannelBinding.notSupported(), "a=b,c", NONCE);
        assertThat(text(client.clientFirstMessage())).isEqualTo("n,,n=a=3Db=2Cc,r=" + NONCE);
    }

    @Test
    void moreBadServerFirstMessages() {
        String salt = ",s=AAECAwQFBgcICQoLDA0ODw==";
        assertServerFirstRejected("r=" + salt + ",i=4096", "does not extend the client nonce");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i=4096x", "is not a number");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",i= 4096", "is not a number");
        assertServerFirstRejected("r=" + NONCE + "s,s=AAEC AwQF,i=4096", "salt is not valid base64");
        assertServerFirstRejected("r=" + NONCE + "s,x=AAAA,i=4096", "expected attribute s=");
        assertServerFirstRejected("r=" + NONCE + "s" + salt + ",j=4096", "expected attribute i=");
        assertServerFirstRejected("r" + NONCE + "s" + salt + ",i=4096", "expected attribute r=");
        assertServerFirstRejected("e=", "server-first-message reports error: ");
        ScramSha256Client client = new ScramSha256Client(chars("correct horse"), ChannelBinding.notSupported(), "*", NONCE);
        client.clientFirstMessage();
        byte[] nonAscii = ascii("r=" + NONCE + "sX" + salt + ",i=4096");
        nonAscii[2 + NONCE.length() + 1] = (byte) 0xE9; // 'é' in ISO-8859-1, a UTF-8 lead byte otherwise
        assertThatThrownBy(() -> client.clientFinalMessage(nonAscii))
            .isInstanceOf(ScramException.class).hasMessageContaining("outside printable ASCII");
        assertThatIllegalStateException().isThrownBy(() -> client.verifyServerFinal(ascii("v=")));
    }

    @Test
    void moreBadServerFinalMessages() {
        // a signature of the wrong length, an empty one, and the right one with the server's error after it
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("v=AAAA")))
            .isInstanceOf(ScramException.class).hasMessageContaining("server signature does not match");
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("v=")))
            .isInstanceOf(ScramException.class).hasMessageContaining("server signature does not match");
        assertThatThrownBy(() -> afterClientFinal().verifyServerFinal(ascii("e=invalid-proof,x=1")))
            .isInstanceOf(ScramException.class).hasMessage("SCRAM server-final-message reports error: invalid-proof");
        ScramSha256Client client = afterClientFinal();
        assertThatThrownBy(() -> client.verifyServerFinal(ascii("v=tb80DEPhycWqXeb2rUiH9RbCn2LgBcyc2I0gopGHjo8=")))
            .isInstanceOf(ScramException.class);
        // one verdict per exchange: after a failure nothing verifies
        assertThatIllegalStateException().isThrownBy(() -> client.verifyServerFinal(ascii("v=")));
        assertThat(client.isVerified()).isFalse();
    }

    @Test
    void serverFinalExtensionsAreIgnored() {
        ScramSha256Client client = client(PASSWORD, ChannelBinding.notSupported());
        client.clientFirstMessage();
        client.clientFinalMessage(ascii(SERVER_FIRST));
        client.verifyServerFinal(ascii("v=HdMPgV6DhjlG4sxsBehfhQdbMb2bpa5nhwimycOLyNY=,x=future"));
        assertThat(client.isVerified()).isTrue();
    }

    private static Object field(ScramSha256Client client, String name) throws ReflectiveOperationException {
        Field f = ScramSha256Client.class.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(client);
    }

    @Test
    void passwordAndKeysAreDroppedAsSoonAsTheyAreUsed() throws Exception {
        char[] password = chars(PASSWORD);
        ScramSha256Client client = new ScramSha256Client(password, ChannelBinding.notSupported(), "*", NONCE);
        assertThat(password).as("the caller's array is copied, not changed").containsExactly(chars(PASSWORD));
        byte[] held = (byte[]) field(client, "password");
        assertThat(held).containsExactly(ascii(PASSWORD));
        client.clientFirstMessage();
        client.clientFinalMessage(ascii(SERVER_FIRST));
        assertThat(field(client, "password")).isNull();
        assertThat(held).as("wiped, not only dropped").containsOnly((byte) 0);
        byte[] expected = (byte[]) field(client, "expectedServerSignature");
        assertThat(expected).hasSize(32);
        client.verifyServerFinal(ascii("v=HdMPgV6DhjlG4sxsBehfhQdbMb2bpa5nhwimycOLyNY="));
        assertThat(field(client, "expectedServerSignature")).isNull();
        assertThat(expected).containsOnly((byte) 0);

        ScramSha256Client refused = new ScramSha256Client(chars(PASSWORD), ChannelBinding.notSupported(), "*", NONCE);
        byte[] refusedPassword = (byte[]) field(refused, "password");
        refused.clientFirstMessage();
        assertThatThrownBy(() -> refused.clientFinalMessage(ascii("e=other-error"))).isInstanceOf(ScramException.class);
        assertThat(field(refused, "password")).isNull();
        assertThat(refusedPassword).containsOnly((byte) 0);
    }

    @Test
    void nonAsciiPasswordIsHashedAsUtf8() {
        // expected values from Python: hashlib.pbkdf2_hmac("sha256", "pässwörd".encode("utf-8"), salt, 4096), then RFC 5802 section 3
        ScramSha256Client client = client("p\u00E4ssw\u00F6rd", ChannelBinding.notSupported());
        client.clientFirstMessage();
        assertThat(text(client.clientFinalMessage(ascii(SERVER_FIRST)))).isEqualTo(NON_ASCII_FINAL);
        client.verifyServerFinal(ascii(NON_ASCII_SIGNATURE));
        assertThat(client.isVerified()).isTrue();
    }

    @Test
    void emptyPasswordIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ScramSha256Client(new char[0], ChannelBinding.notSupported()));
    }
}
