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
 * a password, prepare a named statement once and then run it with Bind/Execute/Sync, reading the response
 * only as far as message framing: type byte, length, skip. That is the floor under every driver, what is left
 * of a query once nothing is decoded.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-flow.html">Protocol: Message Flow</a>
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">Message Formats</a>
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

    /**
     * Parse ('P') of a named statement with no parameter types given, Describe ('D') of it and Sync ('S'),
     * then reads the answer: ParseComplete, ParameterDescription, RowDescription (or NoData), ReadyForQuery.
     *
     * @return the type OID of each result column (empty for a statement without rows)
     * @throws IOException if the server reported an error or sent something else
     */
    int[] prepare(String name, String sql) throws IOException {
        Message parse = new Message('P').string(name).string(sql).int16(0);
        Message describe = new Message('D').int8('S').string(name);
        out.write(concat(parse.bytes(), describe.bytes(), new Message('S').bytes()));
        out.flush();
        int[] oids = new int[0];
        String error = null;
        while (true) {
            int type = readByte();
            int len = readInt() - 4;
            if (type == 'T') {
                oids = rowDescriptionTypes(len);
            } else if (type == 'E' && error == null) {
                error = errorText(len);
            } else if (type == 'Z') {
                skip(len);
                break;
            } else {
                skip(len);
            }
        }
        if (error != null) {
            throw new IOException("preparing \"" + sql + "\": " + error);
        }
        return oids;
    }

    /**
     * Bind ('B') of the unnamed portal to {@code statement} with every value in text format and the given
     * result format codes, Execute ('E') of all rows and Sync ('S'), as one byte array.
     */
    static byte[] bindExecuteSync(String statement, long[] values, short[] resultFormats) {
        Message bind = new Message('B').string("").string(statement).int16(0).int16(values.length);
        for (long v : values) {
            byte[] text = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
            bind.int32(text.length).bytes(text);
        }
        bind.int16(resultFormats.length);
        for (short f : resultFormats) {
            bind.int16(f);
        }
        Message execute = new Message('E').string("").int32(0);
        return concat(bind.bytes(), execute.bytes(), new Message('S').bytes());
    }

    /** Only the type OID of each field of a RowDescription body of {@code len} bytes. */
    private int[] rowDescriptionTypes(int len) throws IOException {
        byte[] body = new byte[len];
        for (int i = 0; i < len; i++) {
            body[i] = (byte) readByte();
        }
        int fields = ((body[0] & 0xff) << 8) | (body[1] & 0xff);
        int[] oids = new int[fields];
        int at = 2;
        for (int f = 0; f < fields; f++) {
            while (body[at] != 0) {
                at++;
            }
            // name NUL, table OID (4), column number (2), then the type OID (4); then size, modifier, format
            at += 1 + 4 + 2;
            oids[f] = ((body[at] & 0xff) << 24) | ((body[at + 1] & 0xff) << 16) | ((body[at + 2] & 0xff) << 8)
                    | (body[at + 3] & 0xff);
            at += 4 + 2 + 4 + 2;
        }
        return oids;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        return all.toByteArray();
    }

    /** One frontend message: its type byte, then the Int32 length is filled in by {@link #bytes()}. */
    private static final class Message {
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final char type;

        Message(char type) {
            this.type = type;
        }

        Message int8(int v) {
            body.write(v);
            return this;
        }

        Message int16(int v) {
            body.write(v >>> 8);
            body.write(v);
            return this;
        }

        Message int32(int v) {
            byte[] b = new byte[4];
            putInt(b, 0, v);
            body.writeBytes(b);
            return this;
        }

        Message bytes(byte[] b) {
            body.writeBytes(b);
            return this;
        }

        Message string(String s) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            body.write(0);
            return this;
        }

        byte[] bytes() {
            byte[] m = new byte[1 + 4 + body.size()];
            m[0] = (byte) type;
            putInt(m, 1, 4 + body.size());
            System.arraycopy(body.toByteArray(), 0, m, 5, body.size());
            return m;
        }
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
     * Writes {@code request} (one or more Query or Bind/Execute/Sync sequences) and reads until {@code readyCount} ReadyForQuery
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
