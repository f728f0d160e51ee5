package dev.agentfsm.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.llm.LlmReply;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The stream parser alone, fed bytes split at every place a network read could split them. */
class EventStreamTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PIECES = List.of("{\"thought\": \"é", "€ 😀\", ", "\"status\": \"FINISH\"}");

    /** A stream with LF, CRLF and CR line ends, a comment, an event name and a multi-byte character in each piece. */
    private static byte[] stream() {
        StringBuilder text = new StringBuilder(": keep-alive\n\n");
        text.append("data: ")
                .append(FakeChatServer.chunk(JSON.createObjectNode().put("role", "assistant"), null))
                .append("\r\n\r\n");
        for (String piece : PIECES) {
            text.append("event: message\r")
                    .append("data:")
                    .append(FakeChatServer.chunk(JSON.createObjectNode().put("content", piece), null))
                    .append("\r\r");
        }
        text.append("data: ")
                .append(FakeChatServer.chunk(JSON.createObjectNode(), "length"))
                .append("\n\n");
        text.append("data: {\"choices\": [], \"usage\": {\"prompt_tokens\": 12, \"completion_tokens\": 4}}\n\n");
        text.append("data: [DONE]\n\n");
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private record Read(Optional<LlmReply> reply, Optional<Throwable> failure, List<String> pieces) {}

    private static Read read(int cap, byte[]... parts) {
        List<String> pieces = new ArrayList<>();
        EventStream stream = new EventStream(cap, pieces::add, UnaryOperator.identity());
        stream.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {}

            @Override
            public void cancel() {}
        });
        for (byte[] part : parts) {
            stream.onNext(List.of(ByteBuffer.wrap(part)));
        }
        stream.onComplete();
        try {
            return new Read(Optional.of(stream.getBody().toCompletableFuture().join()), Optional.empty(), pieces);
        } catch (CompletionException e) {
            return new Read(Optional.empty(), Optional.of(e.getCause()), pieces);
        }
    }

    @Test
    void readsTheSameReplyWhereverTheBytesAreSplitEvenInsideACharacterOrALineEnd() {
        byte[] bytes = stream();
        LlmReply expected = new LlmReply(
                String.join("", PIECES),
                Optional.of("fake-model"),
                OptionalInt.of(12),
                OptionalInt.of(4),
                Optional.of("length"));
        for (int at = 0; at <= bytes.length; at++) {
            Read read = read(1 << 20, Arrays.copyOfRange(bytes, 0, at), Arrays.copyOfRange(bytes, at, bytes.length));
            assertEquals(Optional.of(expected), read.reply(), "split at byte " + at);
            assertEquals(PIECES, read.pieces(), "split at byte " + at);
        }
        byte[][] single = new byte[bytes.length][];
        for (int i = 0; i < bytes.length; i++) {
            single[i] = new byte[] {bytes[i]};
        }
        assertEquals(Optional.of(expected), read(1 << 20, single).reply(), "one byte at a time");
    }

    @Test
    void aStreamLargerThanTheCapFailsAndSaysSo() {
        byte[] bytes = stream();
        Read read = read(bytes.length - 1, bytes);

        Throwable failure = read.failure().orElseThrow();
        assertInstanceOf(EventStream.Broken.class, failure);
        assertTrue(
                failure.getMessage().startsWith("the stream is larger than " + (bytes.length - 1) + " bytes"),
                failure.getMessage());
    }

    @Test
    void aStreamWithoutItsEndIsNoReplyEvenWithAllItsText() {
        String text = new String(stream(), StandardCharsets.UTF_8);
        byte[] cut = text.substring(
                        0,
                        text.indexOf(
                                "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\","
                                        + "\"model\":\"fake-model\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\""))
                .getBytes(StandardCharsets.UTF_8);

        Read read = read(1 << 20, cut);

        assertEquals(PIECES, read.pieces(), "the pieces were heard as they came");
        assertEquals(
                "the stream ended after 4 events (" + String.join("", PIECES).length()
                        + " characters of text) without a"
                        + " finish_reason or data: [DONE], so the reply may be cut off",
                read.failure().orElseThrow().getMessage());
    }
}
