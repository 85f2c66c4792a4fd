package io.pgfast.protocol.auth;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
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
 * <p>The computation is RFC 5802 section 3 with H = SHA-256 and HMAC = HMAC-SHA-256 (RFC 7677):
 * <pre>
 * SaltedPassword  = Hi(Normalize(password), salt, i)      Hi = PBKDF2 (RFC 8018) with HMAC-SHA-256
 * ClientKey       = HMAC(SaltedPassword, "Client Key")
 * StoredKey       = H(ClientKey)
 * AuthMessage     = client-first-message-bare + "," + server-first-message + "," + client-final-message-without-proof
 * ClientSignature = HMAC(StoredKey, AuthMessage)
 * ClientProof     = ClientKey XOR ClientSignature
 * ServerKey       = HMAC(SaltedPassword, "Server Key")
 * ServerSignature = HMAC(ServerKey, AuthMessage)
 * </pre>
 * Normalize is {@link SaslPrep} (SASLprep with PostgreSQL's fallback to the raw password), and the
 * prepared password is hashed as UTF-8. Hi is computed here with {@link Mac} over those bytes rather
 * than with the JDK's {@code PBKDF2WithHmacSHA256}, whose {@code char[]} password leaves the encoding to
 * the provider. The server signature is compared in constant time.
 *
 * <p>The channel binding choice is the caller's ({@link ChannelBinding}); it gives the gs2-header and,
 * when bound, the data of the {@code c=} attribute. The server-first-message is checked first
 * ({@link ScramMessageChecks}) so that a bad one gets a message naming the rule it broke, and the
 * iteration count is bounded ({@value #MAX_ITERATIONS}) so a hostile server cannot make the client hash
 * for minutes.
 *
 * <p>The user name in client-first-message is {@value #USER}, as pgjdbc sends: PostgreSQL ignores
 * it and uses the one of the StartupMessage (docs, "SCRAM-SHA-256 Authentication"). The client nonce
 * is 18 random bytes from {@link SecureRandom}, base64-encoded (as libpq).
 *
 * <p>Every bad server input raises {@link ScramException}. The password is copied at construction,
 * wiped once SaltedPassword is derived (or the server-first-message is refused), and never appears in a
 * message or {@code toString}; the derived keys are wiped as soon as they have been used, the expected
 * server signature once it has been compared. Limit: the JDK's HMAC keeps pads derived from its key
 * inside the {@link Mac} until that is collected. Not thread-safe: one instance serves one exchange on
 * one connection.
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

    /** The user name of client-first-message; see the class comment. */
    static final String USER = "*";

    private static final int NONCE_BYTES = 18;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String HMAC_SHA_256 = "HmacSHA256";
    private static final byte[] CLIENT_KEY = "Client Key".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_KEY = "Server Key".getBytes(StandardCharsets.US_ASCII);
    /** INT(1) of Hi's first block (RFC 5802 section 2.2): one block suffices, SHA-256 output is the key length. */
    private static final byte[] BLOCK_1 = {0, 0, 0, 1};

    private enum State { INITIAL, FIRST_SENT, FINAL_SENT, VERIFIED, FAILED }

    private final ChannelBinding channelBinding;
    private final String clientNonce;
    private final String clientFirstBare;
    /** The prepared password as UTF-8; wiped, and null, from the server-first-message on. */
    private byte[] password;
    /** ServerSignature, from client-final-message until it has been compared. */
    private byte[] expectedServerSignature;
    private State state = State.INITIAL;

    /**
     * @param password       the password; copied (the caller may wipe its array)
     * @param channelBinding the channel binding choice; it also selects the mechanism
     * @throws IllegalArgumentException when the password is empty (libpq refuses it too)
     */
    public ScramSha256Client(char[] password, ChannelBinding channelBinding) {
        this(password, channelBinding, USER, randomNonce());
    }

    /** For tests: a given user name and client nonce. */
    ScramSha256Client(char[] password, ChannelBinding channelBinding, String user, String clientNonce) {
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("SCRAM authentication needs a non-empty password");
        }
        if (channelBinding == null) {
            throw new IllegalArgumentException("channelBinding must not be null");
        }
        if (clientNonce.isEmpty() || !ScramMessageChecks.isPrintable(clientNonce)) {
            throw new IllegalArgumentException("the client nonce must be printable ASCII without ','");
        }
        this.channelBinding = channelBinding;
        this.clientNonce = clientNonce;
        this.clientFirstBare = "n=" + saslName(user) + ",r=" + clientNonce;
        char[] prepared = SaslPrep.prepare(password);
        try {
            this.password = utf8(prepared);
        } finally {
            Arrays.fill(prepared, '\0');
        }
    }

    private static String randomNonce() {
        byte[] raw = new byte[NONCE_BYTES];
        RANDOM.nextBytes(raw);
        return Base64.getEncoder().encodeToString(raw);
    }

    /** saslname of RFC 5802 section 7: "=" and "," escaped as "=3D" and "=2C". */
    private static String saslName(String user) {
        return user.replace("=", "=3D").replace(",", "=2C");
    }

    /** {@code SCRAM-SHA-256-PLUS} when binding to the channel, else {@code SCRAM-SHA-256}. */
    public String mechanism() {
        return channelBinding.isBound() ? SCRAM_SHA_256_PLUS : SCRAM_SHA_256;
    }

    /** The client-first-message: gs2-header, then {@code n=*,r=<client nonce>}. */
    public byte[] clientFirstMessage() {
        if (state != State.INITIAL) {
            throw new IllegalStateException("client-first-message was already sent");
        }
        state = State.FIRST_SENT;
        return (channelBinding.gs2Header() + clientFirstBare).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Checks the server-first-message and computes the client-final-message with the client proof.
     *
     * @throws ScramException when the message is malformed, carries an error, a mandatory extension
     *                        or any extension after the iteration count (PostgreSQL sends none), its
     *                        nonce does not extend the client's, its salt is not base64, or its
     *                        iteration count is not in 1..{@value #MAX_ITERATIONS}
     */
    public byte[] clientFinalMessage(byte[] serverFirstMessage) {
        if (state != State.FIRST_SENT) {
            throw new IllegalStateException("client-final-message comes once, after client-first-message");
        }
        state = State.FAILED;
        byte[] saltedPassword = null;
        try {
            // ISO-8859-1 maps bytes to chars one to one: a non-ASCII byte stays visible to the checks
            String serverFirst = new String(serverFirstMessage, StandardCharsets.ISO_8859_1);
            ScramMessageChecks.ServerFirst parsed = ScramMessageChecks.check(serverFirst, clientNonce, MAX_ITERATIONS);
            String withoutProof = "c=" + Base64.getEncoder().encodeToString(channelBindingInput()) + ",r=" + parsed.nonce();
            // the checks passed: the message is printable ASCII, so it is signed exactly as received
            byte[] authMessage = (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
            Mac mac = hmacSha256();
            saltedPassword = hi(mac, password, parsed.salt(), parsed.iterations());
            wipePassword();
            byte[] clientKey = hmac(mac, saltedPassword, CLIENT_KEY);
            byte[] storedKey = sha256(clientKey);
            byte[] clientSignature = hmac(mac, storedKey, authMessage);
            byte[] clientProof = new byte[clientKey.length];
            for (int i = 0; i < clientProof.length; i++) {
                clientProof[i] = (byte) (clientKey[i] ^ clientSignature[i]);
            }
            byte[] serverKey = hmac(mac, saltedPassword, SERVER_KEY);
            expectedServerSignature = hmac(mac, serverKey, authMessage);
            String proof = Base64.getEncoder().encodeToString(clientProof);
            for (byte[] secret : new byte[][] {clientKey, storedKey, clientSignature, clientProof, serverKey}) {
                Arrays.fill(secret, (byte) 0);
            }
            state = State.FINAL_SENT;
            return (withoutProof + ",p=" + proof).getBytes(StandardCharsets.US_ASCII);
        } finally {
            wipePassword();
            if (saltedPassword != null) {
                Arrays.fill(saltedPassword, (byte) 0);
            }
        }
    }

    /** The input of the {@code c=} attribute: the gs2-header, then the binding data when bound (RFC 5802 section 7). */
    private byte[] channelBindingInput() {
        byte[] header = channelBinding.gs2Header().getBytes(StandardCharsets.US_ASCII);
        byte[] data = channelBinding.data();
        if (data == null) {
            return header;
        }
        byte[] input = Arrays.copyOf(header, header.length + data.length);
        System.arraycopy(data, 0, input, header.length, data.length);
        return input;
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
        state = State.FAILED;
        byte[] expected = expectedServerSignature;
        expectedServerSignature = null;
        try {
            String serverFinal = new String(serverFinalMessage, StandardCharsets.ISO_8859_1);
            byte[] signature = ScramMessageChecks.checkFinal(serverFinal);
            if (!MessageDigest.isEqual(expected, signature)) {
                throw new ScramException("SCRAM server signature does not match: the server did not prove it knows the password");
            }
        } finally {
            Arrays.fill(expected, (byte) 0);
        }
        state = State.VERIFIED;
    }

    /** Whether {@link #verifyServerFinal} succeeded. */
    public boolean isVerified() {
        return state == State.VERIFIED;
    }

    /** Shows the mechanism and progress, never the password or keys. */
    @Override
    public String toString() {
        return "ScramSha256Client[" + mechanism() + ", " + channelBinding + ", " + state + "]";
    }

    private void wipePassword() {
        if (password != null) {
            Arrays.fill(password, (byte) 0);
            password = null;
        }
    }

    /**
     * Hi(str, salt, i) of RFC 5802 section 2.2: U1 = HMAC(str, salt + INT(1)), Uk = HMAC(str, Uk-1),
     * the result U1 XOR U2 XOR ... XOR Ui.
     */
    static byte[] hi(Mac mac, byte[] str, byte[] salt, int iterations) {
        Key key = new Key(str);
        try {
            mac.init(key);
            mac.update(salt);
            mac.update(BLOCK_1);
            byte[] u = mac.doFinal();
            byte[] result = u.clone();
            for (int k = 1; k < iterations; k++) {
                mac.update(u);
                mac.doFinal(u, 0);
                for (int j = 0; j < result.length; j++) {
                    result[j] ^= u[j];
                }
            }
            Arrays.fill(u, (byte) 0);
            return result;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide " + HMAC_SHA_256, e);
        } finally {
            key.destroy();
        }
    }

    private static byte[] hmac(Mac mac, byte[] key, byte[] data) {
        Key secret = new Key(key);
        try {
            mac.init(secret);
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide " + HMAC_SHA_256, e);
        } finally {
            secret.destroy();
        }
    }

    private static Mac hmacSha256() {
        try {
            return Mac.getInstance(HMAC_SHA_256);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide " + HMAC_SHA_256, e);
        }
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK must provide SHA-256", e);
        }
    }

    /**
     * UTF-8 of {@code chars} into an array of its exact length; a lone surrogate becomes {@code ?}, as
     * {@link String#getBytes} encodes it. The encoder's own buffer is wiped.
     */
    private static byte[] utf8(char[] chars) {
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        ByteBuffer encoded;
        try {
            encoded = encoder.encode(CharBuffer.wrap(chars));
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("UTF-8 with replacement cannot fail", e);
        }
        byte[] bytes = Arrays.copyOfRange(encoded.array(), encoded.arrayOffset(), encoded.arrayOffset() + encoded.limit());
        Arrays.fill(encoded.array(), (byte) 0);
        return bytes;
    }

    /**
     * An HMAC key whose bytes this class can wipe ({@link javax.crypto.spec.SecretKeySpec} keeps a copy it
     * cannot destroy). {@link #getEncoded} hands out a copy, which the JDK's HMAC wipes after deriving its
     * pads from it.
     */
    private static final class Key implements SecretKey {

        private static final long serialVersionUID = 1L;

        private final byte[] bytes;
        private boolean destroyed;

        Key(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        @Override
        public String getAlgorithm() {
            return HMAC_SHA_256;
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            if (destroyed) {
                throw new IllegalStateException("the key was destroyed");
            }
            return bytes.clone();
        }

        @Override
        public void destroy() {
            Arrays.fill(bytes, (byte) 0);
            destroyed = true;
        }

        @Override
        public boolean isDestroyed() {
            return destroyed;
        }
    }
}
