package dev.agentfsm.opentelemetry;

import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import java.util.List;

/** An LLM client that reports each call as a GenAI {@code chat} span and in the GenAI client metrics. */
final class TracedLlm implements LlmClient {
    private static final double NANOS_PER_SECOND = 1e9;

    /**
     * The id of the session whose step is making the call, put in the context by the step interceptor: the
     * conventions ask for {@code gen_ai.conversation.id} when the framework knows the conversation, and a session
     * is the conversation its agents' calls belong to.
     */
    static final ContextKey<String> CONVERSATION = ContextKey.named("agentfsm.conversation");

    private final LlmClient client;
    private final String provider;
    private final String model;
    private final Tracer tracer;
    private final DoubleHistogram duration;
    private final LongHistogram tokens;

    TracedLlm(
            LlmClient client,
            String provider,
            String model,
            Tracer tracer,
            DoubleHistogram duration,
            LongHistogram tokens) {
        this.client = client;
        this.provider = provider;
        this.model = model;
        this.tracer = tracer;
        this.duration = duration;
        this.tokens = tokens;
    }

    /** A call to the model, as the span sees it. */
    @FunctionalInterface
    private interface Call {
        LlmReply run() throws LlmException;
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        return traced(request, () -> client.complete(request));
    }

    /** Streams through the client it wraps, so that a streaming client still streams when traced. */
    @Override
    public LlmReply complete(LlmRequest request, TextListener listener) throws LlmException {
        return traced(request, () -> client.complete(request, listener));
    }

    private LlmReply traced(LlmRequest request, Call call) throws LlmException {
        var builder = tracer.spanBuilder("chat " + model)
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute(FsmAttributes.OPERATION, "chat")
                .setAttribute(FsmAttributes.PROVIDER, provider)
                .setAttribute(FsmAttributes.REQUEST_MODEL, model);
        String conversation = Context.current().get(CONVERSATION);
        if (conversation != null) {
            // on the span only: a session id in a metric's attributes would make a series per session
            builder.setAttribute(FsmAttributes.CONVERSATION, conversation);
        }
        if (request.responseSchema().isPresent()) {
            // a response schema asks for JSON: the conventions' "output format requested" case
            builder.setAttribute(FsmAttributes.OUTPUT_TYPE, "json");
        }
        Span span = builder.startSpan();
        long start = System.nanoTime();
        try (Scope ignored = span.makeCurrent()) {
            LlmReply reply = call.run();
            reply.model().ifPresent(m -> span.setAttribute(FsmAttributes.RESPONSE_MODEL, m));
            reply.inputTokens().ifPresent(n -> span.setAttribute(FsmAttributes.INPUT_TOKENS, (long) n));
            reply.outputTokens().ifPresent(n -> span.setAttribute(FsmAttributes.OUTPUT_TOKENS, (long) n));
            reply.finishReason().ifPresent(r -> span.setAttribute(FsmAttributes.FINISH_REASONS, List.of(r)));
            Attributes common = common(reply.model().orElse(null), null);
            duration.record(seconds(start), common);
            reply.inputTokens()
                    .ifPresent(n -> tokens.record(
                            n,
                            common.toBuilder()
                                    .put(FsmAttributes.TOKEN_TYPE, "input")
                                    .build()));
            reply.outputTokens()
                    .ifPresent(n -> tokens.record(
                            n,
                            common.toBuilder()
                                    .put(FsmAttributes.TOKEN_TYPE, "output")
                                    .build()));
            return reply;
        } catch (LlmException | RuntimeException | Error e) {
            String type = e.getClass().getName();
            span.setAttribute(FsmAttributes.ERROR_TYPE, type);
            span.recordException(e);
            span.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
            duration.record(seconds(start), common(null, type));
            throw e;
        } finally {
            span.end();
        }
    }

    private Attributes common(String responseModel, String errorType) {
        var attributes = Attributes.builder()
                .put(FsmAttributes.OPERATION, "chat")
                .put(FsmAttributes.PROVIDER, provider)
                .put(FsmAttributes.REQUEST_MODEL, model);
        if (responseModel != null) {
            attributes.put(FsmAttributes.RESPONSE_MODEL, responseModel);
        }
        if (errorType != null) {
            attributes.put(FsmAttributes.ERROR_TYPE, errorType);
        }
        return attributes.build();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / NANOS_PER_SECOND;
    }

    @Override
    public String toString() {
        return "traced " + client;
    }
}
