package dev.agentfsm.runtime.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StreamingClientTest {
    private static final LlmRequest HELLO = LlmRequest.of(List.of(ChatMessage.user("hi")));

    /** A client that streams each of its replies in pieces of {@code size} characters. */
    private static final class PieceByPiece implements LlmClient {
        private final List<String> replies;
        private final int size;
        private int calls;

        PieceByPiece(int size, String... replies) {
            this.replies = List.of(replies);
            this.size = size;
        }

        @Override
        public LlmReply complete(LlmRequest request) {
            return new LlmReply(replies.get(calls++));
        }

        @Override
        public LlmReply complete(LlmRequest request, TextListener listener) {
            String text = replies.get(calls++);
            for (int i = 0; i < text.length(); i += size) {
                listener.onText(text.substring(i, Math.min(text.length(), i + size)));
            }
            return new LlmReply(text);
        }

        @Override
        public String toString() {
            return "PieceByPiece[" + size + "]";
        }
    }

    @Test
    void aClientThatCannotStreamPassesTheWholeTextOnceAndReturnsTheSameReply() throws LlmException {
        LlmReply full = new LlmReply(
                "{\"status\": \"FINISH\"}",
                Optional.of("m"),
                OptionalInt.of(3),
                OptionalInt.of(5),
                Optional.of("stop"));
        LlmClient plain = request -> full;
        List<String> pieces = new ArrayList<>();

        assertSame(full, plain.complete(HELLO, pieces::add));
        assertEquals(List.of("{\"status\": \"FINISH\"}"), pieces);

        LlmClient empty = request -> new LlmReply("");
        empty.complete(HELLO, pieces::add);
        assertEquals(1, pieces.size(), "an empty reply passes no piece: a piece is never empty");
    }

    @Test
    void aStreamingClientPassesEveryCallsTextToItsListenerAndTheGuardStillSeesWholeReplies() throws LlmException {
        String bad = "{\"status\": \"NOPE\"}";
        String good = "{\"status\": \"FINISH\"}";
        List<String> pieces = new ArrayList<>();
        LlmClient llm = LlmClient.streaming(new PieceByPiece(4, bad, good), pieces::add);

        AgentReply reply = ReplyGuard.of(llm, "/status", 1).ask(HostStatus.CONTINUE, List.of(ChatMessage.user("go")));

        assertEquals(HostStatus.FINISH, reply.status(), "the re-asked call's whole reply was accepted");
        assertEquals(bad + good, String.join("", pieces), "both calls streamed, the rejected one too");
        assertEquals(List.of("{\"st", "atus", "\": \"", "NOPE", "\"}"), pieces.subList(0, 5));
        assertEquals("PieceByPiece[4]", llm.toString(), "it names the client it streams, for the guard's messages");
    }

    @Test
    void aListenerGivenToTheStreamingClientHearsTheSameTextAsItsOwn() throws LlmException {
        List<String> own = new ArrayList<>();
        List<String> other = new ArrayList<>();
        LlmClient llm = LlmClient.streaming(new PieceByPiece(2, "abcde"), own::add);

        assertEquals("abcde", llm.complete(HELLO, other::add).content());
        assertEquals(List.of("ab", "cd", "e"), own);
        assertEquals(own, other);
    }

    @Test
    void aListenerThatThrowsEndsTheCallWithItsException() {
        LlmClient llm = LlmClient.streaming(new PieceByPiece(1, "abc"), piece -> {
            throw new IllegalStateException("the screen is gone");
        });

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> llm.complete(HELLO));
        assertEquals("the screen is gone", thrown.getMessage());
    }
}
