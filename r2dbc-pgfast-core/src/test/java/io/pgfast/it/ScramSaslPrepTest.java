package io.pgfast.it;

import io.pgfast.protocol.auth.ChannelBinding;
import io.pgfast.protocol.auth.ScramSha256Client;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The driver's SCRAM client against the secrets PostgreSQL itself stores: the server SASLpreps a password
 * (or keeps it raw where SASLprep refuses it) when it stores the SCRAM secret, so for every kind of
 * password SASLprep treats specially, the client's proof must pass the server's check against the stored
 * secret (src/backend/libpq/auth-scram.c, verify_client_proof: H(ClientProof XOR HMAC(StoredKey,
 * AuthMessage)) = StoredKey), and the server signature made from the stored ServerKey must satisfy the
 * client. And one real sign-on with a password that SASLprep changes.
 */
@RequiresPostgres
class ScramSaslPrepTest {

    /** rolpassword of a SCRAM secret: SCRAM-SHA-256$iterations:salt$StoredKey:ServerKey (docs, pg_authid). */
    private static final Pattern SECRET = Pattern.compile("SCRAM-SHA-256\\$(\\d+):([^$]+)\\$([^:]+):(.+)");

    /** Each kind of password pg_saslprep treats differently; none contains NUL, which SQL cannot carry. */
    private static final List<String> PASSWORDS = List.of(
            "pencil",                        // ASCII: as it is
            "a\u0007b",                      // ASCII with a control character: as it is
            "p\u00E4ssw\u00F6rd",            // non-ASCII, unchanged by SASLprep
            "I\u00ADX",                      // soft hyphen: mapped to nothing
            "a\u200Bb",                      // zero width space: C.1.2 first, so SPACE
            "a\u00A0b\u3000c",               // non-ASCII spaces: SPACE
            "\u2168",                        // NFKC: IX
            "\uFB01ve",                      // NFKC: five
            "e\u0301t\u00E9",                // NFKC composes
            "\u00AD\u200D",                  // mapped to nothing entirely: raw
            "pass\uE000",                    // private use (C.3): raw
            "pass\u200E",                    // left-to-right mark (C.8): raw
            "a\u200B\uE000",                 // prohibited, so raw with the zero width space
            "\u0221e\u0301",                 // unassigned in Unicode 3.2 (A.1): raw, decomposed e kept
            "e\u0301\uD83D\uDE00",           // U+1F600, unassigned in Unicode 3.2: raw
            "x\uD83C\uDD00\u00E9",           // U+1F100, unassigned in 3.2, checked before NFKC (which gives "0."): raw
            "\uD835\uDC00bc\u00E9",          // U+1D400 (3.2): NFKC A
            "\u0627\u0031",                  // bidi: RandALCat first, not last: raw
            "\u0627a\u0628",                 // bidi: RandALCat with LCat: raw
            "\u0627\u0031\u0628",            // bidi: fine
            "\u05D0 \u05D1");                // Hebrew with a space: fine

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    @Test
    void proofsPassTheServersCheckAgainstItsStoredSecrets() throws Exception {
        TestServer s = TestDb.server();
        String role = "pgfast_saslprep_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        try (Connection c = s.jdbc(); Statement st = c.createStatement()) {
            st.execute("SET password_encryption = 'scram-sha-256'");
            st.execute("CREATE ROLE " + role + " NOLOGIN");
            try {
                for (String password : PASSWORDS) {
                    st.execute("ALTER ROLE " + role + " PASSWORD " + literal(password));
                    String secret;
                    try (ResultSet rs = st.executeQuery("SELECT rolpassword FROM pg_authid WHERE rolname = '" + role + "'")) {
                        assertThat(rs.next()).isTrue();
                        secret = rs.getString(1);
                    }
                    assertThat(exchangeAgainst(secret, password)).as(codePoints(password)).isTrue();
                }
                // the control: a password the secret was not made from fails the server's check
                assertThat(exchangeAgainst(secretOf(st, role), "p\u00E4ssw\u00F6rd")).isFalse();
            } finally {
                st.execute("DROP ROLE " + role);
            }
        }
    }

    private static String secretOf(Statement st, String role) throws Exception {
        try (ResultSet rs = st.executeQuery("SELECT rolpassword FROM pg_authid WHERE rolname = '" + role + "'")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private static String codePoints(String password) {
        StringBuilder out = new StringBuilder();
        password.codePoints().forEach(cp -> out.append(String.format("U+%04X ", cp)));
        return out.toString().trim();
    }

    /**
     * Runs the client against a server side that has only {@code secret}, as PostgreSQL does; whether the
     * server would accept the client's proof (and then the client has verified the server).
     */
    private static boolean exchangeAgainst(String secret, String password) throws Exception {
        Matcher m = SECRET.matcher(secret);
        assertThat(m.matches()).as(secret.substring(0, Math.min(14, secret.length()))).isTrue();
        int iterations = Integer.parseInt(m.group(1));
        byte[] storedKey = Base64.getDecoder().decode(m.group(3));
        byte[] serverKey = Base64.getDecoder().decode(m.group(4));

        ScramSha256Client client = new ScramSha256Client(password.toCharArray(), ChannelBinding.notSupported());
        String clientFirst = ascii(client.clientFirstMessage());
        assertThat(clientFirst).startsWith("n,,");
        String clientFirstBare = clientFirst.substring(3);
        String clientNonce = clientFirstBare.substring(clientFirstBare.indexOf(",r=") + 3);
        String serverFirst = "r=" + clientNonce + "pgfastServerNonce,s=" + m.group(2) + ",i=" + iterations;
        String clientFinal = ascii(client.clientFinalMessage(serverFirst.getBytes(StandardCharsets.US_ASCII)));
        int proofAt = clientFinal.lastIndexOf(",p=");
        String withoutProof = clientFinal.substring(0, proofAt);
        byte[] proof = Base64.getDecoder().decode(clientFinal.substring(proofAt + 3));
        byte[] authMessage = (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.US_ASCII);

        byte[] clientSignature = hmac(storedKey, authMessage);
        byte[] clientKey = new byte[proof.length];
        for (int i = 0; i < proof.length; i++) {
            clientKey[i] = (byte) (proof[i] ^ clientSignature[i]);
        }
        if (!MessageDigest.isEqual(MessageDigest.getInstance("SHA-256").digest(clientKey), storedKey)) {
            return false;
        }
        client.verifyServerFinal(("v=" + Base64.getEncoder().encodeToString(hmac(serverKey, authMessage)))
                .getBytes(StandardCharsets.US_ASCII));
        return client.isVerified();
    }

    private static byte[] hmac(byte[] key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    private static String ascii(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /**
     * A real sign-on whose password SASLprep changes (zero width space to SPACE, NFKC of U+2168, a soft
     * hyphen dropped). Only on servers this harness made: the SCRAM role's password is changed for the
     * test and then restored.
     */
    @Test
    void signsOnWithAPasswordThatSaslPrepChanges() throws Exception {
        TestServer s = TestDb.server();
        assumeTrue(s.kind() != TestServer.Kind.EXTERNAL && s.supports(AuthMethod.SCRAM),
                "changes the SCRAM role's password: harness-made servers only");
        String role = s.role(AuthMethod.SCRAM).user();
        String password = "p\u00E4ss\u200Bw\u00F6r\u00ADd\u2168";
        setPassword(s, role, password);
        try {
            PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).password(password).build());
            try {
                assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(role);
            } finally {
                TestDb.close(c);
            }
            // what the server hashed is the SASLprepped form, so that form signs on as well
            TestDb.close(Pg.connect(Pg.config(AuthMethod.SCRAM).password("p\u00E4ss w\u00F6rdIX").build()));
        } finally {
            setPassword(s, role, s.role(AuthMethod.SCRAM).password());
        }
    }

    private static void setPassword(TestServer s, String role, String password) throws Exception {
        try (Connection c = s.jdbc(); Statement st = c.createStatement()) {
            st.execute("SET password_encryption = 'scram-sha-256'");
            st.execute("ALTER ROLE " + role + " PASSWORD " + literal(password));
        }
    }
}
