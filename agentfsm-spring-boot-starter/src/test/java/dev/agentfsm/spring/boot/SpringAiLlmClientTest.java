package dev.agentfsm.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/** The adapter against Spring AI's own types: a {@link ChatModel} is an interface any provider implements. */
class SpringAiLlmClientTest {
    private static final LlmRequest REQUEST = LlmRequest.of(List.of(
            ChatMessage.system("be brief"),
            ChatMessage.user("look", List.of(Image.png(new byte[] {1, 2, 3}))),
            ChatMessage.assistant("{\"status\": \"CONTINUE\"}"),
            ChatMessage.user("go on")));

    @Test
    void theConversationGoesOverAndTheReplyComesBackWithItsMetadata() throws Exception {
        List<Prompt> prompts = new ArrayList<>();
        ChatModel model = prompt -> {
            prompts.add(prompt);
            return new ChatResponse(
                    List.of(new Generation(
                            new AssistantMessage("{\"status\": \"FINISH\"}"),
                            ChatGenerationMetadata.builder()
                                    .finishReason("STOP")
                                    .build())),
                    ChatResponseMetadata.builder()
                            .model("gpt-test-2026")
                            .usage(new DefaultUsage(120, 30))
                            .build());
        };

        LlmReply reply = new SpringAiLlmClient(model).complete(REQUEST);

        assertThat(reply.content()).isEqualTo("{\"status\": \"FINISH\"}");
        assertThat(reply.model()).contains("gpt-test-2026");
        assertThat(reply.inputTokens()).isEqualTo(OptionalInt.of(120));
        assertThat(reply.outputTokens()).isEqualTo(OptionalInt.of(30));
        assertThat(reply.finishReason()).contains("STOP");
        List<Message> sent = prompts.get(0).getInstructions();
        assertThat(sent)
                .extracting(Message::getMessageType)
                .containsExactly(MessageType.SYSTEM, MessageType.USER, MessageType.ASSISTANT, MessageType.USER);
        assertThat(sent)
                .extracting(Message::getText)
                .containsExactly("be brief", "look", "{\"status\": \"CONTINUE\"}", "go on");
        UserMessage withImage = (UserMessage) sent.get(1);
        assertThat(withImage.getMedia()).hasSize(1);
        assertThat(withImage.getMedia().get(0).getMimeType().toString()).isEqualTo("image/png");
        assertThat(withImage.getMedia().get(0).getDataAsByteArray()).containsExactly(1, 2, 3);
    }

    @Test
    void aProviderErrorIsAnLlmExceptionNamingTheProviderOnOneLine() {
        ChatModel failing = new ChatModel() {
            @Override
            public ChatResponse call(Prompt prompt) {
                throw new IllegalStateException("HTTP 429 - {\"error\": \"rate limited\"}\n\u001b[2Jsecond line");
            }
        };
        assertThatThrownBy(() -> new SpringAiLlmClient(failing).complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith(failing.getClass().getSimpleName())
                .hasMessageContaining("IllegalStateException: HTTP 429")
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("\u001b");
    }

    @Test
    void anEmptyCutOffFilteredOrMissingReplyIsAnLlmExceptionWithTheFinishReason() {
        ChatModel truncated = prompt -> new ChatResponse(List.of(new Generation(
                new AssistantMessage(""),
                ChatGenerationMetadata.builder().finishReason("LENGTH").build())));
        assertThatThrownBy(() -> new SpringAiLlmClient(truncated).complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("empty reply")
                .hasMessageContaining("finish reason: LENGTH");
        ChatModel cutOff = prompt -> new ChatResponse(List.of(new Generation(
                new AssistantMessage("{\"action\": {\"func"),
                ChatGenerationMetadata.builder().finishReason("LENGTH").build())));
        assertThatThrownBy(() -> new SpringAiLlmClient(cutOff).complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("stopped at its output limit (finish reason: LENGTH)")
                .hasMessageEndingWith("The reply began: {\"action\": {\"func");
        ChatModel filtered = prompt -> new ChatResponse(List.of(new Generation(
                new AssistantMessage("I can't help with that."),
                ChatGenerationMetadata.builder().finishReason("CONTENT_FILTER").build())));
        assertThatThrownBy(() -> new SpringAiLlmClient(filtered).complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("refused to answer (finish reason: CONTENT_FILTER): I can't help with that.");
        ChatModel none = prompt -> new ChatResponse(List.of());
        assertThatThrownBy(() -> new SpringAiLlmClient(none).complete(REQUEST))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("without a reply");
    }
}
