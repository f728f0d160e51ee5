package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.ApiKeys;
import dev.agentfsm.runtime.internal.ProviderFailure;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link LlmClient} over any LangChain4j {@link ChatModel}: OpenAI, Anthropic, Ollama, Azure OpenAI, Gemini,
 * Bedrock... whichever provider module built the model answers the agents.
 *
 * <ul>
 *   <li><b>Structured output</b>: when the model lists {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA} among its
 *       {@link ChatModel#supportedCapabilities() capabilities}, the request's schema ({@link
 *       LlmRequest#responseSchema()}, the state's statuses as an {@code enum}) is sent as a JSON-schema response
 *       format, so the provider constrains the reply; otherwise it is left out, and the agents' {@code ReplyGuard}
 *       re-asks a reply that breaks it, as it does for every model.
 *   <li><b>Tools</b>: with a {@link ToolCallReply} {@linkplain Builder#toolCalls given to the builder}, the tools
 *       the asking state offers ({@link LlmRequest#tools()}: its {@code @Tools} patterns over the device's tools,
 *       which the agent's {@code ReplyGuard.offering(driver::tools)} puts in each request) are offered as
 *       LangChain4j {@code ToolSpecification}s (a tool's JSON Schema when it has one, else its parameters by their
 *       descriptions). A tool call the model makes becomes the agent's JSON reply through the {@code
 *       ToolCallReply} (text the model wrote beside the call is dropped), which the guard then checks like any
 *       reply.
 *   <li><b>Images</b> (screenshots) are sent as LangChain4j {@code ImageContent}.
 *   <li><b>What the provider said</b>: the answering model, the input and output token counts and the finish
 *       reason (LangChain4j's, lower case: {@code stop}, {@code length}, {@code tool_execution}...) are carried into
 *       the {@link LlmReply}, where tracing (fsm-opentelemetry) reads them.
 *   <li><b>Errors</b>: a provider's failure is one {@link LlmException} line naming the client and, for an HTTP
 *       error, its status and what the server said. So are a refusal (OpenAI's {@code refusal}, or a reply the
 *       provider's content filter stopped), a reply cut off at the output limit (finish reason {@code length}: a
 *       re-ask would be cut off the same way) and a reply with neither text nor a tool call. The server's text in
 *       them is one line with terminal controls escaped, and an API key in it (of a provider's shape, or given to
 *       {@link Builder#secret}) is shown as {@code ***}. Retries and time-outs are the model's, as its builder set them.
 *   <li><b>Streaming</b>: with the provider's {@link StreamingChatModel} {@linkplain Builder#streaming given to the
 *       builder}, a call that wants the text as it arrives ({@link #complete(LlmRequest, TextListener)}) streams
 *       through it; the reply returned is checked and made as above.
 * </ul>
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.builder().apiKey(key).modelName("gpt-4o")
 *         .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA).build();
 * LlmClient llm = LangChain4jClient.builder(model)
 *         .toolCalls(ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE))
 *         .build();
 * }</pre>
 *
 * <p>A client is immutable; it is as safe to share between sessions as its model is.
 */
public final class LangChain4jClient implements LlmClient {
    private static final Logger LOG = LoggerFactory.getLogger(LangChain4jClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most of a server's error an exception shows. */
    private static final int SHOWN_ERROR_CHARS = 300;
    /** The shortest key {@link Builder#secret} takes: a shorter one is no secret, and hiding it would garble text. */
    private static final int MIN_SECRET_CHARS = 8;

    private final ChatModel model;
    private final String name;
    private final boolean structuredOutput;
    private final Optional<ToolCallReply> toolCallReply;
    private final Optional<StreamingChatModel> streamingModel;
    private final Duration streamingTimeout;
    private final List<String> secrets;

    private LangChain4jClient(Builder builder) {
        this.model = builder.model;
        this.name = builder.name.orElseGet(() -> defaultName(builder.model));
        this.structuredOutput = builder.model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        this.toolCallReply = builder.toolCallReply;
        this.streamingModel = builder.streamingModel;
        this.streamingTimeout = builder.streamingTimeout;
        this.secrets = List.copyOf(builder.secrets);
    }

    /** A builder for a client over {@code model}, offering no tools. */
    public static Builder builder(ChatModel model) {
        return new Builder(model);
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        Objects.requireNonNull(request, "request");
        List<ToolSpec> offered = toolCallReply.isPresent() ? request.tools() : List.of();
        ChatResponse response;
        try {
            response = model.chat(ChatRequests.of(request, structuredOutput, offered));
        } catch (ContentFilteredException e) {
            // OpenAI's refusal: the model declined, and said why in the refusal's text
            throw new LlmException(name + " refused to answer: " + shown(String.valueOf(e.getMessage())), cause(e));
        } catch (RuntimeException e) {
            throw new LlmException(name + " failed: " + describe(e), cause(e));
        }
        return reply(response);
    }

    /**
     * Streams the reply through the {@linkplain Builder#streaming streaming model} when the builder was given one,
     * passing each partial response's text to {@code listener} on this thread, and returns the whole reply as
     * {@link #complete(LlmRequest)} would (the same checks and errors; a failure the model reports while streaming
     * is an {@link LlmException} naming the client, as is a completed stream without a finish reason, which may
     * be cut off). Waits at most the {@linkplain Builder#streamingTimeout streaming time-out} for each piece.
     * Without a streaming model, the whole text in one piece once the reply is there. A reply the model gave as a
     * tool call streams its text (often none), not the agent's JSON made from the call.
     */
    @Override
    public LlmReply complete(LlmRequest request, TextListener listener) throws LlmException {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(listener, "listener");
        if (streamingModel.isEmpty()) {
            return LlmClient.super.complete(request, listener);
        }
        StreamingChatModel streaming = streamingModel.get();
        boolean schema = streaming.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        // what the model's threads hand over: a piece of text (String), the ChatResponse, or the failure (Throwable)
        BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
        // the model's handle on its stream, from its first piece on: a stream this call gives up is cancelled
        // through it, and one given up before its first piece is cancelled when that piece comes
        AtomicReference<StreamingHandle> handle = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        try {
            streaming.chat(
                    ChatRequests.of(request, schema, toolCallReply.isPresent() ? request.tools() : List.of()),
                    new StreamingChatResponseHandler() {
                        @Override
                        public void onPartialResponse(String piece) {
                            if (piece != null && !piece.isEmpty()) {
                                arrived.add(piece);
                            }
                        }

                        @Override
                        public void onPartialResponse(PartialResponse piece, PartialResponseContext context) {
                            handle.compareAndSet(null, context.streamingHandle());
                            if (abandoned.get()) {
                                context.streamingHandle().cancel(); // the call is over: nobody reads this stream
                                return;
                            }
                            onPartialResponse(piece.text());
                        }

                        @Override
                        public void onCompleteResponse(ChatResponse response) {
                            arrived.add(response);
                        }

                        @Override
                        public void onError(Throwable failure) {
                            arrived.add(failure);
                        }
                    });
        } catch (RuntimeException e) {
            throw new LlmException(name + " failed: " + describe(e), cause(e));
        }
        boolean ended = false;
        try {
            Object last = awaitEnd(arrived, listener);
            ended = true;
            if (last instanceof ChatResponse response) {
                return streamed(response);
            }
            throw failedStreaming((Throwable) last);
        } finally {
            if (!ended) {
                // interrupted (a cancelled session), stalled, or the listener threw: stop the provider's stream
                // rather than leave its connection open until the provider's own time-out, if it has one
                abandoned.set(true);
                Optional.ofNullable(handle.get()).ifPresent(StreamingHandle::cancel);
            }
        }
    }

    /**
     * Passes the pieces that arrive to {@code listener} until the stream's end: the {@link ChatResponse} or the
     * failure the model reported.
     */
    private Object awaitEnd(BlockingQueue<Object> arrived, TextListener listener) throws LlmException {
        int pieces = 0;
        while (true) {
            Object next;
            try {
                next = arrived.poll(streamingTimeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LlmException("Interrupted while " + name + " streamed its reply", e);
            }
            if (next == null) {
                // a provider's time-out may cover only the wait for the answer's headers, not a stream that stalls
                throw new LlmException(name + " streamed nothing more for " + streamingTimeout.toMillis() + " ms after "
                        + pieces + (pieces == 1 ? " piece" : " pieces") + ", so its stream is taken as stalled; raise"
                        + " the client's streamingTimeout or check that the server is not overloaded");
            }
            if (next instanceof String piece) {
                pieces++;
                listener.onText(piece);
            } else {
                return next;
            }
        }
    }

    /** The reply a completed stream makes, or why it makes none. */
    private LlmReply streamed(ChatResponse response) throws LlmException {
        if (response.finishReason() == null) {
            // OpenAI's streaming model completes a stream that broke off, or that carried an error
            // event, with the text so far and no finish reason: that text may be cut off anywhere
            throw new LlmException(name + " streamed a reply that ended without a finish reason, so it may"
                    + " be cut off (the stream broke off, or the server sent an error the provider's module"
                    + " did not report); no part of it is taken as a reply. It began: "
                    + shown(Optional.ofNullable(response.aiMessage())
                            .map(AiMessage::text)
                            .orElse("")));
        }
        return reply(response);
    }

    /** The error a failure the model reported while streaming is. */
    private LlmException failedStreaming(Throwable failure) {
        if (failure instanceof ContentFilteredException) {
            return new LlmException(
                    name + " refused to answer: " + shown(String.valueOf(failure.getMessage())), cause(failure));
        }
        return new LlmException(name + " failed while streaming: " + describe(failure), cause(failure));
    }

    /**
     * The cause an {@link LlmException} of this client carries: {@code failure} with its messages as {@link
     * #shown} shows them, since the provider module's exceptions hold the server's raw text.
     */
    private Throwable cause(Throwable failure) {
        return ProviderFailure.of(failure, this::shown);
    }

    /** The reply a response makes, or why it makes none. */
    private LlmReply reply(ChatResponse response) throws LlmException {
        AiMessage message = response.aiMessage();
        Optional<String> finishReason = Optional.ofNullable(response.finishReason())
                .map(reason -> reason.name().toLowerCase(Locale.ROOT));
        TokenUsage usage = response.tokenUsage();
        String text = message == null ? null : message.text();
        if (response.finishReason() == FinishReason.LENGTH) {
            throw new LlmException(name + " stopped at its output limit (finish reason length"
                    + (usage == null || usage.outputTokenCount() == null
                            ? ""
                            : ", " + usage.outputTokenCount() + " output tokens")
                    + "), so its reply is cut off; raise the model's maximum output tokens (its builder's maxTokens"
                    + " or maxCompletionTokens). "
                    + (text == null || text.isBlank()
                            ? "It wrote nothing before it."
                            : "The reply began: " + shown(text)));
        }
        if (response.finishReason() == FinishReason.CONTENT_FILTER) {
            throw new LlmException(name + " refused to answer (finish reason content_filter: the provider's content"
                    + " filter stopped the reply)"
                    + (text == null || text.isBlank() ? "" : ": " + shown(text)));
        }
        String content;
        if (message != null && message.hasToolExecutionRequests() && toolCallReply.isPresent()) {
            content = replyFor(message.toolExecutionRequests());
        } else {
            content = text;
        }
        if (content == null || content.isBlank()) {
            throw new LlmException(name + " returned an empty reply: no text"
                    + (toolCallReply.isPresent() ? " and no tool call" : "")
                    + finishReason
                            .map(reason -> " (finish reason " + reason + ")")
                            .orElse(""));
        }
        return new LlmReply(
                content,
                Optional.ofNullable(response.modelName())
                        .filter(answering -> !answering.isBlank())
                        .map(answering -> SafeText.line(answering, 200)),
                count(usage == null ? null : usage.inputTokenCount()),
                count(usage == null ? null : usage.outputTokenCount()),
                finishReason);
    }

    /** The name errors give this client: {@code OpenAiChatModel (gpt-4o)}, or the one given to the builder. */
    @Override
    public String toString() {
        return name;
    }

    /** Whether this client sends the request's schema as the provider's JSON-schema response format. */
    public boolean structuredOutput() {
        return structuredOutput;
    }

    /**
     * The agent's reply for the model's tool call: the first call (an agent takes one action per step), its
     * arguments parsed. Arguments that are not a JSON object are returned as they came, so that the guard re-asks a
     * reply that is not the agent's JSON, as it would a written one.
     */
    private String replyFor(List<ToolExecutionRequest> calls) {
        ToolExecutionRequest call = calls.get(0);
        if (calls.size() > 1) {
            LOG.warn(
                    "{} asked for {} tool calls at once; the agent takes one action per step, so only the first"
                            + " ({}) is taken",
                    name,
                    calls.size(),
                    SafeText.line(call.name(), 80));
        }
        String arguments = call.arguments() == null || call.arguments().isBlank() ? "{}" : call.arguments();
        JsonNode parsed;
        try {
            parsed = JSON.readTree(arguments);
        } catch (JsonProcessingException e) {
            return call.name() + "(" + arguments + ")";
        }
        if (!(parsed instanceof ObjectNode object)) {
            return call.name() + "(" + arguments + ")";
        }
        return toolCallReply.orElseThrow().reply(call.name(), object).toString();
    }

    /** What went wrong, on one line: an HTTP error by its status and what the server said. */
    private String describe(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof HttpException http) {
                return "HTTP " + http.statusCode() + ": "
                        + shown(String.valueOf(http.getMessage()).strip());
            }
        }
        return shown((e.getClass().getSimpleName() + ": " + e.getMessage()).strip());
    }

    /**
     * A server's text (an error body, a reply's beginning) as an exception shows it: one line, terminal controls
     * escaped, cut to {@value #SHOWN_ERROR_CHARS} characters, and with any API key in it shown as {@code ***}. A
     * server or a proxy before it may echo the key it was sent, and this client cannot ask the model for its key:
     * it hides the keys given to {@link Builder#secret} and whatever has the shape of a provider's key or a bearer
     * token. The key goes first, so that escaping or cutting cannot split it.
     */
    private String shown(String text) {
        return SafeText.line(ApiKeys.hidden(text, secrets), SHOWN_ERROR_CHARS);
    }

    private static String defaultName(ChatModel model) {
        String modelName;
        try {
            modelName = model.defaultRequestParameters().modelName();
        } catch (RuntimeException e) {
            modelName = null; // a hand-written model without default parameters
        }
        String type = model.getClass().getSimpleName().isEmpty()
                ? model.getClass().getName()
                : model.getClass().getSimpleName();
        return type + (modelName == null || modelName.isBlank() ? "" : " (" + SafeText.line(modelName, 80) + ")");
    }

    private static OptionalInt count(Integer tokens) {
        return tokens == null || tokens < 0 ? OptionalInt.empty() : OptionalInt.of(tokens);
    }

    /** Configures a {@link LangChain4jClient}. */
    public static final class Builder {
        private final ChatModel model;
        private Optional<String> name = Optional.empty();
        private Optional<ToolCallReply> toolCallReply = Optional.empty();
        private Optional<StreamingChatModel> streamingModel = Optional.empty();
        private Duration streamingTimeout = Duration.ofMinutes(5);
        private final List<String> secrets = new ArrayList<>();

        private Builder(ChatModel model) {
            this.model = Objects.requireNonNull(model, "model");
        }

        /**
         * The name errors give the client ({@code "openai gpt-4o"}); by default the model's class and model name
         * ({@code OpenAiChatModel (gpt-4o)}).
         */
        public Builder name(String name) {
            this.name = Optional.of(Objects.requireNonNull(name, "name"));
            return this;
        }

        /**
         * Offers the tools each request carries ({@link LlmRequest#tools()}, the asking state's) to the model as
         * LangChain4j tool specifications, and turns a tool call the model makes into the agent's JSON reply
         * with {@code reply}. Without it no tools are offered, and the prompt alone describes them.
         *
         * @param reply writes a tool call as the agent's reply, for the guard to check and the agent to act on
         */
        public Builder toolCalls(ToolCallReply reply) {
            this.toolCallReply = Optional.of(Objects.requireNonNull(reply, "reply"));
            return this;
        }

        /**
         * The provider's streaming model for the same model ({@code OpenAiStreamingChatModel} beside
         * {@code OpenAiChatModel}, say), which answers the calls that want the text as it arrives
         * ({@link LlmClient#complete(LlmRequest, TextListener)}, as {@link LlmClient#streaming} makes every call);
         * the other calls go to the chat model. Its own capabilities decide whether the schema is sent.
         */
        public Builder streaming(StreamingChatModel model) {
            this.streamingModel = Optional.of(Objects.requireNonNull(model, "model"));
            return this;
        }

        /**
         * The longest a streamed call waits for the streaming model's next piece or its end (default 5 minutes):
         * a stream that stalls longer fails, and is cancelled. A provider's own time-out may not cover a stream
         * that stalls after its first bytes (LangChain4j's OpenAI module's does not).
         *
         * @throws IllegalArgumentException naming the value when it is not positive
         */
        public Builder streamingTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("The streaming time-out is " + timeout + "; it must be positive");
            }
            this.streamingTimeout = timeout;
            return this;
        }

        /**
         * The API key the model was built with (or any other secret), shown as {@code ***} wherever a server's
         * text goes into an exception: a server or a proxy that echoes the key in an error must not put it in a
         * trace, a log or a journal. Keys shaped as OpenAI's, Anthropic's ({@code sk-...}) and Google's
         * ({@code AIza...}) and bearer tokens are hidden without it; give it for a key of another shape (a vLLM
         * server's, an Azure {@code api-key}). May be called once per secret.
         *
         * @throws IllegalArgumentException when the secret is shorter than 8 characters (hiding it would garble
         *         the text, and it is no secret worth that)
         */
        public Builder secret(String secret) {
            Objects.requireNonNull(secret, "secret");
            if (secret.strip().length() < MIN_SECRET_CHARS) {
                throw new IllegalArgumentException(
                        "The secret to hide has " + secret.strip().length() + " characters; give one of at least "
                                + MIN_SECRET_CHARS + " (a key that short is no secret)");
            }
            this.secrets.add(secret.strip());
            return this;
        }

        /** The client. */
        public LangChain4jClient build() {
            return new LangChain4jClient(this);
        }
    }
}
