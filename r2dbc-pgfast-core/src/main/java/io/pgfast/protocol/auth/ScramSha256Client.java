package io.pgfast.protocol.auth;

import com.ongres.scram.client.ScramClient;
import com.ongres.scram.common.StringPreparation;
import com.ongres.scram.common.exception.ScramInvalidServerSignatureException;
import com.ongres.scram.common.exception.ScramParseException;
import com.ongres.scram.common.exception.ScramServerErrorException;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

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
 * <p>The SCRAM computation, the message syntax and SASLprep are those of
 * {@code com.ongres.scram:scram-client}, the library pgjdbc and r2dbc-postgresql use, with its
 * {@link StringPreparation#POSTGRESQL_PREPARATION} (see {@link SaslPrep}): SASLprep, falling back to the raw password
 * where SASLprep refuses it, as the server does when it stores the secret (docs, "SCRAM-SHA-256
 * Authentication"). This class adds what the driver promises beyond the library: the channel
 * binding choice is the caller's ({@link ChannelBinding}), the server-first-message is checked
 * here first so that a bad one gets a message naming the rule it broke, and the iteration count
 * is bounded ({@value #MAX_ITERATIONS}) so a hostile server cannot make the client hash for
 * minutes.
 *
 * <p>The user name in client-first-message is {@value #USER}, as pgjdbc sends: PostgreSQL ignores
 * it and uses the one of the StartupMessage (docs, "SCRAM-SHA-256 Authentication"); the library
 * refuses the empty name libpq sends. The client nonce is 18 random bytes from
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

    /** The user name of client-first-message; see the class comment. */
    static final String USER = "*";

    private static final int NONCE_BYTES = 18;
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * scram-client sends gs2 flag "y" when it is given binding data and the offered mechanisms
     * lack a -PLUS one; it then drops the data (a "y" carries none, RFC 5802 section 6), so any
     * non-empty value selects the flag and none of it is ever sent.
     */
    private static final byte[] UNSENT_BINDING_DATA = {0};

    private enum State { INITIAL, FIRST_SENT, FINAL_SENT, VERIFIED, FAILED }

    private final ChannelBinding channelBinding;
    private final String clientNonce;
    private final ScramClient scram;
    private State state = State.INITIAL;

    /**
     * @param password       the password; copied (the caller may wipe its array)
     * @param channelBinding the channel binding choice; it also selects the mechanism
     * @throws IllegalArgumentException when the password is empty (libpq refuses it too), or SASLprep
     *                                  leaves nothing of it (see {@link SaslPrep})
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
        char[] prepared = SaslPrep.forScramClient(password);
        try {
            ScramClient.FinalBuildStage builder = ScramClient.builder()
                    .advertisedMechanisms(List.of(mechanism()))
                    .username(user)
                    .password(prepared)
                    .stringPreparation(SaslPrep.preparation(password))
                    .nonceSupplier(() -> clientNonce);
            if (channelBinding.isBound()) {
                builder.channelBinding(ChannelBinding.TLS_SERVER_END_POINT, channelBinding.data());
            } else if (channelBinding == ChannelBinding.supportedButNotUsed()) {
                builder.channelBinding(ChannelBinding.TLS_SERVER_END_POINT, UNSENT_BINDING_DATA);
            }
            this.scram = builder.build();
        } finally {
            Arrays.fill(prepared, '\0');
        }
    }

    private static String randomNonce() {
        byte[] raw = new byte[NONCE_BYTES];
        RANDOM.nextBytes(raw);
        return Base64.getEncoder().encodeToString(raw);
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
        return scram.clientFirstMessage().toString().getBytes(StandardCharsets.UTF_8);
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
        // ISO-8859-1 maps bytes to chars one to one: a non-ASCII byte stays visible to the checks
        String serverFirst = new String(serverFirstMessage, StandardCharsets.ISO_8859_1);
        ScramMessageChecks.check(serverFirst, clientNonce, MAX_ITERATIONS);
        try {
            scram.serverFirstMessage(serverFirst);
            String clientFinal = scram.clientFinalMessage().toString();
            state = State.FINAL_SENT;
            return clientFinal.getBytes(StandardCharsets.US_ASCII);
        } catch (ScramParseException | IllegalArgumentException e) {
            throw new ScramException("SCRAM server-first-message is malformed: " + e.getMessage(), e);
        }
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
        String serverFinal = new String(serverFinalMessage, StandardCharsets.ISO_8859_1);
        ScramMessageChecks.checkFinal(serverFinal);
        try {
            scram.serverFinalMessage(serverFinal);
        } catch (ScramInvalidServerSignatureException e) {
            throw new ScramException("SCRAM server signature does not match: the server did not prove it knows the password", e);
        } catch (ScramServerErrorException e) {
            throw new ScramException("SCRAM server-final-message reports error: " + e.getServerError(), e);
        } catch (ScramParseException | IllegalArgumentException e) {
            throw new ScramException("SCRAM server-final-message is malformed: " + e.getMessage(), e);
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
}
