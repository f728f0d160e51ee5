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
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    @TempDir
    Path root;

    private ShellMcpServer.Http http;
    private RawHttp raw;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(root.resolve("a.txt"), "the secret file\n");
        http = new ShellMcpServer(
                        ShellDriver.of(ShellConfig.of(CommandDirectories.readable(root))), Duration.ofSeconds(20))
                .serveHttp(
                        new InetSocketAddress("127.0.0.1", 0),
                        HttpServerOptions.requireToken(TOKEN)
                                .maxSessions(MAX_SESSIONS)
                                .build());
        raw = new RawHttp(http.port());
    }

    @AfterEach
    void stop() {
        http.close();
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
            McpSchema.CallToolResult cat =
                    client.callTool(new McpSchema.CallToolRequest("execute_command", Map.of("command", "cat a.txt")));
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
}
