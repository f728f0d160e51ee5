package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.device.ToolSpec;
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
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
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
 *       re-ask would be cut off the same way) and a reply with neither text nor a tool call. Retries and time-outs are the model's, as its builder set them.
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

    private final ChatModel model;
    private final String name;
    private final boolean structuredOutput;
    private final Optional<ToolCallReply> toolCallReply;

    private LangChain4jClient(Builder builder) {
        this.model = builder.model;
        this.name = builder.name.orElseGet(() -> defaultName(builder.model));
        this.structuredOutput = builder.model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        this.toolCallReply = builder.toolCallReply;
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
            throw new LlmException(
                    name + " refused to answer: " + SafeText.line(String.valueOf(e.getMessage()), SHOWN_ERROR_CHARS),
                    e);
        } catch (RuntimeException e) {
            throw new LlmException(name + " failed: " + describe(e), e);
        }
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
                            : "The reply began: " + SafeText.line(text, SHOWN_ERROR_CHARS)));
        }
        if (response.finishReason() == FinishReason.CONTENT_FILTER) {
            throw new LlmException(name + " refused to answer (finish reason content_filter: the provider's content"
                    + " filter stopped the reply)"
                    + (text == null || text.isBlank() ? "" : ": " + SafeText.line(text, SHOWN_ERROR_CHARS)));
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
    private static String describe(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof HttpException http) {
                return "HTTP " + http.statusCode() + ": "
                        + SafeText.line(String.valueOf(http.getMessage()).strip(), SHOWN_ERROR_CHARS);
            }
        }
        return SafeText.line((e.getClass().getSimpleName() + ": " + e.getMessage()).strip(), SHOWN_ERROR_CHARS);
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

        /** The client. */
        public LangChain4jClient build() {
            return new LangChain4jClient(this);
        }
    }
}
