package io.pgfast.it;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The man in the middle that channel binding exists to defeat: it answers the client's SSLRequest
 * with 'S', completes TLS with a certificate of its own, and relays the decrypted bytes to the real
 * server over plaintext, where the server offers SCRAM-SHA-256 without -PLUS. Everything the client
 * sent after the handshake is recorded, so a test can show that no secret crossed. One connection at
 * a time; loopback only; stops on {@link #close()}.
 */
final class TlsTerminatingProxy implements AutoCloseable {

    /** SSLRequest: Int32 length 8, Int32 80877103 (protocol docs, "SSLRequest"). */
    private static final int SSL_REQUEST_CODE = 80877103;

    private final ServerSocket listener;
    private final SSLContext tls;
    private final String serverHost;
    private final int serverPort;
    private final ByteArrayOutputStream fromClient = new ByteArrayOutputStream();
    private final Thread acceptor;

    TlsTerminatingProxy(String serverHost, int serverPort, KeyPair keys, X509Certificate certificate) throws Exception {
        this.serverHost = serverHost;
        this.serverPort = serverPort;
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("proxy", keys.getPrivate(), new char[0], new Certificate[] {certificate});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, new char[0]);
        this.tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        this.listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "tls-terminating-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** What the client sent after the TLS handshake, decrypted. */
    byte[] clientBytes() {
        synchronized (fromClient) {
            return fromClient.toByteArray();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try (Socket client = listener.accept()) {
                relay(client);
            } catch (IOException e) {
                // the client or the server went away, or close() was called: next connection
            }
        }
    }

    private void relay(Socket client) throws IOException {
        DataInputStream in = new DataInputStream(client.getInputStream());
        int length = in.readInt();
        int code = in.readInt();
        if (length != 8 || code != SSL_REQUEST_CODE) {
            return;
        }
        client.getOutputStream().write('S');
        client.getOutputStream().flush();
        try (SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(client, null, client.getPort(), true);
             Socket server = new Socket(serverHost, serverPort)) {
            secure.setUseClientMode(false);
            secure.startHandshake();
            Thread back = new Thread(() -> pump(server, secure, null), "tls-terminating-proxy-back");
            back.setDaemon(true);
            back.start();
            pump(secure, server, fromClient);
        }
    }

    private static void pump(Socket from, Socket to, ByteArrayOutputStream record) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (record != null) {
                    synchronized (record) {
                        record.write(buffer, 0, n);
                    }
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws Exception {
        listener.close();
        acceptor.join(10_000);
    }
}
