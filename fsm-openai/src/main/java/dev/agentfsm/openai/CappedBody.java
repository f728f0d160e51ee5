package dev.agentfsm.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read as UTF-8 text, up to a cap: a server that sends more (or never stops) fails
 * the call with an {@link IOException} instead of filling the heap. The JDK's
 * {@code BodyHandlers.ofString()} has no limit. A 2xx body that is not UTF-8 fails too: replacing its bytes
 * would make a reply of text the server never wrote. Another answer's body (an error page in another
 * charset) is only ever shown in an error, so its bytes that are not UTF-8 are shown replaced.
 */
final class CappedBody implements HttpResponse.BodySubscriber<String> {
    private final int cap;
    private final boolean strict;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private CappedBody(int cap, boolean strict) {
        this.cap = cap;
        this.strict = strict;
    }

    /** A handler whose bodies are capped at {@code cap} bytes, a 2xx body strictly UTF-8. */
    static HttpResponse.BodyHandler<String> handler(int cap) {
        return info -> new CappedBody(cap, info.statusCode() / 100 == 2);
    }

    @Override
    public CompletionStage<String> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            if (bytes.size() + (long) buffer.remaining() > cap) {
                subscription.cancel();
                body.completeExceptionally(new IOException("the response body is larger than " + cap
                        + " bytes; this is not a model's reply (check the base URL)"));
                return;
            }
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable failure) {
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        if (!strict) {
            body.complete(bytes.toString(StandardCharsets.UTF_8));
            return;
        }
        try {
            body.complete(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString());
        } catch (CharacterCodingException e) {
            body.completeExceptionally(
                    new IOException("the response body is not UTF-8 (" + e + "); the server must answer in UTF-8", e));
        }
    }
}
