package io.pgfast.bench.app;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

import com.sun.net.httpserver.HttpServer;

/**
 * An application with one defect, for the verifier to find: it forwards every request to a working application and
 * hands back its answer, except that one path is served from another path (and its body rewritten): e.g. updates
 * answered by the multiple-queries endpoint with new numbers that nobody writes.
 */
final class BrokenApp implements AutoCloseable {
    private final HttpServer server;

    /**
     * @param path    the path (without query) that is broken
     * @param servedBy the working application's path that answers it instead (the same path to only rewrite)
     * @param rewrite what is done to that answer's body
     */
    BrokenApp(String workingBase, String path, String servedBy, UnaryOperator<String> rewrite) throws IOException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", exchange -> {
            try (exchange) {
                URI uri = exchange.getRequestURI();
                boolean broken = uri.getPath().equals(path);
                String forwarded = (broken ? servedBy : uri.getPath()) + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(workingBase + forwarded)).build(),
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                String body = broken ? rewrite.apply(r.body()) : r.body();
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                for (String h : new String[]{"Server", "Date", "Content-Type"}) {
                    r.headers().firstValue(h).ifPresent(v -> exchange.getResponseHeaders().set(h, v));
                }
                exchange.sendResponseHeaders(r.statusCode(), bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
