package dev.agentfsm.openai;

import static dev.agentfsm.openai.FakeChatServer.chunk;
import static dev.agentfsm.openai.FakeChatServer.content;
import static dev.agentfsm.openai.FakeChatServer.event;
import static dev.agentfsm.openai.FakeChatServer.events;
import static dev.agentfsm.openai.FakeChatServer.reply;
import static dev.agentfsm.openai.FakeChatServer.status;
import static dev.agentfsm.openai.FakeChatServer.streamed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.openai.FakeChatServer.End;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link OpenAiCompatibleClient} streaming from a real HTTP server on 127.0.0.1 that writes server-sent events. */
class StreamingOverHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));

    private final FakeChatServer server = new FakeChatServer();
    private final List<Duration> slept = new ArrayList<>();
    private final List<String> pieces = Collections.synchronizedList(new ArrayList<>());

    StreamingOverHttpTest() throws IOException {}

    @AfterEach
    void stopServer() {
        server.close();
    }

    private OpenAiCompatibleClient.Builder client() {
        return OpenAiCompatibleClient.builder(server.baseUrl(), "qwen2.5").sleeper(slept::add);
    }

    @Test
    void streamsThePiecesOnTheCallersThreadAndReturnsTheWholeReplyWithTheUsageChunk() throws Exception {
        server.answer(streamed("{\"status\": ", "\"FINISH\"", "}"));
        Thread caller = Thread.currentThread();
        List<Thread> heardOn = new ArrayList<>();

        LlmReply reply = client().build().complete(HELLO, piece -> {
            heardOn.add(Thread.currentThread());
            pieces.add(piece);
        });

        assertEquals(List.of("{\"status\": ", "\"FINISH\"", "}"), pieces);
        assertEquals(
                new LlmReply(
                        "{\"status\": \"FINISH\"}",
                        Optional.of("fake-model"),
                        OptionalInt.of(7),
                        OptionalInt.of(3),
                        Optional.of("stop")),
                reply);
        assertEquals(List.of(caller, caller, caller), heardOn);
        assertEquals(
                JSON.readTree("{\"model\": \"qwen2.5\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}],"
                        + " \"stream\": true, \"stream_options\": {\"include_usage\": true}}"),
                server.received().get(0).body());
    }

    @Test
    void aCallWithoutAListenerDoesNotStreamAndAStreamingWrapperStreamsEveryCall() throws Exception {
        server.answer(reply("plain"), streamed("wr", "apped"));
        LlmClient llm = client().build();

        assertEquals("plain", llm.complete(HELLO).content());
        assertEquals(
                "wrapped", LlmClient.streaming(llm, pieces::add).complete(HELLO).content());

        assertEquals(false, server.received().get(0).body().get("stream").booleanValue());
        assertEquals(true, server.received().get(1).body().get("stream").booleanValue());
        assertEquals(List.of("wr", "apped"), pieces);
    }

    @Test
    void charactersAndLinesSplitAcrossHttpChunksAreReadWhole() throws Exception {
        List<String> sent = List.of("é", "€ ", "😀", " done");
        StringBuilder text = new StringBuilder();
        for (String piece : sent) {
            text.append(content(piece).replace("\n\n", "\r\n\r\n"));
        }
        text.append(event(FakeChatServer.chunk(JSON.createObjectNode(), "stop")))
                .append(event("[DONE]"));
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        List<byte[]> writes = new ArrayList<>();
        for (byte b : bytes) {
            writes.add(new byte[] {b}); // one HTTP chunk per byte: every character and line end is split
        }
        server.answer(FakeChatServer.bytes(End.CLOSE, writes));

        LlmReply reply = client().build().complete(HELLO, pieces::add);

        assertEquals("é€ 😀 done", reply.content());
        assertEquals(sent, pieces);
    }

    @Test
    void aStreamThatEndsBeforeItsEndIsAnErrorNamingTheServerTheModelAndWhatWasRead() throws Exception {
        server.answer(FakeChatServer.events(End.CLOSE, List.of(content("{\"sta"), content("tus\""))));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertEquals(
                "POST " + server.baseUrl() + "/chat/completions (model qwen2.5) streamed a reply that is not whole:"
                        + " the stream ended after 2 events (9 characters of text) without a finish_reason or"
                        + " data: [DONE], so the reply may be cut off; no part of it is taken as a reply",
                e.getMessage());
        assertEquals(List.of("{\"sta", "tus\""), pieces, "the listener heard what came before the break");
    }

    @Test
    void aConnectionDroppedMidStreamIsAnError() {
        server.answer(FakeChatServer.events(End.BREAK, List.of(content("half"))));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        // the break is told with the count of events when the stream's reader meets it, without when the HTTP
        // client's chunk decoding meets it first (which of the two depends on how the bytes arrive)
        assertTrue(
                e.getMessage()
                        .startsWith("POST " + server.baseUrl() + "/chat/completions (model qwen2.5) streamed a"
                                + " reply that is not whole: the stream broke off "),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("the stream broke off after 1 event (4 characters of text): ")
                        || e.getMessage().contains("the stream broke off (java.io.IOException: "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("; no part of it is taken as a reply"), e.getMessage());
        assertEquals(List.of(), slept, "a broken stream is not retried: its text was already heard");
    }

    @Test
    void aMalformedChunkIsAnErrorQuotingIt() {
        server.answer(FakeChatServer.events(
                End.CLOSE, List.of(content("ok"), "data: {\"choices\": [{\"delta\": {\"content\": \"x\"\n\n")));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage().contains("(model qwen2.5) streamed a reply that is not whole: event 2 is not JSON ("),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("): {\"choices\": [{\"delta\": {\"content\": \"x\"; no part"), e.getMessage());
    }

    @Test
    void anErrorTheServerSendsMidStreamIsAnErrorWithItsMessage() {
        server.answer(FakeChatServer.events(
                End.CLOSE,
                List.of(
                        content("partial"),
                        event("{\"error\": {\"message\": \"the model ran out of memory\", \"code\": 500}}"))));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage()
                        .endsWith("streamed a reply that is not whole: the server reported an error mid-stream"
                                + " after 2 events (7 characters of text): the model ran out of memory; no part of it is taken"
                                + " as a reply"),
                e.getMessage());
    }

    @Test
    void aStreamThatStallsTimesOutAfterThePiecesBeforeWereHeard() throws Exception {
        server.answer(
                streamed("{\"status\": \"FINISH\"}"),
                FakeChatServer.events(End.HANG, List.of(content("Hel"), content("lo"))));
        // the time-out must elapse, and the two pieces must come before it: a first call, with a time-out that only
        // bounds a hang, loads the classes, which on a cold JVM and a loaded machine can take seconds; the stalled call
        // then needs only a connection and a round trip on 127.0.0.1, milliseconds against its 5 s
        client().build().complete(HELLO, piece -> {});

        LlmException e = assertThrows(
                LlmException.class,
                () -> client().timeout(Duration.ofSeconds(5)).build().complete(HELLO, pieces::add));

        assertEquals(List.of("Hel", "lo"), pieces, "the pieces reached the listener while the stream was open");
        assertTrue(e.getMessage().contains("timed out after 5000 ms"), e.getMessage());
    }

    @Test
    void aStreamLargerThanTheBodyCapIsAnError() {
        byte[] comment = (": " + "x".repeat(1 << 20) + "\n").getBytes(StandardCharsets.UTF_8);
        List<byte[]> writes = new ArrayList<>();
        for (int i = 0; i <= OpenAiCompatibleClient.MAX_BODY_BYTES / comment.length; i++) {
            writes.add(comment);
        }
        server.answer(FakeChatServer.bytes(End.CLOSE, writes));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage()
                        .contains("streamed a reply that is not whole: the stream is larger than "
                                + OpenAiCompatibleClient.MAX_BODY_BYTES + " bytes"),
                e.getMessage());
    }

    @Test
    void anHttpErrorBeforeTheStreamIsRetriedAndOnlyTheAnsweringStreamIsHeard() throws Exception {
        server.answer(status(503, "{\"error\": {\"message\": \"busy\"}}"), streamed("fine"));

        assertEquals("fine", client().build().complete(HELLO, pieces::add).content());

        assertEquals(List.of("fine"), pieces);
        assertEquals(List.of(Duration.ofMillis(500)), slept);
    }

    @Test
    void aServerThatIgnoresStreamAndAClientThatMayNotStreamPassTheWholeTextOnce() throws Exception {
        server.answer(reply("one piece"), reply("no stream"));

        assertEquals("one piece", client().build().complete(HELLO, pieces::add).content());
        assertEquals(
                "no stream",
                client().streaming(false).build().complete(HELLO, pieces::add).content());

        assertEquals(List.of("one piece", "no stream"), pieces);
        assertEquals(true, server.received().get(0).body().get("stream").booleanValue());
        assertEquals(false, server.received().get(1).body().get("stream").booleanValue());
    }

    @Test
    void aListenerThatThrowsEndsTheCallWithItsException() {
        server.answer(streamed("a", "b"));

        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> client().build().complete(HELLO, piece -> {
                    throw new IllegalStateException("no terminal");
                }));
        assertEquals("no terminal", e.getMessage());
    }

    @Test
    void aStreamOfSeveralChoicesIsReadAsItsChoiceZeroAloneWhicheverComesFirst() throws Exception {
        // what a server (or a gateway that sets n) sends for n = 2: one choice a chunk, interleaved, choice 1 first
        server.answer(events(
                End.CLOSE,
                List.of(
                        event(chunk(1, JSON.createObjectNode().put("content", "OTHER "), null)),
                        event(chunk(0, JSON.createObjectNode().put("content", "{\"status\": "), null)),
                        event(chunk(1, JSON.createObjectNode().put("content", "REPLY"), null)),
                        event(chunk(0, JSON.createObjectNode().put("content", "\"FINISH\"}"), null)),
                        event(chunk(1, JSON.createObjectNode(), "length")),
                        event(chunk(0, JSON.createObjectNode(), "stop")),
                        event("[DONE]"))));

        LlmReply reply = client().build().complete(HELLO, pieces::add);

        assertEquals("{\"status\": \"FINISH\"}", reply.content());
        assertEquals(Optional.of("stop"), reply.finishReason());
        assertEquals(List.of("{\"status\": ", "\"FINISH\"}"), pieces);
    }

    @Test
    void aStreamWithoutChoiceZeroIsAnErrorNamingTheChoicesItHad() {
        server.answer(events(
                End.CLOSE,
                List.of(
                        event(chunk(1, JSON.createObjectNode().put("content", "numbered from one"), null)),
                        event(chunk(1, JSON.createObjectNode(), "stop")),
                        event("[DONE]"))));

        LlmException e = assertThrows(LlmException.class, () -> client().build().complete(HELLO, pieces::add));

        assertTrue(
                e.getMessage().contains("no choice with index 0 in its 3 events (it sent choices 1)"), e.getMessage());
        assertEquals(List.of(), pieces);
    }
}
