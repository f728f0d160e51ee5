package dev.agentfsm.langchain4j;

import static dev.agentfsm.openai.FakeChatServer.content;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.openai.FakeChatServer;
import dev.agentfsm.openai.FakeChatServer.End;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** {@link LangChain4jClient} streaming through a LangChain4j {@link StreamingChatModel}. */
class StreamingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));
    private static final ChatModel UNUSED = new ChatModel() {
        @Override
        public ChatResponse doChat(ChatRequest request) {
            throw new AssertionError("a streamed call does not reach the chat model");
        }
    };

    /** A streaming model that answers on a thread of its own, as providers' models do. */
    private static StreamingChatModel answering(BiConsumer<ChatRequest, StreamingChatResponseHandler> answer) {
        return new StreamingChatModel() {
            @Override
            public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
                Thread thread = new Thread(() -> answer.accept(request, handler), "fake-provider");
                thread.start();
            }
        };
    }

    @Test
    void piecesReachTheListenerOnTheCallersThreadAndTheReplyIsWhole() throws LlmException {
        List<String> pieces = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) -> {
                    handler.onPartialResponse("{\"status\": ");
                    handler.onPartialResponse("\"DONE\"}");
                    handler.onCompleteResponse(ChatResponse.builder()
                            .aiMessage(AiMessage.from("{\"status\": \"DONE\"}"))
                            .modelName("m-2")
                            .tokenUsage(new TokenUsage(5, 2))
                            .finishReason(FinishReason.STOP)
                            .build());
                }))
                .build();

        LlmReply reply = client.complete(HELLO, piece -> {
            threads.add(Thread.currentThread());
            pieces.add(piece);
        });

        assertEquals(
                new LlmReply(
                        "{\"status\": \"DONE\"}",
                        Optional.of("m-2"),
                        OptionalInt.of(5),
                        OptionalInt.of(2),
                        Optional.of("stop")),
                reply);
        assertEquals(List.of("{\"status\": ", "\"DONE\"}"), pieces);
        assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), threads);
    }

    @Test
    void aFailureWhileStreamingIsAnErrorNamingTheClientAndTheHttpStatus() {
        List<String> pieces = new ArrayList<>();
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) -> {
                    handler.onPartialResponse("{\"sta");
                    handler.onError(new HttpException(503, "the model is overloaded"));
                }))
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO, pieces::add));

        assertEquals("fake failed while streaming: HTTP 503: the model is overloaded", e.getMessage());
        assertEquals(List.of("{\"sta"), pieces);
    }

    @Test
    void aFailureWhileStreamingKeepsTheKeyOutOfItsCausesToo() {
        String key = "sk-proj-secret-0123456789";
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) -> handler.onError(
                        new RuntimeException(new HttpException(401, "no such key " + key + "\u001b[2J")))))
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO, piece -> {}));

        StringWriter printed = new StringWriter();
        e.printStackTrace(new PrintWriter(printed));
        assertEquals("fake failed while streaming: HTTP 401: no such key ***\\u001b[2J", e.getMessage());
        assertFalse(printed.toString().contains(key), printed.toString());
        assertFalse(printed.toString().contains("\u001b"), printed.toString());
        assertTrue(printed.toString().contains("HttpException: no such key ***"), printed.toString());
    }

    @Test
    void aReplyCutOffAtTheOutputLimitIsRefusedAsWithoutStreaming() {
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) -> handler.onCompleteResponse(ChatResponse.builder()
                        .aiMessage(AiMessage.from("{\"sta"))
                        .finishReason(FinishReason.LENGTH)
                        .build())))
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO, piece -> {}));

        assertTrue(e.getMessage().startsWith("fake stopped at its output limit"), e.getMessage());
    }

    @Test
    void withoutAStreamingModelTheWholeTextComesOnce() throws LlmException {
        List<String> pieces = new ArrayList<>();
        LlmClient client = LangChain4jClient.builder(new ChatModel() {
                    @Override
                    public ChatResponse doChat(ChatRequest request) {
                        return ChatResponse.builder()
                                .aiMessage(AiMessage.from("whole"))
                                .build();
                    }
                })
                .build();

        assertEquals("whole", client.complete(HELLO, pieces::add).content());
        assertEquals(List.of("whole"), pieces);
    }

    @Test
    void openAisStreamingModelStreamsFromAServerOfServerSentEvents() throws Exception {
        List<String> pieces = Collections.synchronizedList(new ArrayList<>());
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(FakeChatServer.streamed("{\"status\": ", "\"DO", "NE\"}"));
            String baseUrl = server.baseUrl().toString();
            LlmClient client = LangChain4jClient.builder(OpenAiChatModel.builder()
                            .baseUrl(baseUrl)
                            .apiKey("sk-test")
                            .modelName("gpt-4o")
                            .build())
                    .streaming(OpenAiStreamingChatModel.builder()
                            .baseUrl(baseUrl)
                            .apiKey("sk-test")
                            .modelName("gpt-4o")
                            .build())
                    .build();

            LlmReply reply = LlmClient.streaming(client, pieces::add).complete(HELLO);

            assertEquals(
                    new LlmReply(
                            "{\"status\": \"DONE\"}",
                            Optional.of("fake-model"),
                            OptionalInt.of(7),
                            OptionalInt.of(3),
                            Optional.of("stop")),
                    reply);
            assertEquals(List.of("{\"status\": ", "\"DO", "NE\"}"), pieces);
            assertEquals(true, server.received().get(0).body().get("stream").booleanValue());
        }
    }

    private static LlmClient openAi(FakeChatServer server, Duration streamingTimeout) {
        String baseUrl = server.baseUrl().toString();
        return LangChain4jClient.builder(UNUSED)
                .streaming(OpenAiStreamingChatModel.builder()
                        .baseUrl(baseUrl)
                        .apiKey("sk-test")
                        .modelName("gpt-4o")
                        .build())
                .name("openai gpt-4o")
                .streamingTimeout(streamingTimeout)
                .build();
    }

    @Test
    void aStreamThatEndsWithoutAFinishReasonIsNoReplyEvenWhenItsErrorEventWasDropped() throws Exception {
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(
                    FakeChatServer.events(End.CLOSE, List.of(content("{\"sta"), content("tus\""))),
                    FakeChatServer.events(
                            End.CLOSE,
                            List.of(
                                    content("ok"),
                                    FakeChatServer.event("{\"error\": {\"message\": \"out of memory\"}}"))));
            LlmClient client = openAi(server, Duration.ofMinutes(1));

            for (String began : List.of("{\"status\"", "ok")) {
                LlmException e = assertThrows(LlmException.class, () -> client.complete(HELLO, piece -> {}));

                assertEquals(
                        "openai gpt-4o streamed a reply that ended without a finish reason, so it may be cut off (the"
                                + " stream broke off, or the server sent an error the provider's module did not"
                                + " report); no part of it is taken as a reply. It began: " + began,
                        e.getMessage());
            }
        }
    }

    @Test
    void aStreamThatStallsFailsAtTheStreamingTimeoutAfterItsPiecesWereHeard() throws Exception {
        List<String> pieces = Collections.synchronizedList(new ArrayList<>());
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(
                    FakeChatServer.streamed("{\"status\": \"FINISH\"}"),
                    FakeChatServer.events(End.HANG, List.of(content("Hel"), content("lo"))));
            // the time-out must elapse, and the first piece must come within it: a first call, with a time-out that
            // only bounds a hang, loads the provider's classes, which on a cold JVM and a loaded machine can take
            // seconds; the stalled call then needs only a connection and a round trip on 127.0.0.1, milliseconds
            // against its 5 s
            openAi(server, Duration.ofMinutes(1)).complete(HELLO, piece -> {});

            LlmException e = assertThrows(LlmException.class, () -> openAi(server, Duration.ofSeconds(5))
                    .complete(HELLO, pieces::add));

            assertEquals(
                    "openai gpt-4o streamed nothing more for 5000 ms after 2 pieces, so its stream is taken as stalled;"
                            + " raise the client's streamingTimeout or check that the server is not overloaded",
                    e.getMessage());
            assertEquals(List.of("Hel", "lo"), pieces);
        }
    }

    /** A provider's handle on its stream that records its cancellation. */
    private static final class RecordingHandle implements StreamingHandle {
        private final CountDownLatch cancelled = new CountDownLatch(1);

        @Override
        public void cancel() {
            cancelled.countDown();
        }

        @Override
        public boolean isCancelled() {
            return cancelled.getCount() == 0;
        }
    }

    @Test
    void anInterruptedCallCancelsTheStreamAndKeepsTheInterrupt() throws Exception {
        RecordingHandle handle = new RecordingHandle();
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) ->
                        handler.onPartialResponse(new PartialResponse("Hel"), new PartialResponseContext(handle))))
                .build();

        // the session's thread is interrupted (a cancelled session) while the stream is open
        LlmException e = assertThrows(
                LlmException.class,
                () -> client.complete(HELLO, piece -> Thread.currentThread().interrupt()));

        assertTrue(Thread.interrupted(), "the interrupt is kept for the round to see");
        assertEquals("Interrupted while fake streamed its reply", e.getMessage());
        assertTrue(handle.isCancelled(), "the provider's stream was left open");
    }

    @Test
    void aStreamAbandonedBeforeItsFirstPieceIsCancelledWhenThePieceComes() throws Exception {
        RecordingHandle handle = new RecordingHandle();
        CountDownLatch abandoned = new CountDownLatch(1);
        List<String> pieces = Collections.synchronizedList(new ArrayList<>());
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) -> {
                    try {
                        abandoned.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                    handler.onPartialResponse(new PartialResponse("late"), new PartialResponseContext(handle));
                }))
                .streamingTimeout(Duration.ofMillis(1))
                .build();

        assertThrows(LlmException.class, () -> client.complete(HELLO, pieces::add));
        abandoned.countDown();

        assertTrue(handle.cancelled.await(60, TimeUnit.SECONDS), "the stream that came late was left open");
        assertEquals(List.of(), pieces);
    }

    @Test
    void aListenerThatThrowsCancelsTheStream() {
        RecordingHandle handle = new RecordingHandle();
        LlmClient client = LangChain4jClient.builder(UNUSED)
                .name("fake")
                .streaming(answering((request, handler) ->
                        handler.onPartialResponse(new PartialResponse("Hel"), new PartialResponseContext(handle))))
                .build();

        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> client.complete(HELLO, piece -> {
                    throw new IllegalStateException("the console is gone");
                }));

        assertEquals("the console is gone", e.getMessage());
        assertTrue(handle.isCancelled(), "the provider's stream was left open");
    }

    @Test
    void aStreamingTimeoutThatIsNotPositiveIsRefusedNamingIt() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> LangChain4jClient.builder(UNUSED)
                        .streamingTimeout(Duration.ZERO));

        assertEquals("The streaming time-out is PT0S; it must be positive", e.getMessage());
    }
}
