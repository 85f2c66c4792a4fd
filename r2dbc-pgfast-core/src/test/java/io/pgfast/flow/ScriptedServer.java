package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.BackendEncoder;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import reactor.core.publisher.Mono;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * A fake PostgreSQL backend for one client connection on a loopback socket, driven by a script: each step
 * either expects the next frontend message to be of a given type, sends backend messages, closes the
 * socket, or waits for the client to close it. Steps run in order on the server's own thread; they may be
 * added before or while the client talks, and a step that finds something else than it expects stops
 * the script (and closes the socket), reported by {@link #awaitScript()}.
 *
 * <p>Backend messages are encoded with their own {@link BackendMessage#encode}; a reference-counted one
 * (a {@code DataRow}) handed to {@link #send} is released once encoded.
 */
final class ScriptedServer implements AutoCloseable {

    /** How long one step may wait for the client (a read) and the test may wait for the script. */
    static final Duration STEP_TIMEOUT = Duration.ofSeconds(10);

    /** The pg_type OIDs the scripts use (pg_type.dat). */
    static final int INT4 = 23;
    static final int TEXT = 25;

    /** A frontend message as the server read it: its type byte (0 for the untyped startup packet) and body. */
    record Received(char type, byte[] body) {
        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private interface Action {
        void run() throws IOException;
    }

    private record Step(String description, Action action) {
    }

    private static final Step STOP = new Step("stop", () -> { });

    private final ServerSocket listener;
    private final Thread thread;
    private final BlockingQueue<Step> steps = new LinkedBlockingQueue<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Object progress = new Object();
    private int queued;
    private int completed;
    private Throwable failure;
    private volatile boolean closed;
    private volatile boolean clientClosed;
    private Socket socket;
    private DataInputStream in;
    private OutputStream out;

    private ScriptedServer() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        listener.setSoTimeout((int) STEP_TIMEOUT.toMillis());
        thread = new Thread(this::serve, "scripted-server-" + listener.getLocalPort());
        thread.setDaemon(true);
        thread.start();
    }

    static ScriptedServer start() {
        try {
            return new ScriptedServer();
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on the loopback interface", e);
        }
    }

    int port() {
        return listener.getLocalPort();
    }

    // --- the script ---

    /** Reads the StartupMessage (Int32 length, Int32 protocol version, parameters: no type byte). */
    ScriptedServer expectStartup() {
        return step("expect StartupMessage", () -> {
            int length = in.readInt();
            byte[] body = new byte[length - 4];
            in.readFully(body);
            received.add(new Received((char) 0, body));
        });
    }

    /** Reads the next frontend message, which must be of type {@code type}. */
    ScriptedServer expect(char type) {
        return step("expect '" + type + "'", () -> {
            Received r = read();
            if (r == null) {
                throw new AssertionError("expected frontend message '" + type + "', but the client closed the connection");
            }
            if (r.type() != type) {
                throw new AssertionError("expected frontend message '" + type + "', got '" + r.type() + "'");
            }
        });
    }

    /**
     * Reads frontend messages until one of type {@code type}, passing over any number of type {@code skipped}
     * (e.g. the standby status updates a replication client sends on a timer); anything else fails the script.
     */
    ScriptedServer expectSkipping(char type, char skipped) {
        return step("expect '" + type + "', passing over '" + skipped + "'", () -> {
            for (;;) {
                Received r = read();
                if (r == null) {
                    throw new AssertionError("expected frontend message '" + type + "', but the client closed the connection");
                }
                if (r.type() == type) {
                    return;
                }
                if (r.type() != skipped) {
                    throw new AssertionError("expected frontend message '" + type + "' or '" + skipped + "', got '" + r.type() + "'");
                }
            }
        });
    }

    /** Reads one frontend message per character of {@code types}, e.g. {@code "PDS"} for Parse, Describe, Sync. */
    ScriptedServer expectAll(String types) {
        for (char t : types.toCharArray()) {
            expect(t);
        }
        return this;
    }

    /** Fails the script if the client sends anything within {@code quiet} (e.g. a request held back). */
    ScriptedServer expectSilence(Duration quiet) {
        return step("expect silence for " + quiet, () -> {
            socket.setSoTimeout((int) quiet.toMillis());
            try {
                int type = in.read();
                throw new AssertionError(type < 0 ? "the client closed the connection while it should be waiting"
                        : "expected nothing from the client for " + quiet + ", got '" + (char) type + "'");
            } catch (SocketTimeoutException quietAsExpected) {
                // nothing came
            } finally {
                socket.setSoTimeout((int) STEP_TIMEOUT.toMillis());
            }
        });
    }

    /** Sends the messages in one write; takes ownership of reference-counted ones. */
    ScriptedServer send(BackendMessage... messages) {
        byte[] bytes = encode(messages);
        return sendRaw(bytes);
    }

    /** Sends bytes exactly as given: for messages the encoders refuse to produce. */
    ScriptedServer sendRaw(byte[] bytes) {
        return step("send " + bytes.length + " bytes", () -> {
            out.write(bytes);
            out.flush();
        });
    }

    /** Closes the socket from the server side (the client sees the connection end). */
    ScriptedServer closeConnection() {
        return step("close the connection", () -> {
            closed = true;
            socket.close();
        });
    }

    /** Reads (and records) whatever the client still sends until it closes the connection. */
    ScriptedServer expectClientClose() {
        return step("wait for the client to close the connection", () -> {
            while (read() != null) {
                // recorded by read(): a Terminate, or messages written before the client gave up
            }
            clientClosed = true;
        });
    }

    /** A trust login: StartupMessage; AuthenticationOk, BackendKeyData, ParameterStatus, ReadyForQuery. */
    ScriptedServer trustStartup() {
        expectStartup();
        return send(AuthenticationOk.INSTANCE,
                new BackendKeyData(4711, new byte[] {1, 2, 3, 4}),
                new ParameterStatus("server_version", "17.0"),
                ReadyForQuery.IDLE);
    }

    /**
     * The answer to the type-discovery query a factory's first connection sends (three statements in
     * one simple Query): no database-specific types, no enum labels, no attributes.
     */
    ScriptedServer answerTypeDiscovery() {
        expect('Q');
        return send(textColumns(12), new CommandComplete("SELECT 0"),
                textColumns(2), new CommandComplete("SELECT 0"),
                textColumns(3), new CommandComplete("SELECT 0"),
                ReadyForQuery.IDLE);
    }

    /**
     * Scripts the startup and the type discovery, opens a connection through a new factory and waits until
     * the server has run that part of the script.
     */
    PgfastConnection connect(UnaryOperator<PgfastConnectionConfigurationBuilder> options) {
        trustStartup();
        answerTypeDiscovery();
        PgfastConnectionConfigurationBuilder builder = PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(port()).username("scripted")
                .sslMode(SslMode.DISABLE).connectTimeout(Duration.ofSeconds(5));
        PgfastConnectionFactory factory = new PgfastConnectionFactory(options.apply(builder).build());
        PgfastConnection connection = (PgfastConnection) Mono.from(factory.create()).block(STEP_TIMEOUT);
        awaitScript();
        return connection;
    }

    PgfastConnection connect() {
        return connect(UnaryOperator.identity());
    }

    // --- what the test checks ---

    /** Waits until every step queued so far has run; fails with the reason the script stopped, if it did. */
    void awaitScript() {
        long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
        synchronized (progress) {
            while (failure == null && completed < queued) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the scripted server is still at step " + (completed + 1) + " of " + queued
                            + " after " + STEP_TIMEOUT + "; frontend messages so far: " + receivedTypes());
                }
                try {
                    progress.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", e);
                }
            }
            if (failure != null) {
                throw new AssertionError("the script stopped: " + failure.getMessage()
                        + "; frontend messages so far: " + receivedTypes(), failure);
            }
        }
    }

    /** The frontend messages read so far, in order. */
    List<Received> received() {
        return new ArrayList<>(received);
    }

    /** The type bytes of the typed frontend messages read so far, e.g. "QPDSBES". */
    String receivedTypes() {
        StringBuilder b = new StringBuilder();
        for (Received r : received) {
            if (r.type() != 0) {
                b.append(r.type());
            }
        }
        return b.toString();
    }

    /** Whether the client closed the connection (seen by {@link #expectClientClose()}). */
    boolean clientClosed() {
        return clientClosed;
    }

    @Override
    public void close() {
        closed = true;
        steps.add(STOP);
        try {
            listener.close();
            Socket s;
            synchronized (progress) {
                s = socket;
            }
            if (s != null) {
                s.close();
            }
            thread.join(STEP_TIMEOUT.toMillis());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // --- encoding helpers ---

    /** The messages and arrays of messages in {@code parts}, flattened in order. */
    static BackendMessage[] messages(Object... parts) {
        List<BackendMessage> all = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof BackendMessage[]) {
                all.addAll(List.of((BackendMessage[]) p));
            } else {
                all.add((BackendMessage) p);
            }
        }
        return all.toArray(new BackendMessage[0]);
    }

    /** The bytes a server sends for {@code messages}; reference-counted messages are released. */
    static byte[] encode(BackendMessage... messages) {
        ByteBuf buf = Unpooled.buffer();
        try {
            for (BackendMessage m : messages) {
                try {
                    BackendEncoder.encode(m, buf);
                } finally {
                    ReferenceCountUtil.release(m);
                }
            }
            byte[] bytes = new byte[buf.readableBytes()];
            buf.readBytes(bytes);
            return bytes;
        } finally {
            buf.release();
        }
    }

    /** A message written by hand: type byte, Int32 length (counting itself), body. */
    static byte[] rawMessage(char type, byte... body) {
        byte[] m = new byte[5 + body.length];
        m[0] = (byte) type;
        int length = 4 + body.length;
        m[1] = (byte) (length >>> 24);
        m[2] = (byte) (length >>> 16);
        m[3] = (byte) (length >>> 8);
        m[4] = (byte) length;
        System.arraycopy(body, 0, m, 5, body.length);
        return m;
    }

    /** A RowDescription of {@code count} text columns c1, c2…, in text format. */
    static RowDescription textColumns(int count) {
        RowDescription.Field[] fields = new RowDescription.Field[count];
        for (int i = 0; i < count; i++) {
            fields[i] = column("c" + (i + 1), TEXT, (short) -1, (short) 0);
        }
        return new RowDescription(fields);
    }

    /** One column of a RowDescription: no table, no type modifier. */
    static RowDescription.Field column(String name, int typeOid, short typeSize, short format) {
        return new RowDescription.Field(name, 0, (short) 0, typeOid, typeSize, -1, format);
    }

    // --- the server thread ---

    private ScriptedServer step(String description, Action action) {
        synchronized (progress) {
            queued++;
        }
        steps.add(new Step(description, action));
        return this;
    }

    private void serve() {
        try (Socket s = listener.accept()) {
            synchronized (progress) {
                socket = s;
            }
            s.setSoTimeout((int) STEP_TIMEOUT.toMillis());
            in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            out = s.getOutputStream();
            for (;;) {
                Step step = steps.take();
                if (step == STOP) {
                    return;
                }
                try {
                    step.action().run();
                } catch (SocketTimeoutException e) {
                    throw new AssertionError(step.description() + ": nothing from the client within " + STEP_TIMEOUT, e);
                } catch (IOException e) {
                    if (closed) {
                        return;
                    }
                    throw new AssertionError(step.description() + ": " + e, e);
                }
                synchronized (progress) {
                    completed++;
                    progress.notifyAll();
                }
            }
        } catch (SocketTimeoutException e) {
            stop(new AssertionError("no client connected within " + STEP_TIMEOUT, e));
        } catch (IOException e) {
            if (!closed) {
                stop(e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (AssertionError e) {
            stop(e);
        }
    }

    private void stop(Throwable cause) {
        synchronized (progress) {
            if (failure == null) {
                failure = cause;
            }
            progress.notifyAll();
        }
    }

    /** The next frontend message, recorded; null when the client has closed the connection. */
    private Received read() throws IOException {
        int type;
        try {
            type = in.read();
        } catch (SocketException e) {
            // a reset is how a client that closes with unread data ends the connection
            return null;
        }
        if (type < 0) {
            return null;
        }
        int length;
        byte[] body;
        try {
            length = in.readInt();
            body = new byte[length - 4];
            in.readFully(body);
        } catch (EOFException e) {
            throw new AssertionError("the client closed the connection inside a '" + (char) type + "' message", e);
        }
        Received r = new Received((char) type, body);
        received.add(r);
        return r;
    }
}
