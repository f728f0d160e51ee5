package dev.agentfsm.agents.windows.browser;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The server of {@code served-report.html}, a document whose state it keeps, as an online word
 * processor's server does, so that browsers in other processes show the same document: it serves the
 * page as {@code /report.html} (with {@code book.html} beside it), its state as {@code /doc/state.js},
 * and takes the page's clicks, {@code POST /doc/select} (the table) and {@code POST /doc/delete} (Delete
 * Table, which deletes a selected table), counting each click that reached it.
 */
final class DocumentServer implements AutoCloseable {
    private final HttpServer server;
    private int tableClicks;
    private int deleteClicks;
    private boolean selected;
    private boolean deleted;

    DocumentServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::serve);
        server.start();
    }

    /** Where the pages are, e.g. {@code http://127.0.0.1:41234/}. */
    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    synchronized int tableClicks() {
        return tableClicks;
    }

    synchronized int deleteClicks() {
        return deleteClicks;
    }

    synchronized boolean deleted() {
        return deleted;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        boolean post = exchange.getRequestMethod().equals("POST");
        if (path.equals("/report.html") || path.equals("/book.html")) {
            String resource = path.equals("/report.html") ? "served-report.html" : "book.html";
            try (InputStream in = DocumentServer.class.getResourceAsStream(resource)) {
                respond(exchange, "text/html; charset=utf-8", in.readAllBytes());
            }
        } else if (path.equals("/doc/state.js")) {
            respond(
                    exchange,
                    "text/javascript",
                    ("window.agentfsmDocument = " + state() + ";").getBytes(StandardCharsets.UTF_8));
        } else if (post && path.equals("/doc/select")) {
            synchronized (this) {
                tableClicks++;
                selected = !deleted;
            }
            respond(exchange, "application/json", state().getBytes(StandardCharsets.UTF_8));
        } else if (post && path.equals("/doc/delete")) {
            synchronized (this) {
                deleteClicks++;
                if (selected) {
                    deleted = true;
                    selected = false;
                }
            }
            respond(exchange, "application/json", state().getBytes(StandardCharsets.UTF_8));
        } else {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        }
    }

    private synchronized String state() {
        return "{\"selected\": " + selected + ", \"deleted\": " + deleted + "}";
    }

    private static void respond(HttpExchange exchange, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
