package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
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
 */
public final class SpringAiLlmClient implements LlmClient {
    private static final int REASON_CHARS = 300;

    private final ChatModel model;
    private final String provider;

    /** A client over {@code model}; errors name it by its class ({@code OpenAiChatModel}...). */
    public SpringAiLlmClient(ChatModel model) {
        this.model = Objects.requireNonNull(model, "model");
        this.provider = model.getClass().getSimpleName();
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        List<Message> messages = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            messages.add(message(message));
        }
        ChatResponse response;
        try {
            response = model.call(new Prompt(messages));
        } catch (RuntimeException e) {
            throw new LlmException(
                    provider + " (" + defaultModel() + ") failed: "
                            + SafeText.line(e.getClass().getSimpleName() + ": " + e.getMessage(), REASON_CHARS),
                    e);
        }
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
                Optional.ofNullable(metadata.getModel()).filter(name -> !name.isBlank()),
                tokens(usage == null ? null : usage.getPromptTokens()),
                tokens(usage == null ? null : usage.getCompletionTokens()),
                finish.filter(reason -> !reason.isBlank()));
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
