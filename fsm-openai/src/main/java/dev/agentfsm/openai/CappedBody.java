package dev.agentfsm.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read as UTF-8 text, up to a cap: a server that sends more (or never stops) fails
 * the call with an {@link IOException} instead of filling the heap. The JDK's
 * {@code BodyHandlers.ofString()} has no limit.
 */
final class CappedBody implements HttpResponse.BodySubscriber<String> {
    private final int cap;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private CappedBody(int cap) {
        this.cap = cap;
    }

    /** A handler whose bodies are capped at {@code cap} bytes. */
    static HttpResponse.BodyHandler<String> handler(int cap) {
        return info -> new CappedBody(cap);
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
        body.complete(bytes.toString(StandardCharsets.UTF_8));
    }
}
