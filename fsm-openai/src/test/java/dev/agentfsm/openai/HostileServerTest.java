package dev.agentfsm.openai;

import static dev.agentfsm.openai.FakeChatServer.content;
import static dev.agentfsm.openai.FakeChatServer.event;
import static dev.agentfsm.openai.FakeChatServer.reply;
import static dev.agentfsm.openai.FakeChatServer.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.openai.FakeChatServer.End;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenAiCompatibleClient} against a server that answers as a broken or hostile one would: replies cut off or
 * filtered, content in parts, error pages, a key echoed back, a redirect elsewhere, dates for {@code Retry-After},
 * bytes that are not UTF-8 and events whose data spans lines.
 */
class HostileServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));
    private static final String KEY = "sk-test-0123456789abcdef";

    private final FakeChatServer server = new FakeChatServer();
    private final List<Duration> slept = new ArrayList<>();
    private final List<String> pieces = Collections.synchronizedList(new ArrayList<>());

    HostileServerTest() throws IOException {}

    @AfterEach
    void stopServer() {
        server.close();
    }

    private OpenAiCompatibleClient.Builder client() {
        return OpenAiCompatibleClient.builder(server.baseUrl(), "qwen2.5").sleeper(slept::add);
    }

    private static FakeChatServer.Response completion(String message, String finishReason) {
        return status(
                200,
                "{\"choices\": [{\"index\": 0, \"finish_reason\": \"" + finishReason + "\", \"message\": " + message
                        + "}], \"usage\": {\"prompt_tokens\": 9, \"completion_tokens\": 51}}");
    }

    @Test
    void aReplyCutOffAtTheOutputLimitIsAnErrorNotAReply() {
        server.answer(completion("{\"role\": \"assistant\", \"content\": \"{\\\"status\\\": \\\"FIN\"}", "length"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions (model qwen2.5) stopped at its output limit"
                        + " (finish_reason length, 51 completion tokens), so its reply is cut off; raise the server's"
                        + " limit on output tokens or its context length (Ollama's num_predict and num_ctx, vLLM's"
                        + " --max-model-len) or shorten the conversation. The reply began: {\"status\": \"FIN",
                e.getMessage());
    }

    @Test
    void aStreamCutOffAtTheOutputLimitIsAnErrorEvenWithoutDone() {
        server.answer(FakeChatServer.events(
                End.CLOSE, List.of(content("{\"sta"), event(FakeChatServer.chunk(JSON.createObjectNode(), "length")))));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage()
                        .startsWith("POST " + server.baseUrl() + "/chat/completions (model qwen2.5) stopped at its"
                                + " output limit (finish_reason length), so its reply is cut off;"),
                e.getMessage());
        assertEquals(List.of("{\"sta"), pieces);
    }

    @Test
    void aReplyTheContentFilterStoppedIsARefusal() {
        server.answer(completion("{\"role\": \"assistant\", \"content\": \"\"}", "content_filter"));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions (model qwen2.5) refused to answer (finish_reason"
                        + " content_filter: the server's content filter stopped the reply). It wrote nothing before it.",
                e.getMessage());
    }

    @Test
    void contentWrittenAsTextPartsIsJoinedAndOtherPartsAreNoText() throws Exception {
        server.answer(
                completion(
                        "{\"content\": [{\"type\": \"text\", \"text\": \"{\\\"status\\\": \"},"
                                + " {\"type\": \"text\", \"text\": \"\\\"FINISH\\\"}\"}]}",
                        "stop"),
                completion("{\"content\": [{\"type\": \"image_url\", \"image_url\": {\"url\": \"x\"}}]}", "stop"));
        OpenAiCompatibleClient client = client().build();

        assertEquals("{\"status\": \"FINISH\"}", client.complete(HELLO).content());
        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));
        assertTrue(
                e.getMessage().contains("answered without text in the message.content of its choice with index 0"),
                e.getMessage());
    }

    @Test
    void anHtmlErrorPageIsOneEscapedLine() {
        server.answer(status(500, "<html>\r\n<body>\u001b]52;c;bad\u0007Bad Gateway</body>\n</html>"));

        LlmException e = assertThrows(
                LlmException.class, () -> client().maxRetries(0).build().complete(HELLO));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions answered HTTP 500 after 1 attempt: <html>\\r\\n"
                        + "<body>\\u001b]52;c;bad\\u0007Bad Gateway</body>\\n</html>",
                e.getMessage());
    }

    @Test
    void aKeyTheServerEchoesIsNeverShown() {
        server.answer(
                status(401, "{\"error\": {\"message\": \"Incorrect API key provided: " + KEY + "\"}}"),
                status(200, "<html>welcome " + KEY + "</html>"),
                FakeChatServer.events(
                        End.CLOSE, List.of(event("{\"error\": {\"message\": \"bad key " + KEY + "\"}}"))));
        OpenAiCompatibleClient client = client().apiKey(Optional.of(KEY)).build();

        List<LlmException> errors = List.of(
                assertThrows(LlmException.class, () -> client.complete(HELLO)),
                assertThrows(LlmException.class, () -> client.complete(HELLO)),
                assertThrows(LlmException.class, () -> client.complete(HELLO, pieces::add)));

        assertEquals("Bearer " + KEY, server.received().get(0).authorization().orElseThrow());
        for (LlmException e : errors) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                assertFalse(String.valueOf(t.getMessage()).contains(KEY), t.toString());
            }
            assertTrue(e.getMessage().contains("***"), e.getMessage());
        }
    }

    @Test
    void aRedirectToAnotherHostIsNotFollowedAndSaysWhereTo() throws Exception {
        try (FakeChatServer elsewhere = new FakeChatServer()) {
            String location = elsewhere.baseUrl() + "/chat/completions";
            server.answer(status(307, Map.of("Location", location), ""));

            LlmException e = assertThrows(
                    LlmException.class,
                    () -> client().apiKey(Optional.of(KEY)).build().complete(HELLO));

            assertEquals(
                    "POST " + server.baseUrl() + "/chat/completions answered HTTP 307: (empty body); it redirects to '"
                            + location + "', which the client does not follow (it would carry the API key there);"
                            + " make the base URL the server's own",
                    e.getMessage());
            assertEquals(List.of(), elsewhere.received());
        }
    }

    @Test
    void aRetryAfterGivenAsAnHttpDateIsHonoured() throws Exception {
        server.answer(
                status(429, Map.of("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT"), ""),
                status(503, Map.of("Retry-After", "Fri, 31 Dec 2100 23:59:59 GMT"), ""),
                reply("done"));

        assertEquals(
                "done",
                client().callDeadline(Duration.ofMinutes(5))
                        .build()
                        .complete(HELLO)
                        .content());

        assertEquals(List.of(Duration.ZERO, Duration.ofSeconds(60)), slept, "a past date is now; a far one the cap");
    }

    @Test
    void bytesThatAreNotUtf8AreAnErrorWhereverTheyAreSplit() {
        byte[] before = content("ok").getBytes(StandardCharsets.UTF_8);
        String broken = content("a\u0000b");
        int at = broken.indexOf("\\u0000");
        byte[] head = broken.substring(0, at).getBytes(StandardCharsets.UTF_8);
        byte[] tail = broken.substring(at + "\\u0000".length()).getBytes(StandardCharsets.UTF_8);
        // E2 82 starts a three-byte character that '(' does not finish; split between E2 and 82
        byte[] first = Arrays.copyOf(head, head.length + 1);
        first[head.length] = (byte) 0xE2;
        byte[] second = new byte[2 + tail.length];
        second[0] = (byte) 0x82;
        second[1] = '(';
        System.arraycopy(tail, 0, second, 2, tail.length);
        server.answer(FakeChatServer.bytes(End.CLOSE, List.of(before, first, second)));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage()
                        .contains("streamed a reply that is not whole: a line of event 2 is not UTF-8"
                                + " (java.nio.charset.MalformedInputException: Input length = "),
                e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "; the server must write its events in UTF-8; no part of it is taken as" + " a reply"),
                e.getMessage());
        assertEquals(List.of("ok"), pieces, "nothing the server did not write reached the listener");
    }

    @Test
    void aBodyThatIsNotUtf8IsAnErrorNotTextWithReplacementCharacters() {
        String json = FakeChatServer.reply("a\u0000b").body();
        int at = json.indexOf("\\u0000");
        byte[] head = json.substring(0, at).getBytes(StandardCharsets.UTF_8);
        byte[] tail = json.substring(at + "\\u0000".length()).getBytes(StandardCharsets.UTF_8);
        // E2 82 starts a three-byte character that '(' does not finish
        byte[] body = new byte[head.length + 3 + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        body[head.length] = (byte) 0xE2;
        body[head.length + 1] = (byte) 0x82;
        body[head.length + 2] = '(';
        System.arraycopy(tail, 0, body, head.length + 3, tail.length);
        server.answer(FakeChatServer.bytes(End.CLOSE, List.of(body)), FakeChatServer.bytes(End.CLOSE, List.of(body)));
        OpenAiCompatibleClient client = client().build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO));
        LlmException posted = assertThrows(LlmException.class, () -> client.post("responses", JSON.createObjectNode()));

        assertTrue(
                e.getMessage()
                        .startsWith("POST " + server.baseUrl() + "/chat/completions failed: java.io.IOException: the"
                                + " response body is not UTF-8 (java.nio.charset.MalformedInputException: Input length"
                                + " = "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("); the server must answer in UTF-8"), e.getMessage());
        assertTrue(posted.getMessage().contains(" is not UTF-8 "), posted.getMessage());
    }

    @Test
    void aStatusLineWithTerminalControlsAndTheKeyIsEscapedAndHiddenInTheError() throws Exception {
        try (StallingHttpServer raw = StallingHttpServer.answering(
                "HTTP/1.1 2\u001b]0;owned\u0007\u001b[31m " + KEY + "\r\nContent-Length: 0\r\n\r\n")) {
            LlmException e =
                    assertThrows(LlmException.class, () -> OpenAiCompatibleClient.builder(raw.baseUrl(), "qwen2.5")
                            .apiKey(Optional.of(KEY))
                            .sleeper(slept::add)
                            .build()
                            .complete(HELLO));

            assertEquals(
                    "POST " + raw.baseUrl() + "/chat/completions failed: java.net.ProtocolException: Invalid status"
                            + " line: \"HTTP/1.1 2\\u001b]0;owned\\u0007\\u001b[31m ***\"",
                    e.getMessage());
        }
    }

    @Test
    void theCauseOfAnErrorCarriesNeitherTheKeyNorTheServersControls() throws Exception {
        // the HTTP client's ProtocolException quotes the status line: the error's message shows it escaped and
        // without the key, and its printed stack trace (a console's log binding, a span's exception.stacktrace) must
        try (StallingHttpServer raw = StallingHttpServer.answering(
                "HTTP/1.1 2\u001b]0;owned\u0007\u001b[31m " + KEY + "\r\nContent-Length: 0\r\n\r\n")) {
            LlmException e =
                    assertThrows(LlmException.class, () -> OpenAiCompatibleClient.builder(raw.baseUrl(), "qwen2.5")
                            .apiKey(Optional.of(KEY))
                            .sleeper(slept::add)
                            .build()
                            .complete(HELLO));

            assertPrintedWithoutKeyOrControls(e);
            assertTrue(printed(e).contains("java.net.ProtocolException: Invalid status line"), printed(e));
        }
    }

    @Test
    void aBodyOrAnEventThatIsNotJsonIsQuotedEscapedInTheErrorAndItsCause() {
        // Jackson quotes the token it could not read, and an ESC is part of a token to it: ESC c resets a terminal
        server.answer(
                status(200, "ok\u001bc " + KEY),
                FakeChatServer.events(End.CLOSE, List.of("data: ok\u001bc " + KEY + "\n\n")));
        OpenAiCompatibleClient client = client().apiKey(Optional.of(KEY)).build();

        LlmException body = assertThrows(LlmException.class, () -> client.complete(HELLO));
        LlmException event = assertThrows(LlmException.class, () -> client.complete(HELLO, pieces::add));

        assertTrue(
                body.getMessage().contains("answered with a body that is not JSON (Unrecognized token 'ok\\u001bc'"),
                body.getMessage());
        assertTrue(
                event.getMessage().contains("event 1 is not JSON (Unrecognized token 'ok\\u001bc'"),
                event.getMessage());
        assertPrintedWithoutKeyOrControls(body);
        assertPrintedWithoutKeyOrControls(event);
    }

    private static void assertPrintedWithoutKeyOrControls(Throwable e) {
        String printed = printed(e);
        assertFalse(printed.contains(KEY), printed);
        assertFalse(printed.contains("\u001b") || printed.contains("\u0007"), printed);
    }

    /** {@code e}'s stack trace as a log binding prints it, its causes and suppressed exceptions included. */
    private static String printed(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void anInterruptedCallEndsAtOnceAndKeepsTheInterrupt() {
        // the stream hangs after its first piece; the session's thread is interrupted (a cancelled session) then
        server.answer(FakeChatServer.events(End.HANG, List.of(content("Hel"))));

        LlmException e = assertThrows(LlmException.class, () -> client().build()
                .complete(HELLO, piece -> Thread.currentThread().interrupt()));

        assertTrue(Thread.interrupted(), "the interrupt is kept for the round to see");
        assertEquals("Interrupted while waiting for POST " + server.baseUrl() + "/chat/completions", e.getMessage());
    }

    @Test
    void anEventWhoseDataSpansLinesIsReadAsOneEvent() throws Exception {
        String chunk = FakeChatServer.chunk(JSON.createObjectNode().put("content", "whole"), "stop");
        int comma = chunk.indexOf(',');
        server.answer(FakeChatServer.events(
                End.CLOSE,
                List.of(
                        "data: " + chunk.substring(0, comma + 1) + "\ndata: " + chunk.substring(comma + 1) + "\n\n",
                        event("[DONE]"))));

        assertEquals("whole", client().build().complete(HELLO, pieces::add).content());
        assertEquals(List.of("whole"), pieces);
    }
}
