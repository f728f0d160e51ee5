package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.internal.ApiKeys;
import dev.agentfsm.runtime.internal.ProviderFailure;
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
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
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
 * <p>Every call ends at a deadline ({@code agentfsm.llm-call-deadline}, twice {@code agentfsm.llm-timeout} when
 * unset), Spring AI's retries included: the call runs on one of the client's daemon threads, which is
 * interrupted at the deadline and when the client is {@linkplain #close() closed}.
 */
public final class SpringAiLlmClient implements LlmClient, AutoCloseable {
    private static final int REASON_CHARS = 300;

    /** Names the threads the calls run on, {@code agentfsm-spring-ai-1}...; across clients, so that no two share one. */
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final ChatModel model;
    private final String provider;
    private final Duration deadline;

    /**
     * Runs each call, so that the caller can stop waiting at the deadline: Spring AI's {@code call} has none of
     * its own, and a provider that never answers (no read time-out is Spring's default) would hold the session.
     */
    private final ExecutorService calls;

    /**
     * A client over {@code model} whose calls end at the runtime's default deadline (twice the default
     * {@code llmTimeout}); errors name the model by its class ({@code OpenAiChatModel}...).
     */
    public SpringAiLlmClient(ChatModel model) {
        this(model, RuntimeConfig.defaults().llmTimeout().multipliedBy(2));
    }

    /**
     * A client over {@code model} whose every call, Spring AI's retries included, fails with an
     * {@link LlmException} once it has taken {@code deadline} (its thread interrupted). {@link #close()} ends the
     * calls still running and the client's threads.
     */
    public SpringAiLlmClient(ChatModel model, Duration deadline) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = model.getClass().getSimpleName();
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("the call deadline is " + deadline + "; it must be greater than zero");
        }
        this.deadline = deadline;
        this.calls = Executors.newCachedThreadPool(call -> {
            Thread thread = new Thread(call, "agentfsm-spring-ai-" + THREADS.incrementAndGet());
            thread.setDaemon(true); // a call a provider never ends must not keep the JVM up
            return thread;
        });
    }

    /** A client over {@code model} with the call deadline of {@code config}: its own, or twice its time-out. */
    static SpringAiLlmClient of(ChatModel model, RuntimeConfig config) {
        return new SpringAiLlmClient(
                model, config.llmCallDeadline().orElse(config.llmTimeout().multipliedBy(2)));
    }

    /**
     * Interrupts the calls still running and lets the client's threads end; a call after this fails. Spring
     * calls it when the application context closes.
     */
    @Override
    public void close() {
        calls.shutdownNow();
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
                // what the provider says of itself is shown on terminals and in traces: one escaped line each
                Optional.ofNullable(metadata.getModel())
                        .filter(name -> !name.isBlank())
                        .map(name -> SafeText.line(name, 200)),
                tokens(usage == null ? null : usage.getPromptTokens()),
                tokens(usage == null ? null : usage.getCompletionTokens()),
                finish.filter(reason -> !reason.isBlank()).map(reason -> SafeText.line(reason, 200)));
    }

    /** {@code model.call(prompt)} on the client's threads, waited for until the deadline. */
    private ChatResponse call(Prompt prompt) throws LlmException {
        Future<ChatResponse> call;
        try {
            call = calls.submit(() -> model.call(prompt));
        } catch (RejectedExecutionException e) {
            throw new LlmException(provider + " (" + defaultModel() + ") was not called: this client is closed (the"
                    + " application is shutting down)");
        }
        try {
            return call.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new LlmException(provider + " (" + defaultModel() + ") did not answer within the call's deadline of "
                    + deadline + "; raise agentfsm.llm-call-deadline (twice agentfsm.llm-timeout when unset) or check"
                    + " that the provider is up");
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            throw new LlmException(
                    provider + " (" + defaultModel() + ") was not waited for: the session's thread was"
                            + " interrupted",
                    e);
        } catch (CancellationException e) {
            throw new LlmException(
                    provider + " (" + defaultModel() + ") was stopped: this client was closed (the"
                            + " application is shutting down)",
                    e);
        } catch (ExecutionException e) {
            Throwable failure = e.getCause();
            if (failure instanceof Error error) {
                throw error;
            }
            // Spring AI's exceptions carry the provider's whole error body, as a proxy may have echoed the key in it
            throw new LlmException(
                    provider + " (" + defaultModel() + ") failed: "
                            + shown(failure.getClass().getSimpleName() + ": " + failure.getMessage()),
                    ProviderFailure.of(failure, SpringAiLlmClient::shown));
        }
    }

    /**
     * A server's text as an exception shows it: keys of a provider's shape and bearer tokens hidden (this client
     * cannot ask the model for its key), then one line, controls escaped, cut short.
     */
    private static String shown(String text) {
        return SafeText.line(ApiKeys.hidden(text, List.of()), REASON_CHARS);
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
