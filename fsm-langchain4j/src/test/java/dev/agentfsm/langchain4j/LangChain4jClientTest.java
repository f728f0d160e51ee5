package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LangChain4jClientTest {

    private static final JsonNode SCHEMA = ProviderServer.JSON
            .createObjectNode()
            .put("type", "object")
            .set(
                    "properties",
                    ProviderServer.JSON.createObjectNode().set("status", ProviderServer.JSON.createObjectNode()));

    private static final LlmRequest REQUEST =
            new LlmRequest(List.of(ChatMessage.system("be brief"), ChatMessage.user("status?")), Optional.of(SCHEMA));

    private static final ToolSpec LS = new ToolSpec("ls", "List a directory", Map.of("path", "the directory"));

    /** The request of a state that offers {@code ls}, as the agent's guard puts it ({@code ReplyGuard.offering}). */
    private static final LlmRequest OFFERING_LS =
            new LlmRequest(REQUEST.messages(), REQUEST.responseSchema(), List.of(LS));

    private static ChatModel model(Set<Capability> capabilities, Function<ChatRequest, ChatResponse> answer) {
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return answer.apply(request);
            }

            @Override
            public Set<Capability> supportedCapabilities() {
                return capabilities;
            }
        };
    }

    private static ChatModel model(Function<ChatRequest, ChatResponse> answer) {
        return model(Set.of(), answer);
    }

    private static ChatResponse text(String text) {
        return ChatResponse.builder().aiMessage(AiMessage.from(text)).build();
    }

    @Test
    void carriesTextModelTokensAndFinishReason() throws LlmException {
        List<ChatRequest> seen = new ArrayList<>();
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    seen.add(request);
                    return ChatResponse.builder()
                            .aiMessage(AiMessage.from("{\"status\": \"DONE\"}"))
                            .modelName("m-1")
                            .tokenUsage(new TokenUsage(12, 3))
                            .finishReason(FinishReason.STOP)
                            .build();
                }))
                .name("fake m-1")
                .build();

        LlmReply reply = client.complete(REQUEST);

        assertEquals(
                new LlmReply(
                        "{\"status\": \"DONE\"}",
                        Optional.of("m-1"),
                        OptionalInt.of(12),
                        OptionalInt.of(3),
                        Optional.of("stop")),
                reply);
        assertEquals(2, seen.get(0).messages().size());
    }

    @Test
    void theSchemaIsTheResponseFormatOnlyWhenTheModelSupportsJsonSchema() throws LlmException {
        List<ChatRequest> seen = new ArrayList<>();
        Function<ChatRequest, ChatResponse> answer = request -> {
            seen.add(request);
            return text("{}");
        };
        LangChain4jClient plain = LangChain4jClient.builder(model(answer)).build();
        LangChain4jClient structured = LangChain4jClient.builder(
                        model(Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA), answer))
                .build();

        plain.complete(REQUEST);
        structured.complete(REQUEST);

        assertFalse(plain.structuredOutput());
        assertNull(seen.get(0).parameters().responseFormat());
        assertTrue(structured.structuredOutput());
        var schema = seen.get(1).parameters().responseFormat().jsonSchema();
        assertEquals(ChatRequests.SCHEMA_NAME, schema.name());
        assertEquals(
                SCHEMA.toString(),
                assertInstanceOf(JsonRawSchema.class, schema.rootElement()).schema());
    }

    @Test
    void toolsAreOfferedAndACallBecomesTheAgentsReply() throws LlmException {
        List<ChatRequest> seen = new ArrayList<>();
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    seen.add(request);
                    return ChatResponse.builder()
                            .aiMessage(AiMessage.from(List.of(ToolExecutionRequest.builder()
                                    .id("call_1")
                                    .name("ls")
                                    .arguments("{\"path\": \"logs\", \"depth\": 2}")
                                    .build())))
                            .finishReason(FinishReason.TOOL_EXECUTION)
                            .build();
                }))
                .toolCalls(ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE))
                .build();

        LlmReply reply = client.complete(OFFERING_LS);

        assertEquals(
                "{\"action\":{\"function\":\"ls\",\"arguments\":{\"path\":\"logs\",\"depth\":2},"
                        + "\"status\":\"CONTINUE\"}}",
                reply.content());
        assertEquals(Optional.of("tool_execution"), reply.finishReason());
        ToolSpecification offered =
                seen.get(0).parameters().toolSpecifications().get(0);
        assertEquals("ls", offered.name());
        assertEquals("List a directory", offered.description());
        assertEquals(
                "{\"description\":\"the directory\"}",
                ((JsonRawSchema) offered.parameters().properties().get("path")).schema());
    }

    @Test
    void aToolsJsonSchemaIsOfferedAsItIs() {
        ToolSpec tool = new ToolSpec(
                "add",
                "Add two numbers",
                Map.of("a", "a number", "b", "a number"),
                Optional.of("{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"number\"},"
                        + " \"b\": {\"type\": \"number\"}}, \"required\": [\"a\", \"b\"]}"));

        ToolSpecification specification = ChatRequests.specification(tool);

        assertEquals(List.of("a", "b"), specification.parameters().required());
        assertEquals(
                "{\"type\":\"number\"}",
                ((JsonRawSchema) specification.parameters().properties().get("a")).schema());
    }

    @Test
    void toolCallReplyWritesTheHostsShapeToo() {
        ToolCallReply host = ToolCallReply.at("", "/status", LinuxAgentStatus.CONTINUE);

        JsonNode reply =
                host.reply("select", ProviderServer.JSON.createObjectNode().put("id", 3));

        assertEquals("{\"function\":\"select\",\"arguments\":{\"id\":3},\"status\":\"CONTINUE\"}", reply.toString());
        assertThrows(IllegalArgumentException.class, () -> ToolCallReply.at("/action", "", LinuxAgentStatus.CONTINUE));
        assertThrows(
                IllegalArgumentException.class, () -> ToolCallReply.at("action", "/status", LinuxAgentStatus.CONTINUE));
    }

    @Test
    void toolArgumentsThatAreNotAnObjectComeBackAsTextForTheGuardToReAsk() throws LlmException {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> ChatResponse.builder()
                        .aiMessage(AiMessage.from(List.of(ToolExecutionRequest.builder()
                                .name("ls")
                                .arguments("[\"logs\"]")
                                .build())))
                        .build()))
                .toolCalls(ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE))
                .build();

        assertEquals("ls([\"logs\"])", client.complete(OFFERING_LS).content());
    }

    @Test
    void imagesAreSentAsImageContent() throws LlmException {
        List<ChatRequest> seen = new ArrayList<>();
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    seen.add(request);
                    return text("{}");
                }))
                .build();

        client.complete(LlmRequest.of(
                List.of(ChatMessage.user("what is on screen?", List.of(ChatMessage.Image.png(new byte[] {1, 2, 3}))))));

        UserMessage user = (UserMessage) seen.get(0).messages().get(0);
        assertEquals(2, user.contents().size());
        ImageContent image =
                assertInstanceOf(ImageContent.class, user.contents().get(1));
        assertEquals("image/png", image.image().mimeType());
        assertEquals("AQID", image.image().base64Data());
    }

    @Test
    void anHttpErrorNamesTheStatusAndWhatTheServerSaid() {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    throw new InternalServerException(new HttpException(503, "{\"error\": \"down\"}\n"));
                }))
                .name("fake m-1")
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertEquals("fake m-1 failed: HTTP 503: {\"error\": \"down\"}", e.getMessage());
    }

    @Test
    void providerErrorIsOneLineNamingTheClient() {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    throw new IllegalStateException("connection reset\nby peer");
                }))
                .name("fake m-1")
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertTrue(
                e.getMessage().startsWith("fake m-1 failed: IllegalStateException: connection reset"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void emptyReplyIsAnError() {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> ChatResponse.builder()
                        .aiMessage(AiMessage.from(""))
                        .finishReason(FinishReason.STOP)
                        .build()))
                .name("fake m-1")
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertEquals("fake m-1 returned an empty reply: no text (finish reason stop)", e.getMessage());
    }

    @Test
    void aReplyCutOffBeforeItsFirstWordSaysSo() {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> ChatResponse.builder()
                        .aiMessage(AiMessage.from(""))
                        .finishReason(FinishReason.LENGTH)
                        .build()))
                .name("fake m-1")
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertEquals(
                "fake m-1 stopped at its output limit (finish reason length), so its reply is cut off; raise the"
                        + " model's maximum output tokens (its builder's maxTokens or maxCompletionTokens). It wrote"
                        + " nothing before it.",
                e.getMessage());
    }

    @Test
    void theDefaultNameIsTheModelsClass() {
        LangChain4jClient client = LangChain4jClient.builder(model(request -> {
                    throw new IllegalStateException("x");
                }))
                .build();

        LlmException e = assertThrows(LlmException.class, () -> client.complete(REQUEST));

        assertTrue(e.getMessage().startsWith("dev.agentfsm.langchain4j.LangChain4jClientTest$"), e.getMessage());
    }
}
