package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An agent's {@link LlmRequest} as a LangChain4j {@link ChatRequest}: messages, images, schema and tools. */
final class ChatRequests {
    /** The JSON schema's name: providers require one and only echo it (the OpenAI-compatible client's too). */
    static final String SCHEMA_NAME = "agent_reply";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ChatRequests() {}

    /**
     * @param structuredOutput whether the request's schema is sent as a JSON-schema response format
     * @param tools the tools offered, none for a plain request
     */
    static ChatRequest of(LlmRequest request, boolean structuredOutput, List<ToolSpec> tools) {
        DefaultChatRequestParameters.Builder<?> parameters = ChatRequestParameters.builder();
        if (structuredOutput) {
            request.responseSchema().ifPresent(schema -> parameters.responseFormat(responseFormat(schema)));
        }
        if (!tools.isEmpty()) {
            parameters.toolSpecifications(
                    tools.stream().map(ChatRequests::specification).toList());
        }
        return ChatRequest.builder()
                .messages(request.messages().stream().map(ChatRequests::message).toList())
                .parameters(parameters.build())
                .build();
    }

    private static dev.langchain4j.data.message.ChatMessage message(ChatMessage message) {
        return switch (message.role()) {
            case SYSTEM -> SystemMessage.from(message.text());
            case ASSISTANT -> AiMessage.from(message.text());
            case USER -> {
                if (message.images().isEmpty()) {
                    yield UserMessage.from(message.text());
                }
                List<Content> contents = new ArrayList<>();
                contents.add(TextContent.from(message.text()));
                for (ChatMessage.Image image : message.images()) {
                    contents.add(ImageContent.from(Base64.getEncoder().encodeToString(image.data()), image.mimeType()));
                }
                yield UserMessage.from(contents);
            }
        };
    }

    /** The schema as it is: LangChain4j's providers write a raw schema into their requests unchanged. */
    static ResponseFormat responseFormat(JsonNode schema) {
        return ResponseFormat.builder()
                .type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder()
                        .name(SCHEMA_NAME)
                        .rootElement(JsonRawSchema.from(schema.toString()))
                        .build())
                .build();
    }

    /**
     * The tool as LangChain4j describes it to a provider: each property of its JSON Schema as it is, with the
     * schema's {@code required}; a tool without a schema (or with one that is not an object's) by its parameters'
     * descriptions, of any type and none required, as the prompt lists them.
     */
    static ToolSpecification specification(ToolSpec tool) {
        JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
        Optional<JsonNode> schema = tool.inputSchema().flatMap(ChatRequests::objectSchema);
        if (schema.isPresent()) {
            for (Iterator<Map.Entry<String, JsonNode>> properties =
                            schema.get().path("properties").fields();
                    properties.hasNext(); ) {
                Map.Entry<String, JsonNode> property = properties.next();
                parameters.addProperty(
                        property.getKey(),
                        JsonRawSchema.from(property.getValue().toString()));
            }
            List<String> required = new ArrayList<>();
            schema.get().path("required").forEach(name -> required.add(name.asText()));
            if (!required.isEmpty()) {
                parameters.required(required);
            }
        } else {
            tool.parameters()
                    .forEach((name, description) -> parameters.addProperty(
                            name,
                            JsonRawSchema.from(JSON.createObjectNode()
                                    .put("description", description)
                                    .toString())));
        }
        return ToolSpecification.builder()
                .name(tool.name())
                .description(tool.description())
                .parameters(parameters.build())
                .build();
    }

    private static Optional<JsonNode> objectSchema(String text) {
        try {
            JsonNode schema = JSON.readTree(text);
            return schema != null && schema.path("properties").isObject() ? Optional.of(schema) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
