package io.pgfast.protocol.auth;

import java.util.Base64;

/**
 * The parsing of a server's SCRAM messages (RFC 5802 section 7), where every failure is a
 * {@link ScramException} that names the rule of RFC 5802 (or the bound of this driver) the message
 * broke. Nothing is computed with a message before it has passed.
 */
final class ScramMessageChecks {

    private ScramMessageChecks() {
    }

    /**
     * The attributes of a server-first-message that passed {@link #check}.
     *
     * @param nonce      the combined nonce (the client's, extended by the server)
     * @param salt       the decoded salt, not empty
     * @param iterations the iteration count, in 1..maxIterations
     */
    record ServerFirst(String nonce, byte[] salt, int iterations) {
    }

    /**
     * server-first-message = [reserved-mext ","] nonce "," salt "," iteration-count ["," extensions].
     * A mandatory extension must fail the exchange (RFC 5802 section 5.1, "m"). Other extensions are
     * refused too: RFC 5802 defines none, and PostgreSQL's server builds the message from r, s and i only
     * (src/backend/libpq/auth-scram.c, build_server_first_message), so one carrying more is damaged or
     * not from PostgreSQL.
     *
     * @param serverFirst the message, decoded as ISO-8859-1 so that every byte stays visible
     */
    static ServerFirst check(String serverFirst, String clientNonce, int maxIterations) {
        checkNotError(serverFirst, "server-first-message");
        if (serverFirst.startsWith("m=")) {
            throw new ScramException("SCRAM server-first-message asks for a mandatory extension, which is not supported");
        }
        String[] attributes = serverFirst.split(",", -1);
        if (attributes.length < 3) {
            throw new ScramException("SCRAM server-first-message is malformed: expected r=, s= and i= attributes");
        }
        String nonce = attribute(attributes[0], 'r', "server-first-message");
        String salt = attribute(attributes[1], 's', "server-first-message");
        String iterations = attribute(attributes[2], 'i', "server-first-message");
        if (nonce.length() <= clientNonce.length() || !nonce.startsWith(clientNonce)) {
            throw new ScramException("SCRAM server nonce does not extend the client nonce");
        }
        if (!isPrintable(nonce)) {
            throw new ScramException("SCRAM server nonce contains a character outside printable ASCII");
        }
        byte[] saltBytes = base64(salt, "salt");
        if (saltBytes.length == 0) {
            throw new ScramException("SCRAM salt is empty");
        }
        int count = iterations(iterations, maxIterations);
        if (attributes.length > 3) {
            throw new ScramException("SCRAM server-first-message carries extension attributes after the iteration count,"
                    + " which PostgreSQL never sends");
        }
        return new ServerFirst(nonce, saltBytes, count);
    }

    /**
     * server-final-message = (server-error / verifier) ["," extensions]; extensions are ignored (the
     * verifier does not sign them).
     *
     * @return the decoded server signature (ServerSignature of RFC 5802 section 3), to compare
     */
    static byte[] checkFinal(String serverFinal) {
        checkNotError(serverFinal, "server-final-message");
        String verifier = attribute(serverFinal.split(",", -1)[0], 'v', "server-final-message");
        return base64(verifier, "server signature");
    }

    private static void checkNotError(String message, String name) {
        if (message.startsWith("e=")) {
            int end = message.indexOf(',');
            String error = end < 0 ? message.substring(2) : message.substring(2, end);
            throw new ScramException("SCRAM " + name + " reports error: " + abbreviate(error));
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
    private static int iterations(String value, int max) {
        if (value.isEmpty() || value.length() > 8) {
            throw new ScramException("SCRAM iteration count '" + abbreviate(value) + "' is not in 1.." + max);
        }
        int count = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw new ScramException("SCRAM iteration count '" + abbreviate(value) + "' is not a number");
            }
            count = count * 10 + (c - '0');
        }
        if (count < 1 || count > max) {
            throw new ScramException("SCRAM iteration count " + count + " is not in 1.." + max);
        }
        return count;
    }

    /** RFC 5802 printable: %x21-2B / %x2D-7E, i.e. visible ASCII except ','. */
    static boolean isPrintable(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7E || c == ',') {
                return false;
            }
        }
        return true;
    }

    private static String abbreviate(String value) {
        return value.length() <= 20 ? value : value.substring(0, 20) + "...";
    }
}
