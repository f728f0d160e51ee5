package dev.agentfsm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.llm.LlmReply;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A chat completion streamed as server-sent events ({@code "stream": true}), read as it arrives: each
 * {@code data: {...}} chunk's {@code delta.content} of the choice with index 0 goes to {@code pieces} at once
 * (other choices, which a server asked for {@code n} above 1 interleaves with it, are not this reply), and the
 * body is the whole reply, with the model, the usage chunk's tokens ({@code stream_options.include_usage})
 * and the finish reason. The stream must end: with {@code data: [DONE]}, or after a chunk with a
 * {@code finish_reason}. A stream that breaks off before, a chunk that is not JSON, an error the server
 * sends mid-stream, or more than {@code cap} bytes fails the body with a {@link Broken} that says so; nothing
 * half-written becomes a reply.
 *
 * <p>Lines are cut at their {@code \n}, {@code \r\n} or {@code \r} bytes and only then decoded as UTF-8, so a
 * character split across two network reads is read whole (no byte of a multi-byte character is a line end).
 */
final class EventStream implements HttpResponse.BodySubscriber<LlmReply> {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Why a stream did not make a reply; the message says what was read before. */
    static final class Broken extends IOException {
        private static final long serialVersionUID = 1L;

        Broken(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final int cap;
    private final Consumer<String> pieces;
    private final UnaryOperator<String> withoutKey;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final CompletableFuture<LlmReply> reply = new CompletableFuture<>();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final StringBuilder data = new StringBuilder();
    private final StringBuilder content = new StringBuilder();
    private final StringBuilder refusal = new StringBuilder();
    private Flow.Subscription subscription;
    private long received;
    private boolean afterCarriageReturn;
    private boolean hasData;
    private String event = "";
    private int events;
    private boolean choices;
    /** The indexes of choices other than 0 seen, which a server sends when asked for (or set to) n above 1. */
    private final SortedSet<Long> otherChoices = new TreeSet<>();

    private boolean done;
    private Optional<String> model = Optional.empty();
    private Optional<String> finishReason = Optional.empty();
    private OptionalInt inputTokens = OptionalInt.empty();
    private OptionalInt outputTokens = OptionalInt.empty();

    /**
     * @param cap the most bytes read
     * @param pieces hears each piece of the reply's text as it is read, on the HTTP client's thread
     * @param withoutKey each event's data with the API key, should the server echo it, hidden
     */
    EventStream(int cap, Consumer<String> pieces, UnaryOperator<String> withoutKey) {
        this.cap = cap;
        this.pieces = pieces;
        this.withoutKey = withoutKey;
    }

    @Override
    public CompletionStage<LlmReply> getBody() {
        return reply;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (reply.isDone()) {
            return; // failed: what still arrives is not read
        }
        for (ByteBuffer buffer : buffers) {
            received += buffer.remaining();
            if (received > cap) {
                fail(
                        "the stream is larger than " + cap + " bytes; this is not a model's reply (check the base URL)",
                        null);
            }
            while (buffer.hasRemaining() && !reply.isDone()) {
                read(buffer.get());
            }
        }
    }

    @Override
    public void onError(Throwable failure) {
        if (done) {
            finish(); // the server said [DONE]: what broke after it takes nothing from the reply
            return;
        }
        // the HTTP client's exception may quote what the server sent: one safe line, without the key
        fail(
                "the stream broke off " + soFar() + ": "
                        + ChatCompletionsJson.shorten(withoutKey.apply(String.valueOf(failure))),
                failure);
    }

    @Override
    public void onComplete() {
        if (line.size() > 0) {
            endLine(); // a last line without its line end
        }
        dispatch();
        if (reply.isDone()) {
            return;
        }
        if (!done && finishReason.isEmpty()) {
            fail(
                    "the stream ended " + soFar() + " without a finish_reason or data: [DONE], so the reply may be"
                            + " cut off",
                    null);
            return;
        }
        finish();
    }

    private void finish() {
        if (reply.isDone()) {
            return;
        }
        if (content.length() == 0 && refusal.length() > 0) {
            fail("the model refused to answer: " + ChatCompletionsJson.shorten(refusal.toString()), null);
        } else if (!choices) {
            fail(
                    "the stream held no choice with index 0 in its " + events + " events"
                            + (otherChoices.isEmpty()
                                    ? ""
                                    : " (it sent choices "
                                            + otherChoices.stream()
                                                    .map(String::valueOf)
                                                    .collect(Collectors.joining(", "))
                                            + ")"),
                    null);
        } else {
            reply.complete(new LlmReply(content.toString(), model, inputTokens, outputTokens, finishReason));
        }
    }

    private void read(byte b) {
        if (b == '\n' && afterCarriageReturn) {
            afterCarriageReturn = false; // the second half of \r\n
            return;
        }
        afterCarriageReturn = b == '\r';
        if (b == '\n' || b == '\r') {
            endLine();
        } else {
            line.write(b);
        }
    }

    private void endLine() {
        String text;
        try {
            text = utf8.decode(ByteBuffer.wrap(line.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            // replacing the bytes would hand the listener and the reply text the server never wrote
            fail(
                    "a line of event " + (events + 1) + " is not UTF-8 (" + e + "); the server must write its"
                            + " events in UTF-8",
                    e);
            return;
        } finally {
            line.reset();
        }
        if (text.isEmpty()) {
            dispatch();
            return;
        }
        if (text.startsWith(":")) {
            return; // a comment: servers send them to keep the connection alive
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + (text.startsWith(" ", colon + 1) ? 2 : 1));
        if (field.equals("data")) {
            if (hasData) {
                data.append('\n');
            }
            data.append(value);
            hasData = true;
        } else if (field.equals("event")) {
            event = value;
        }
    }

    /** The event the lines so far make, at its blank line. */
    private void dispatch() {
        if (reply.isDone()) {
            return; // failed: what was read after is not an event
        }
        String type = event;
        event = "";
        if (!hasData) {
            return;
        }
        String text = withoutKey.apply(data.toString());
        data.setLength(0);
        hasData = false;
        if (done) {
            return;
        }
        events++;
        if (text.equals("[DONE]")) {
            done = true;
            return;
        }
        if (type.equals("error")) {
            fail("the server sent an error event " + soFar() + ": " + ChatCompletionsJson.errorMessage(text), null);
            return;
        }
        JsonNode chunk;
        try {
            chunk = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            fail(
                    "event " + events + " is not JSON (" + ChatCompletionsJson.shorten(e.getOriginalMessage()) + "): "
                            + ChatCompletionsJson.shorten(text),
                    e);
            return;
        }
        if (!chunk.path("error").isMissingNode()) {
            fail(
                    "the server reported an error mid-stream " + soFar() + ": "
                            + ChatCompletionsJson.errorMessage(text),
                    null);
            return;
        }
        read(chunk);
    }

    private void read(JsonNode chunk) {
        if (model.isEmpty()) {
            model = ChatCompletionsJson.text(chunk.path("model"));
        }
        JsonNode usage = chunk.path("usage");
        if (usage.isObject()) {
            inputTokens = ChatCompletionsJson.tokens(usage.path("prompt_tokens"));
            outputTokens = ChatCompletionsJson.tokens(usage.path("completion_tokens"));
        }
        for (JsonNode other : chunk.path("choices")) {
            if (other.path("index").isIntegralNumber() && other.path("index").asLong() != 0) {
                otherChoices.add(other.path("index").asLong());
            }
        }
        Optional<JsonNode> zero = ChatCompletionsJson.choiceZero(chunk.path("choices"));
        if (zero.isEmpty()) {
            return; // the usage chunk has no choices; another choice's text is not this reply's
        }
        JsonNode choice = zero.get();
        choices = true;
        JsonNode delta = choice.path("delta");
        JsonNode piece = delta.path("content");
        if (piece.isTextual() && !piece.textValue().isEmpty()) {
            content.append(piece.textValue());
            pieces.accept(piece.textValue());
        }
        if (delta.path("refusal").isTextual()) {
            refusal.append(delta.path("refusal").textValue());
        }
        Optional<String> reason = ChatCompletionsJson.text(choice.path("finish_reason"));
        if (reason.isPresent()) {
            finishReason = reason;
        }
    }

    /** What was read before a failure, for its message. */
    private String soFar() {
        return "after " + events + (events == 1 ? " event" : " events") + " (" + content.length()
                + " characters of text)";
    }

    private void fail(String message, Throwable cause) {
        if (reply.isDone()) {
            return;
        }
        if (subscription != null) {
            subscription.cancel();
        }
        reply.completeExceptionally(new Broken(message, cause));
    }
}
