package io.pgfast.bench.driver;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A plain {@link Socket} that speaks just enough of the PostgreSQL protocol (version 3.0) to log in without
 * a password and run simple queries, reading the response only as far as message framing: type byte, length,
 * skip. That is the floor under every driver, what is left of a query once nothing is decoded.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html">Protocol: Message Flow</a>
 */
final class FloorConnection implements AutoCloseable {
    private static final int PROTOCOL_3_0 = 196608;
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;

    private FloorConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /**
     * Opens a connection and logs in.
     *
     * @throws IOException if the server asks for any authentication (the floor only uses a {@code trust} role)
     *                     or refuses the login
     */
    static FloorConnection open(String host, int port, String user, String database) throws IOException {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
        FloorConnection c = new FloorConnection(socket);
        try {
            c.startup(user, database);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
        return c;
    }

    /** A Query message ('Q'): Int32 length, the SQL, a NUL. */
    static byte[] queryMessage(String sql) {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        byte[] m = new byte[1 + 4 + text.length + 1];
        m[0] = 'Q';
        putInt(m, 1, 4 + text.length + 1);
        System.arraycopy(text, 0, m, 5, text.length);
        return m;
    }

    private void startup(String user, String database) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] version = new byte[4];
        putInt(version, 0, PROTOCOL_3_0);
        body.write(version);
        for (String s : new String[]{"user", user, "database", database}) {
            body.write(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
        }
        body.write(0);
        byte[] length = new byte[4];
        putInt(length, 0, body.size() + 4);
        out.write(length);
        body.writeTo(out);
        out.flush();
        while (true) {
            int type = readByte();
            int len = readInt() - 4;
            if (type == 'R') {
                int code = readInt();
                skip(len - 4);
                if (code != 0) {
                    throw new IOException("the floor logs in only with a trust role, but the server asked for "
                            + "authentication request " + code + " (see 'Authentication' in the protocol docs)");
                }
            } else if (type == 'E') {
                throw new IOException("login refused: " + errorText(len));
            } else if (type == 'Z') {
                skip(len);
                return;
            } else {
                skip(len);
            }
        }
    }

    /**
     * Writes {@code request} (one or more Query messages) and reads until {@code readyCount} ReadyForQuery
     * messages have come, without looking inside any other message.
     *
     * @return the number of DataRow messages
     * @throws IOException if the server reported an error (after the response was read to its end)
     */
    int exchange(byte[] request, int readyCount) throws IOException {
        out.write(request);
        out.flush();
        int rows = 0;
        int ready = 0;
        String error = null;
        while (ready < readyCount) {
            int type = readByte();
            int len = readInt() - 4;
            if (type == 'D') {
                rows++;
                skip(len);
            } else if (type == 'Z') {
                ready++;
                skip(len);
            } else if (type == 'E' && error == null) {
                error = errorText(len);
            } else {
                skip(len);
            }
        }
        if (error != null) {
            throw new IOException("server error: " + error);
        }
        return rows;
    }

    /** The 'M' (message) field of an ErrorResponse body of {@code len} bytes. */
    private String errorText(int len) throws IOException {
        byte[] body = new byte[len];
        for (int i = 0; i < len; i++) {
            body[i] = (byte) readByte();
        }
        int i = 0;
        while (i < len && body[i] != 0) {
            int start = i + 1;
            int end = start;
            while (end < len && body[end] != 0) {
                end++;
            }
            if (body[i] == 'M') {
                return new String(body, start, end - start, StandardCharsets.UTF_8);
            }
            i = end + 1;
        }
        return "(no message)";
    }

    private int readByte() throws IOException {
        if (position == limit) {
            fill();
        }
        return buffer[position++] & 0xff;
    }

    private int readInt() throws IOException {
        return (readByte() << 24) | (readByte() << 16) | (readByte() << 8) | readByte();
    }

    private void skip(int n) throws IOException {
        if (n < 0) {
            throw new IOException("negative message length from the server");
        }
        while (n > 0) {
            if (position == limit) {
                fill();
            }
            int k = Math.min(n, limit - position);
            position += k;
            n -= k;
        }
    }

    private void fill() throws IOException {
        int r = in.read(buffer, 0, buffer.length);
        if (r < 0) {
            throw new EOFException("the server closed the connection");
        }
        position = 0;
        limit = r;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    @Override
    public void close() throws IOException {
        try {
            // Terminate ('X'), then close
            out.write(new byte[]{'X', 0, 0, 0, 4});
            out.flush();
        } finally {
            socket.close();
        }
    }
}
