package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.json.McpJsonDefaults;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client reads the new session's id from the initialize answer and sends its next request at once, which can
 * reach the guard while the thread that answered initialize is still on its way out of the SDK. Here the servlet
 * standing in for the SDK's holds that thread, after its answer went out, until the next request was answered: that
 * request must find its session (it was refused as naming none when the guard took the session in only after the
 * SDK returned, which a loaded machine made happen).
 */
class HttpGuardNewSessionTest {
    private static final String TOKEN = "test-token-0123456789abcdef";
    private static final String SESSION = "session-1";

    private final CountDownLatch nextAnswered = new CountDownLatch(1);
    private Server jetty;

    @AfterEach
    void stop() throws Exception {
        nextAnswered.countDown();
        if (jetty != null) {
            jetty.stop();
        }
    }

    @Test
    void theNextRequestFindsTheSessionBeforeInitializeHasReturned() throws Exception {
        SessionRegistry sessions = new SessionRegistry(
                4, HttpServerOptions.requireToken(TOKEN).build().sessionIdle(), java.time.Clock.systemUTC());
        int port = start(sessions);

        try (Socket initialize = new Socket(InetAddress.getLoopbackAddress(), port)) {
            initialize.setSoTimeout(60_000);
            send(initialize.getOutputStream(), port, RawHttp.initialize("quick"), Optional.empty());
            String head = head(initialize.getInputStream());
            assertTrue(head.toLowerCase(Locale.ROOT).contains("mcp-session-id: " + SESSION), head);

            // the initialize thread is still in the servlet: it waits for this answer
            RawHttp.Reply next = new RawHttp(port)
                    .send(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                            .header("Authorization", "Bearer " + TOKEN)
                            .header(HttpGuard.SESSION_HEADER, SESSION));
            nextAnswered.countDown();

            assertEquals(202, next.status(), next.toString());
        }
    }

    /** Jetty with the guard in front of a servlet that answers initialize as the SDK does, then lingers. */
    private int start(SessionRegistry sessions) throws Exception {
        jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        HttpGuard guard = new HttpGuard(
                HttpServerOptions.requireToken(TOKEN).build(),
                Optional.of(InetAddress.getByName("127.0.0.1")),
                sessions,
                McpJsonDefaults.getMapper());
        context.addFilter(new FilterHolder(guard), "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(new LingeringSdk()), ShellMcpServer.ENDPOINT);
        jetty.setHandler(context);
        jetty.start();
        return connector.getLocalPort();
    }

    private final class LingeringSdk extends HttpServlet {
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!body.contains("\"initialize\"")) {
                response.setStatus(HttpServletResponse.SC_ACCEPTED);
                return;
            }
            response.setStatus(HttpServletResponse.SC_OK);
            response.setHeader(HttpGuard.SESSION_HEADER, SESSION);
            response.setContentType("application/json");
            response.setContentLength(2);
            response.getOutputStream().write("{}".getBytes(StandardCharsets.US_ASCII));
            response.flushBuffer();
            try {
                nextAnswered.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void send(OutputStream out, int port, String body, Optional<String> session) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + ShellMcpServer.ENDPOINT + " HTTP/1.1\r\n"
                + "Host: 127.0.0.1:" + port + "\r\n"
                + "Accept: application/json, text/event-stream\r\n"
                + "Content-Type: application/json\r\n"
                + "Authorization: Bearer " + TOKEN + "\r\n"
                + session.map(id -> HttpGuard.SESSION_HEADER + ": " + id + "\r\n")
                        .orElse("")
                + "Content-Length: " + bytes.length + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.flush();
    }

    /** The answer's status line and headers, read as they arrive (the connection stays open). */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        int b;
        while (matched < end.length && (b = in.read()) != -1) {
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }
}
