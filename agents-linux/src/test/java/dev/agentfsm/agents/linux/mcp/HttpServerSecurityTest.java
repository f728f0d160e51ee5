package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Streamable HTTP server as an attacker meets it: a DNS-rebinding page, a request without the
 * token or with a wrong one, a flood of sessions, a huge body, malformed JSON-RPC; and as a client
 * with the token meets it, end to end on the SDK's own client.
 */
class HttpServerSecurityTest {
    private static final String TOKEN = "test-token-0123456789abcdef";
    private static final int MAX_SESSIONS = 3;
    private static final Duration IDLE = Duration.ofMinutes(5);

    @TempDir
    Path root;

    private ShellMcpServer.Http http;
    private RawHttp raw;

    private final MovableClock clock = new MovableClock();

    @BeforeEach
    void start() throws Exception {
        Files.writeString(root.resolve("a.txt"), "the secret file\n");
        restart(HttpServerOptions.requireToken(TOKEN)
                .maxSessions(MAX_SESSIONS)
                .sessionIdle(IDLE)
                .clock(clock)
                .build());
    }

    private void restart(HttpServerOptions options) throws Exception {
        if (http != null) {
            http.close();
        }
        http = new ShellMcpServer(
                        ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(20))
                .serveHttp(new InetSocketAddress("127.0.0.1", 0), options);
        raw = new RawHttp(http.port());
    }

    @AfterEach
    void stop() {
        http.close();
    }

    /** A clock the test moves: idle times without waiting. */
    private static final class MovableClock extends Clock {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("a test clock has one zone");
        }
    }

    private static RawHttp.Request withToken(RawHttp.Request request) {
        return request.header("Authorization", "Bearer " + TOKEN);
    }

    @Test
    void aDnsRebindingRequestIsRefusedBeforeAnySessionExists() throws Exception {
        RawHttp.Reply rebound = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("page"))
                .header("Host", "attacker.example:" + http.port())
                .header("Origin", "http://attacker.example:" + http.port())));
        assertEquals(403, rebound.status(), rebound.toString());
        assertEquals(Optional.empty(), rebound.header("mcp-session-id"), rebound.toString());
        assertTrue(rebound.body().contains("attacker.example"), rebound.body());
        assertEquals(1, rebound.body().strip().lines().count(), rebound.body());

        RawHttp.Reply foreignOrigin = raw.send(
                withToken(RawHttp.Request.post(RawHttp.initialize("page")).header("Origin", "https://evil.example")));
        assertEquals(403, foreignOrigin.status(), foreignOrigin.toString());
        assertEquals(Optional.empty(), foreignOrigin.header("mcp-session-id"), foreignOrigin.toString());

        for (String host : List.of("127.0.0.1.attacker.example", "999.0.0.1", "localhost.attacker.example")) {
            RawHttp.Reply reply = raw.send(withToken(
                    RawHttp.Request.post(RawHttp.initialize("page")).header("Host", host + ":" + http.port())));
            assertEquals(403, reply.status(), host + ": " + reply);
        }
        RawHttp.Reply ipv6Loopback = raw.send(
                withToken(RawHttp.Request.post(RawHttp.initialize("v6")).header("Host", "[::1]:" + http.port())));
        assertEquals(200, ipv6Loopback.status(), ipv6Loopback.toString());

        RawHttp.Reply local = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("local"))
                .header("Host", "localhost:" + http.port())
                .header("Origin", "http://localhost:" + http.port())));
        assertEquals(200, local.status(), local.toString());
        assertTrue(local.header("mcp-session-id").isPresent(), local.toString());
    }

    @Test
    void aRequestWithoutTheRightTokenIsRefused() throws Exception {
        RawHttp.Reply none = raw.send(RawHttp.Request.post(RawHttp.initialize("anyone")));
        assertEquals(401, none.status(), none.toString());
        assertTrue(none.header("www-authenticate").orElse("").startsWith("Bearer"), none.toString());
        assertEquals(Optional.empty(), none.header("mcp-session-id"), none.toString());

        RawHttp.Reply wrong = raw.send(
                RawHttp.Request.post(RawHttp.initialize("anyone")).header("Authorization", "Bearer " + TOKEN + "x"));
        assertEquals(401, wrong.status(), wrong.toString());
        assertFalse(wrong.body().contains(TOKEN), "the refusal never echoes a token");
        assertEquals(Optional.empty(), wrong.header("mcp-session-id"), wrong.toString());
    }

    @Test
    void theRightTokenWorksEndToEndOnTheSdksClient() throws Exception {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + http.port())
                .endpoint(ShellMcpServer.ENDPOINT)
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + TOKEN))
                .build();
        McpSyncClient client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        try {
            client.initialize();
            McpSchema.CallToolResult cat = client.callTool(McpSchema.CallToolRequest.builder("execute_command")
                    .arguments(Map.of("command", "cat a.txt"))
                    .build());
            assertFalse(Boolean.TRUE.equals(cat.isError()), cat.toString());
            assertTrue(cat.content().toString().contains("the secret file"), cat.toString());
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void aFullServerRefusesNewSessionsAndKeepsServingItsOldOnes() throws Exception {
        List<String> sessions = new java.util.ArrayList<>();
        for (int i = 0; i < MAX_SESSIONS; i++) {
            RawHttp.Reply reply = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("client" + i))));
            assertEquals(200, reply.status(), reply.toString());
            sessions.add(reply.header("mcp-session-id").orElseThrow());
        }
        for (int i = 0; i < 5; i++) {
            RawHttp.Reply refused = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("one too many"))));
            assertEquals(503, refused.status(), refused.toString());
            assertEquals(Optional.empty(), refused.header("mcp-session-id"), refused.toString());
            assertTrue(refused.body().contains("3 sessions"), refused.body());
        }

        RawHttp.Reply cat = call(sessions.get(0), "cat a.txt");
        assertEquals(200, cat.status(), cat.toString());
        assertTrue(cat.body().contains("the secret file"), cat.body());

        RawHttp.Reply deleted =
                raw.send(withToken(new RawHttp.Request("DELETE", new java.util.LinkedHashMap<>(), Optional.empty())
                        .header("Mcp-Session-Id", sessions.get(1))));
        assertEquals(200, deleted.status(), deleted.toString());
        RawHttp.Reply again = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("after a delete"))));
        assertEquals(200, again.status(), again.toString());
    }

    private RawHttp.Reply call(String session, String command) throws Exception {
        RawHttp.Reply initialized = raw.send(
                withToken(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                        .header("Mcp-Session-Id", session)));
        assertEquals(202, initialized.status(), initialized.toString());
        return raw.send(withToken(RawHttp.Request.post(
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"execute_command\","
                                + "\"arguments\":{\"command\":\"" + command + "\"}}}")
                .header("Mcp-Session-Id", session)));
    }

    @Test
    void aHugeBodyIsRefused() throws Exception {
        RawHttp.Reply declared = raw.send(
                withToken(new RawHttp.Request("POST", new java.util.LinkedHashMap<>(), Optional.empty())),
                Optional.of(2L * 1024 * 1024));
        assertEquals(413, declared.status(), declared.toString());

        // under the body cap, but a session would keep its clientInfo: initialize has a smaller one
        RawHttp.Reply hugeClientInfo =
                raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("x".repeat(200 * 1024)))));
        assertEquals(413, hugeClientInfo.status(), hugeClientInfo.toString());
        assertEquals(Optional.empty(), hugeClientInfo.header("mcp-session-id"), hugeClientInfo.toString());
    }

    @Test
    void malformedJsonRpcLeavesTheServerAnswering() throws Exception {
        RawHttp.Reply garbage = raw.send(withToken(RawHttp.Request.post("garbage")));
        assertEquals(400, garbage.status(), garbage.toString());
        assertTrue(garbage.body().contains("-32700"), garbage.body());

        RawHttp.Reply array = raw.send(withToken(RawHttp.Request.post("[1,2]")));
        assertEquals(400, array.status(), array.toString());
        assertTrue(array.body().contains("-32600"), array.body());

        RawHttp.Reply noMethod = raw.send(withToken(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"id\":3}")));
        assertEquals(400, noMethod.status(), noMethod.toString());
        assertTrue(noMethod.body().contains("-32600"), noMethod.body());

        RawHttp.Reply good = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("after garbage"))));
        assertEquals(200, good.status(), good.toString());
        assertTrue(good.body().contains("agent-fsm-shell"), good.body());
    }

    @Test
    void aMessageTheSdkCannotTakeIsRefusedNamingWhatIsWrong() throws Exception {
        RawHttp.Reply hugeId = raw.send(withToken(RawHttp.Request.post(
                "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}")));
        assertEquals(400, hugeId.status(), hugeId.toString());
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: the id"
                        + " 123456789012345678901234567890 is neither a string nor an integer of 64 bits; give a string,"
                        + " or an integer from -9223372036854775808 to 9223372036854775807\"}}",
                hugeId.body());
        RawHttp.Reply objectId = raw.send(
                withToken(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1.5},\"method\":\"ping\"}")));
        assertTrue(objectId.body().contains("Invalid Request: the id {\\\"a\\\":1.5} is neither"), objectId.body());

        RawHttp.Reply noVersion = raw.send(withToken(RawHttp.Request.post("{\"id\":4,\"method\":\"tools/list\"}")));
        assertEquals(400, noVersion.status(), noVersion.toString());
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: jsonrpc must"
                        + " not be empty\"}}",
                noVersion.body());
    }

    @Test
    void theSdksOwnRefusalsAreJsonRpcErrorsWithoutAStackTrace() throws Exception {
        RawHttp.Reply noSession =
                raw.send(withToken(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}")));
        RawHttp.Reply listenWithoutSession =
                raw.send(withToken(new RawHttp.Request("GET", new java.util.LinkedHashMap<>(), Optional.empty())));
        RawHttp.Reply noEventStream = raw.send(
                withToken(RawHttp.Request.post(RawHttp.initialize("json only")).header("Accept", "application/json")));
        for (RawHttp.Reply reply : List.of(noSession, listenWithoutSession, noEventStream)) {
            assertEquals(400, reply.status(), reply.toString());
            assertFalse(reply.body().contains("stackTrace"), reply.body());
            assertFalse(reply.body().contains("io.modelcontextprotocol"), reply.body());
            assertTrue(reply.body().startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":"), reply.body());
        }
        assertTrue(noSession.body().contains("mcp-session-id"), noSession.body());
        assertTrue(noEventStream.body().contains("text/event-stream"), noEventStream.body());
    }

    @Test
    void anIdleSessionExpiresAndMakesRoomForANewOne() throws Exception {
        List<String> sessions = new java.util.ArrayList<>();
        for (int i = 0; i < MAX_SESSIONS; i++) {
            RawHttp.Reply reply = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("client" + i))));
            sessions.add(reply.header("mcp-session-id").orElseThrow());
        }
        assertEquals(
                503,
                raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("full"))))
                        .status());

        clock.advance(IDLE.minusSeconds(1));
        RawHttp.Reply stillLive = call(sessions.get(0), "cat a.txt");
        assertEquals(200, stillLive.status(), stillLive.toString());
        clock.advance(Duration.ofSeconds(2)); // the others have now been idle for the whole idle time

        RawHttp.Reply fresh = raw.send(withToken(RawHttp.Request.post(RawHttp.initialize("after the idle time"))));
        assertEquals(200, fresh.status(), fresh.toString());
        RawHttp.Reply expired =
                raw.send(withToken(RawHttp.Request.post("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}")
                        .header("Mcp-Session-Id", sessions.get(1))));
        assertEquals(404, expired.status(), expired.toString());
        assertTrue(expired.body().contains("expired after 300 s"), expired.body());
        RawHttp.Reply used = call(sessions.get(0), "cat a.txt");
        assertEquals(200, used.status(), used.toString());
    }

    @Test
    void hostsAndOriginsTheUserAllowedAreAnswered() throws Exception {
        restart(HttpServerOptions.requireToken(TOKEN)
                .allowHost("build-box.lan")
                .allowOrigin("http://inspector.example:6274")
                .build());
        RawHttp.Reply byName = raw.send(withToken(
                RawHttp.Request.post(RawHttp.initialize("by name")).header("Host", "build-box.lan:" + http.port())));
        assertEquals(200, byName.status(), byName.toString());
        RawHttp.Reply page = raw.send(withToken(
                RawHttp.Request.post(RawHttp.initialize("page")).header("Origin", "http://inspector.example:6274")));
        assertEquals(200, page.status(), page.toString());
        RawHttp.Reply otherPort = raw.send(withToken(
                RawHttp.Request.post(RawHttp.initialize("page")).header("Origin", "http://inspector.example:6275")));
        assertEquals(403, otherPort.status(), otherPort.toString());
        assertEquals(
                "refused: Origin 'http://inspector.example:6275' is not this machine's (allowed: pages on localhost,"
                        + " the loopback and bound addresses, build-box.lan, http://inspector.example:6274); to let that"
                        + " page in, start the server with --allow-origin http://inspector.example:6275\n",
                otherPort.body());
        RawHttp.Reply nullOrigin = raw.send(withToken(
                RawHttp.Request.post(RawHttp.initialize("sandboxed page")).header("Origin", "null")));
        assertEquals(403, nullOrigin.status(), nullOrigin.toString());
    }

    @Test
    void theServerListensOnTheAddressItCheckedNotOnAFreshLookupOfItsName() throws Exception {
        // an address with a name, as --bind NAME gives: looking the name up again may answer another address
        // (a name whose DNS answer changes between the loopback check and the bind); here it answers nothing
        InetAddress named = InetAddress.getByAddress("agentfsm-bind-check.invalid", new byte[] {127, 0, 0, 1});
        http.close();
        http = new ShellMcpServer(
                        ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(20))
                .serveHttp(
                        new InetSocketAddress(named, 0),
                        HttpServerOptions.noToken().build());
        raw = new RawHttp(http.port());

        RawHttp.Reply reply = raw.send(RawHttp.Request.post(RawHttp.initialize("on the checked address")));
        assertEquals(200, reply.status(), reply.toString());
    }

    @Test
    void withoutATokenTheServerListensOnLoopbackOnly() {
        ShellMcpServer server = new ShellMcpServer(
                ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(20));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> server.serveHttp(
                        new InetSocketAddress("0.0.0.0", 0),
                        HttpServerOptions.noToken().build()));
        assertTrue(e.getMessage().contains("loopback address only"), e.getMessage());
    }

    @Test
    void optionsNameTheBadValue() {
        IllegalArgumentException shortToken = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> HttpServerOptions.requireToken("abc"));
        assertEquals(
                "the bearer token has 3 characters; use at least 16 (e.g. the output of 'openssl rand -hex 32')",
                shortToken.getMessage());
        IllegalArgumentException host = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> HttpServerOptions.requireToken(TOKEN).allowHost("http://x:1"));
        assertTrue(host.getMessage().startsWith("allowed host 'http://x:1' is not a host name"), host.getMessage());
        IllegalArgumentException origin = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> HttpServerOptions.requireToken(TOKEN).allowOrigin("http://x/app"));
        assertTrue(
                origin.getMessage().startsWith("allowed origin 'http://x/app' is not an origin"), origin.getMessage());
        assertTrue(HttpServerOptions.generateToken().length() >= HttpServerOptions.MIN_TOKEN_CHARS);
        assertFalse(HttpServerOptions.generateToken().equals(HttpServerOptions.generateToken()));
    }
}
