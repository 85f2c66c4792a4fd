package io.pgfast.protocol.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * The client side of one SCRAM-SHA-256 or SCRAM-SHA-256-PLUS exchange (RFC 5802, RFC 7677) as
 * PostgreSQL runs it (docs, "SASL Authentication"):
 * <ol>
 *   <li>{@link #clientFirstMessage()} goes in SASLInitialResponse, with {@link #mechanism()};</li>
 *   <li>{@link #clientFinalMessage(byte[])} answers AuthenticationSASLContinue (server-first-message)
 *       and goes in SASLResponse;</li>
 *   <li>{@link #verifyServerFinal(byte[])} checks AuthenticationSASLFinal (server-final-message):
 *       only then has the server proven that it knows the password.</li>
 * </ol>
 *
 * <p>As in libpq, the user name in client-first-message is empty ({@code n=}): PostgreSQL ignores it
 * and uses the one from the StartupMessage. The password goes through {@link SaslPrep} with
 * PostgreSQL's fallback to the raw bytes. The client nonce is 18 random bytes from
 * {@link SecureRandom}, base64-encoded (as libpq).
 *
 * <p>Every bad server input raises {@link ScramException}. The password is copied at construction,
 * wiped once the keys are derived, and never appears in a message or {@code toString}. Not
 * thread-safe: one instance serves one exchange on one connection.
 */
public final class ScramSha256Client {

    public static final String SCRAM_SHA_256 = "SCRAM-SHA-256";
    public static final String SCRAM_SHA_256_PLUS = "SCRAM-SHA-256-PLUS";

    /**
     * The largest iteration count accepted. PostgreSQL uses 4096 by default (scram_iterations); a
     * server asking for more than ten million would make the client hash for many seconds, which
     * only a hostile server does.
     */
    public static final int MAX_ITERATIONS = 10_000_000;

    private static final int NONCE_BYTES = 18;
    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private enum State { INITIAL, FIRST_SENT, FINAL_SENT, VERIFIED }

    private final ChannelBinding channelBinding;
    private final String clientNonce;
    private final byte[] clientFirstBare;
    private byte[] password;
    private byte[] expectedServerSignature;
    private State state = State.INITIAL;

    /**
     * @param password       the password's bytes (UTF-8 for a text password); copied
     * @param channelBinding the channel binding choice; it also selects the mechanism
     * @throws IllegalArgumentException when the password is empty (libpq refuses it too)
     */
    public ScramSha256Client(byte[] password, ChannelBinding channelBinding) {
        this(password, channelBinding, "", randomNonce());
    }

    /** For tests: a given user name (PostgreSQL's is always empty) and client nonce. */
    ScramSha256Client(byte[] password, ChannelBinding channelBinding, String user, String clientNonce) {
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("SCRAM authentication needs a non-empty password");
        }
        if (channelBinding == null) {
            throw new IllegalArgumentException("channelBinding must not be null");
        }
        if (clientNonce.isEmpty() || !isPrintable(clientNonce)) {
            throw new IllegalArgumentException("the client nonce must be printable ASCII without ','");
        }
        this.password = SaslPrep.prepare(password);
        this.channelBinding = channelBinding;
        this.clientNonce = clientNonce;
        this.clientFirstBare = ("n=" + saslName(user) + ",r=" + clientNonce).getBytes(StandardCharsets.UTF_8);
    }

    private static String randomNonce() {
        byte[] raw = new byte[NONCE_BYTES];
        RANDOM.nextBytes(raw);
        return Base64.getEncoder().encodeToString(raw);
    }

    /** RFC 5802 saslname: ',' and '=' are escaped as =2C and =3D. */
    private static String saslName(String user) {
        return user.replace("=", "=3D").replace(",", "=2C");
    }

    /** RFC 5802 printable: %x21-2B / %x2D-7E, i.e. visible ASCII except ','. */
    private static boolean isPrintable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7E || c == ',') {
                return false;
            }
        }
        return true;
    }

    /** {@code SCRAM-SHA-256-PLUS} when binding to the channel, else {@code SCRAM-SHA-256}. */
    public String mechanism() {
        return channelBinding.isBound() ? SCRAM_SHA_256_PLUS : SCRAM_SHA_256;
    }

    /** The client-first-message: gs2-header, then {@code n=,r=<client nonce>}. */
    public byte[] clientFirstMessage() {
        if (state != State.INITIAL) {
            throw new IllegalStateException("client-first-message was already sent");
        }
        state = State.FIRST_SENT;
        byte[] header = channelBinding.gs2Header().getBytes(StandardCharsets.US_ASCII);
        return concat(header, clientFirstBare);
    }

    /**
     * Checks the server-first-message and computes the client-final-message with the client proof.
     *
     * @throws ScramException when the message is malformed, carries an error or a mandatory
     *                        extension, its nonce does not extend the client's, its salt is not
     *                        base64, or its iteration count is not in 1..{@value #MAX_ITERATIONS}
     */
    public byte[] clientFinalMessage(byte[] serverFirstMessage) {
        if (state != State.FIRST_SENT) {
            throw new IllegalStateException("client-final-message comes once, after client-first-message");
        }
        // ISO-8859-1 maps bytes to chars one to one, so the exact bytes can be restored below.
        String serverFirst = new String(serverFirstMessage, StandardCharsets.ISO_8859_1);
        checkNotError(serverFirst, "server-first-message");
        if (serverFirst.startsWith("m=")) {
            throw new ScramException("SCRAM server-first-message asks for a mandatory extension, which is not supported");
        }
        String[] attributes = serverFirst.split(",", -1);
        if (attributes.length < 3) {
            throw new ScramException("SCRAM server-first-message is malformed: expected r=, s= and i= attributes");
        }
        String nonce = attribute(attributes[0], 'r', "server-first-message");
        byte[] salt = base64(attribute(attributes[1], 's', "server-first-message"), "salt");
        int iterations = iterations(attribute(attributes[2], 'i', "server-first-message"));
        if (nonce.length() <= clientNonce.length() || !nonce.startsWith(clientNonce)) {
            throw new ScramException("SCRAM server nonce does not extend the client nonce");
        }
        if (!isPrintable(nonce)) {
            throw new ScramException("SCRAM server nonce contains a character outside printable ASCII");
        }
        if (salt.length == 0) {
            throw new ScramException("SCRAM salt is empty");
        }

        byte[] saltedPassword = hi(password, salt, iterations);
        Arrays.fill(password, (byte) 0);
        password = null;
        byte[] clientKey = hmac(saltedPassword, "Client Key".getBytes(StandardCharsets.US_ASCII));
        byte[] storedKey = sha256(clientKey);
        byte[] serverKey = hmac(saltedPassword, "Server Key".getBytes(StandardCharsets.US_ASCII));
        Arrays.fill(saltedPassword, (byte) 0);

        String withoutProof = "c=" + Base64.getEncoder().encodeToString(channelBinding.cbindInput()) + ",r=" + nonce;
        byte[] withoutProofBytes = withoutProof.getBytes(StandardCharsets.US_ASCII);
        byte[] comma = {','};
        byte[] authMessage = concat(concat(clientFirstBare, comma), concat(concat(serverFirstMessage, comma), withoutProofBytes));

        byte[] proof = hmac(storedKey, authMessage);
        for (int i = 0; i < proof.length; i++) {
            proof[i] ^= clientKey[i];
        }
        Arrays.fill(clientKey, (byte) 0);
        expectedServerSignature = hmac(serverKey, authMessage);
        state = State.FINAL_SENT;
        return (withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Checks the server-final-message: the server signature must be the one only a server knowing
     * the password can compute.
     *
     * @throws ScramException when the message carries an error ({@code e=}), is malformed, or its
     *                        signature does not match
     */
    public void verifyServerFinal(byte[] serverFinalMessage) {
        if (state != State.FINAL_SENT) {
            throw new IllegalStateException("server-final-message is verified once, after client-final-message");
        }
        String serverFinal = new String(serverFinalMessage, StandardCharsets.ISO_8859_1);
        checkNotError(serverFinal, "server-final-message");
        String verifier = attribute(serverFinal.split(",", -1)[0], 'v', "server-final-message");
        byte[] signature = base64(verifier, "server signature");
        if (!MessageDigest.isEqual(signature, expectedServerSignature)) {
            throw new ScramException("SCRAM server signature does not match: the server did not prove it knows the password");
        }
        state = State.VERIFIED;
    }

    /** Whether {@link #verifyServerFinal} succeeded. */
    public boolean isVerified() {
        return state == State.VERIFIED;
    }

    private static void checkNotError(String message, String name) {
        if (message.startsWith("e=")) {
            int end = message.indexOf(',');
            String error = end < 0 ? message.substring(2) : message.substring(2, end);
            throw new ScramException("SCRAM " + name + " reports error: " + error);
        }
    }

    private static String attribute(String text, char name, String message) {
        if (text.length() < 2 || text.charAt(0) != name || text.charAt(1) != '=') {
            throw new ScramException("SCRAM " + message + " is malformed: expected attribute " + name + "=");
        }
        return text.substring(2);
    }

    private static byte[] base64(String value, String what) {
        try {
            return Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new ScramException("SCRAM " + what + " is not valid base64");
        }
    }

    /** At most 8 digits are parsed, so a long digit string cannot overflow before the range check. */
    private static int iterations(String value) {
        if (value.isEmpty() || value.length() > 8) {
            throw new ScramException("SCRAM iteration count '" + abbreviate(value) + "' is not in 1.." + MAX_ITERATIONS);
        }
        int count = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw new ScramException("SCRAM iteration count '" + abbreviate(value) + "' is not a number");
            }
            count = count * 10 + (c - '0');
        }
        if (count < 1 || count > MAX_ITERATIONS) {
            throw new ScramException("SCRAM iteration count " + count + " is not in 1.." + MAX_ITERATIONS);
        }
        return count;
    }

    private static String abbreviate(String value) {
        return value.length() <= 20 ? value : value.substring(0, 20) + "...";
    }

    /** RFC 5802 Hi(): PBKDF2 with HMAC-SHA-256 and a 32-byte output, over raw password bytes. */
    private static byte[] hi(byte[] password, byte[] salt, int iterations) {
        Mac mac = mac(password);
        mac.update(salt);
        mac.update(new byte[] {0, 0, 0, 1});
        byte[] u = mac.doFinal();
        byte[] result = u.clone();
        try {
            for (int i = 1; i < iterations; i++) {
                mac.update(u);
                mac.doFinal(u, 0);
                for (int j = 0; j < result.length; j++) {
                    result[j] ^= u[j];
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA-256 failed", e);
        }
        return result;
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return mac(key).doFinal(data);
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide HMAC-SHA-256", e);
        }
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide SHA-256", e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] result = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, result, a.length, b.length);
        return result;
    }

    /** Shows the mechanism and progress, never the password or keys. */
    @Override
    public String toString() {
        return "ScramSha256Client[" + mechanism() + ", " + channelBinding + ", " + state + "]";
    }
}
