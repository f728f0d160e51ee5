package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The driver against {@link HostileHttpServer} over Streamable HTTP, the SDK's transport: the caps of
 * {@link McpOptions} hold there as over stdio, and a handshake that fails says what the server answered.
 * The time-outs only keep a broken build from hanging, except the call to {@code stream}, which the
 * server never answers.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HostileHttpServerTest {
    private static final McpOptions OPTIONS = McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60));
    private static final Duration PATIENT = Duration.ofSeconds(60);

    @Test
    void aMessageOverMaxMessageBytesIsDroppedAndTheSessionGoesOn() throws Exception {
        try (HostileHttpServer server = new HostileHttpServer(2 << 20, "");
                McpDriver driver =
                        McpDriver.connect(McpEndpoint.http(server.url()), OPTIONS.withMaxMessageBytes(1 << 20))) {
            DriverException e =
                    assertThrows(DriverException.class, () -> driver.execute(new Action("big", Map.of()), PATIENT));
            assertEquals(
                    "mcp:" + server.url() + ": tools/call big failed: Inbound response body exceeds the maximum"
                            + " allowed size of 1048576 bytes (McpOptions.maxMessageBytes); it was dropped",
                    e.getMessage());
            assertEquals(
                    "echoed",
                    driver.execute(new Action("echo", Map.of()), PATIENT).output());
        }
    }

    @Test
    void aRedirectIsNotFollowedAndSaysSo() throws Exception {
        try (HostileHttpServer elsewhere = new HostileHttpServer(0, "");
                HostileHttpServer server =
                        new HostileHttpServer(0, elsewhere.url().replace("127.0.0.1", "localhost"))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> McpDriver.connect(McpEndpoint.http(server.url()).withBearerToken("secret"), OPTIONS));
            assertEquals(
                    "mcp:" + server.url() + ": could not start a session with the MCP server: the server answered"
                            + " HTTP 307, a redirect, which the client does not follow (it would take the session and"
                            + " its headers elsewhere); give McpEndpoint.http the URL it redirects to",
                    e.getMessage());
            assertEquals(0, elsewhere.requests.get(), "the token went to the address redirected to");
        }
    }

    @Test
    void aWrongPathSaysWhatTheServerAnswered() throws Exception {
        try (HostileHttpServer server = new HostileHttpServer(0, "")) {
            String url = server.url().replace("/mcp", "/other");
            DriverException e =
                    assertThrows(DriverException.class, () -> McpDriver.connect(McpEndpoint.http(url), OPTIONS));
            assertTrue(
                    e.getMessage()
                            .startsWith("mcp:" + url + ": could not start a session with the MCP server: the server"
                                    + " answered: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void aNotificationTheClientDoesNotHandleNeverReachesTheLog() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // slf4j-simple writes to whatever System.err is when it logs
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try (HostileHttpServer server = new HostileHttpServer(0, "");
                McpDriver driver = McpDriver.connect(McpEndpoint.http(server.url()), OPTIONS)) {
            assertEquals(
                    "notified",
                    driver.execute(new Action("notify", Map.of()), PATIENT).output());
        } finally {
            System.setErr(err);
        }
        String logged = log.toString(StandardCharsets.UTF_8);
        assertFalse(logged.contains("\u001b"), "a terminal escape reached the log: " + SafeText.line(logged, 2_000));
        assertFalse(logged.contains("n".repeat(2_000)), "the server's 100,000 characters reached the log");
    }

    @Test
    void garbageIsEscapedAndCutAndTheSessionGoesOn() throws Exception {
        try (HostileHttpServer server = new HostileHttpServer(0, "");
                McpDriver driver = McpDriver.connect(McpEndpoint.http(server.url()), OPTIONS)) {
            DriverException e =
                    assertThrows(DriverException.class, () -> driver.execute(new Action("garbage", Map.of()), PATIENT));
            assertTrue(
                    e.getMessage()
                            .startsWith("mcp:" + server.url() + ": tools/call garbage failed: Error deserializing"
                                    + " JSON-RPC message: not JSON \\u001b]0;owned\\u0007\\u001b[2Jggg"),
                    e.getMessage());
            assertTrue(e.getMessage().length() < 800, e.getMessage());
            assertEquals(
                    "echoed",
                    driver.execute(new Action("echo", Map.of()), PATIENT).output());
        }
    }

    @Test
    void aTokenTheServerEchoesIsNeitherInTheErrorNorItsCauses() throws Exception {
        // a proxy's error page that quotes the request's headers: the bearer token and a key of no known shape
        String token = "tok-0123456789abcdef";
        String key = "k3y-0123456789abcdef";
        try (HostileHttpServer server = new HostileHttpServer(0, "")) {
            McpEndpoint endpoint =
                    new McpEndpoint.Http(URI.create(server.url()), Map.of("X-Api-Key", key)).withBearerToken(token);
            DriverException handshake = assertThrows(
                    DriverException.class,
                    () -> McpDriver.connect(
                            new McpEndpoint.Http(
                                            URI.create(server.url().replace("/mcp", "/echo")), Map.of("X-Api-Key", key))
                                    .withBearerToken(token),
                            OPTIONS));
            DriverException call;
            try (McpDriver driver = McpDriver.connect(endpoint, OPTIONS)) {
                call = assertThrows(
                        DriverException.class, () -> driver.execute(new Action("headers", Map.of()), PATIENT));
            }

            for (DriverException e : List.of(handshake, call)) {
                String printed = printed(e);
                assertTrue(printed.contains("proxy error"), printed);
                assertFalse(printed.contains(token) || printed.contains(key), printed);
                assertFalse(printed.contains("\u001b") || printed.contains("\u0007"), printed);
            }
        }
    }

    /** {@code e}'s stack trace as a log binding or a span's exception.stacktrace prints it, causes included. */
    private static String printed(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void aRequestToTheClientInTheStreamDoesNotStopTheCall() throws Exception {
        try (HostileHttpServer server = new HostileHttpServer(0, "");
                McpDriver driver = McpDriver.connect(McpEndpoint.http(server.url()), OPTIONS)) {
            assertEquals(
                    "asked",
                    driver.execute(new Action("ask", Map.of()), PATIENT).output());
        }
    }

    @Test
    void anEventStreamThatNeverAnswersEndsAtTheCallsTimeOut() throws Exception {
        try (HostileHttpServer server = new HostileHttpServer(0, "");
                McpDriver driver = McpDriver.connect(McpEndpoint.http(server.url()), OPTIONS)) {
            DriverException e = assertThrows(
                    DriverException.class, () -> driver.execute(new Action("stream", Map.of()), Duration.ofSeconds(2)));
            assertEquals("mcp:" + server.url() + ": tools/call stream got no answer within 2000 ms", e.getMessage());
            assertEquals(
                    "echoed",
                    driver.execute(new Action("echo", Map.of()), PATIENT).output());
        }
    }
}
