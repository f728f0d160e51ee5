package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.Media;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.util.MimeType;

/**
 * The agents' {@link LlmClient} over a Spring AI {@link ChatModel}: whatever provider the application
 * configured (OpenAI, Anthropic, Ollama, Azure, Bedrock...) answers the agents, with Spring AI's own retries.
 *
 * <p>The state's status schema ({@link LlmRequest#responseSchema()}) is not sent: Spring AI 1.1 has no
 * provider-neutral response format. The agents' {@code ReplyGuard} checks every reply against the machine and
 * re-asks with the reason when a reply breaks it, as it does for a model without structured output. Model,
 * token usage and finish reason are read from the response's metadata where the provider gave them.
 *
 * <p>Every call has a deadline (the runtime's {@code llmCallDeadline}, by default twice {@code llmTimeout}):
 * Spring AI's HTTP clients have no read time-out by default, so a server that accepts and never answers would
 * hold the agent for ever. The model is called on a thread of its own, which is interrupted when the deadline
 * passes or the agent's thread is interrupted (a cancelled session).
 */
public final class SpringAiLlmClient implements LlmClient {
    private static final int REASON_CHARS = 300;

    /** The deadline of a client built without one: the runtime's default (twice its default llmTimeout). */
    private static final Duration DEFAULT_DEADLINE =
            RuntimeConfig.defaults().llmTimeout().multipliedBy(2);

    private final ChatModel model;
    private final String provider;
    private final Duration deadline;

    /**
     * A client over {@code model} whose calls have the runtime's default deadline; errors name it by its class
     * ({@code OpenAiChatModel}...).
     */
    public SpringAiLlmClient(ChatModel model) {
        this(model, DEFAULT_DEADLINE);
    }

    /**
     * A client over {@code model} whose every call ends within {@code deadline}, Spring AI's retries included.
     *
     * @throws IllegalArgumentException naming the deadline when it is not positive
     */
    public SpringAiLlmClient(ChatModel model, Duration deadline) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = model.getClass().getSimpleName();
        Objects.requireNonNull(deadline, "deadline");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException(
                    "The deadline of a Spring AI model call is " + deadline + "; it must be positive");
        }
        this.deadline = deadline;
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        List<Message> messages = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            messages.add(message(message));
        }
        ChatResponse response = call(new Prompt(messages));
        Generation generation = response == null ? null : response.getResult();
        if (generation == null || generation.getOutput() == null) {
            throw new LlmException(provider + " (" + defaultModel() + ") answered without a reply");
        }
        // OpenAI's refusal: no text and finish reason stop; Spring AI's OpenAiChatModel keeps the model's reason in
        // the message's metadata
        if (generation.getOutput().getMetadata().get("refusal") instanceof String refusal && !refusal.isBlank()) {
            throw new LlmException(
                    provider + " (" + defaultModel() + ") refused to answer: " + SafeText.line(refusal, REASON_CHARS));
        }
        String text = generation.getOutput().getText();
        Optional<String> finish = Optional.ofNullable(generation.getMetadata().getFinishReason());
        if (text == null || text.isBlank()) {
            throw new LlmException(provider + " (" + defaultModel() + ") answered with an empty reply"
                    + finish.map(reason -> " (finish reason: " + SafeText.line(reason, 40) + ")")
                            .orElse(""));
        }
        String stopped = finish.orElse("").toLowerCase(Locale.ROOT);
        if (stopped.equals("length") || stopped.equals("max_tokens")) {
            // cut off at the output limit: a re-ask would be cut off the same way
            throw new LlmException(provider + " (" + defaultModel() + ") stopped at its output limit (finish reason: "
                    + SafeText.line(finish.get(), 40) + "), so its reply is cut off; raise the model's maximum output"
                    + " tokens. The reply began: " + SafeText.line(text, REASON_CHARS));
        }
        if (stopped.equals("content_filter") || stopped.equals("refusal")) {
            throw new LlmException(provider + " (" + defaultModel() + ") refused to answer (finish reason: "
                    + SafeText.line(finish.get(), 40) + "): " + SafeText.line(text, REASON_CHARS));
        }
        ChatResponseMetadata metadata = response.getMetadata();
        Usage usage = metadata.getUsage();
        return new LlmReply(
                text,
                Optional.ofNullable(metadata.getModel())
                        .filter(name -> !name.isBlank())
                        .map(name -> SafeText.line(name, 200)),
                tokens(usage == null ? null : usage.getPromptTokens()),
                tokens(usage == null ? null : usage.getCompletionTokens()),
                finish.filter(reason -> !reason.isBlank()).map(reason -> SafeText.line(reason, 200)));
    }

    /** The model's response to {@code prompt}, within the deadline, on a thread of its own. */
    private ChatResponse call(Prompt prompt) throws LlmException {
        FutureTask<ChatResponse> call = new FutureTask<>(() -> model.call(prompt));
        Thread thread = new Thread(call, "agentfsm-spring-ai-call");
        thread.setDaemon(true); // a call abandoned to a server that never answers must not keep the JVM alive
        thread.start();
        try {
            return call.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new LlmException(provider + " (" + defaultModel() + ") did not answer within the call's deadline of "
                    + deadline.toMillis() + " ms, Spring AI's retries included; check that the server is running and"
                    + " not overloaded, or raise agentfsm.llm-call-deadline");
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            throw new LlmException("Interrupted while waiting for " + provider + " (" + defaultModel() + ")", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw new LlmException(
                    provider + " (" + defaultModel() + ") failed: "
                            + SafeText.line(cause.getClass().getSimpleName() + ": " + cause.getMessage(), REASON_CHARS),
                    cause);
        }
    }

    private static Message message(ChatMessage message) {
        return switch (message.role()) {
            case SYSTEM -> new SystemMessage(message.text());
            case ASSISTANT -> new AssistantMessage(message.text());
            case USER ->
                UserMessage.builder()
                        .text(message.text())
                        .media(message.images().stream()
                                .map(SpringAiLlmClient::media)
                                .toList())
                        .build();
        };
    }

    private static Media media(Image image) {
        return new Media(MimeType.valueOf(image.mimeType()), new ByteArrayResource(image.data()));
    }

    private static OptionalInt tokens(Integer count) {
        return count == null || count <= 0 ? OptionalInt.empty() : OptionalInt.of(count);
    }

    private String defaultModel() {
        try {
            String name = model.getDefaultOptions().getModel();
            return name == null ? "default model" : SafeText.line(name, 80);
        } catch (RuntimeException e) {
            return "default model";
        }
    }
}
