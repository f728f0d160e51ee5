package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;

/**
 * The providers the demo round runs against: each one's local server, the LangChain4j model built on it as a user
 * builds it, and what a well-formed request to it holds. Every model is built with no retries, so that one scripted
 * HTTP error is the whole story of a call.
 */
enum Provider {
    OPENAI("openai", "OpenAiChatModel", "gpt-4o", OpenAiServer.MODEL, true) {
        @Override
        ProviderServer start() {
            return new OpenAiServer();
        }

        @Override
        ChatModel model(ProviderServer server) {
            return OpenAiChatModel.builder()
                    .baseUrl(((OpenAiServer) server).baseUrl())
                    .apiKey("sk-test")
                    .modelName(OPENAI.requestModel)
                    .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                    .maxRetries(0)
                    .build();
        }

        @Override
        void assertWellFormed(ProviderServer.Received request) {
            assertEquals("Bearer sk-test", request.headers().getFirst("Authorization"));
            JsonNode body = request.body();
            assertEquals("gpt-4o", body.path("model").asText(), body::toString);
            assertEquals("system", body.at("/messages/0/role").asText(), body::toString);
            assertEquals("user", body.at("/messages/1/role").asText(), body::toString);
            assertEquals("json_schema", body.at("/response_format/type").asText(), body::toString);
            assertEquals(
                    ChatRequests.SCHEMA_NAME,
                    body.at("/response_format/json_schema/name").asText());
            assertEquals(
                    STATUSES,
                    body.at("/response_format/json_schema/schema" + STATUS_ENUM).toString());
            assertEquals("function", body.at("/tools/0/type").asText(), body::toString);
            assertEquals("execute_command", body.at("/tools/0/function/name").asText(), body::toString);
            assertTrue(
                    body.at("/tools/0/function/parameters/properties/command/description")
                            .isTextual(),
                    body::toString);
            assertEquals("get_system_info", body.at("/tools/1/function/name").asText(), body::toString);
        }
    },

    ANTHROPIC("anthropic", "AnthropicChatModel", "claude-sonnet-4-5", AnthropicServer.MODEL, false) {
        @Override
        ProviderServer start() {
            return new AnthropicServer();
        }

        @Override
        ChatModel model(ProviderServer server) {
            return AnthropicChatModel.builder()
                    .baseUrl(((AnthropicServer) server).baseUrl())
                    .apiKey("sk-ant-test")
                    .modelName(ANTHROPIC.requestModel)
                    .maxRetries(0)
                    .build();
        }

        @Override
        void assertWellFormed(ProviderServer.Received request) {
            assertEquals("sk-ant-test", request.headers().getFirst("x-api-key"));
            assertEquals("2023-06-01", request.headers().getFirst("anthropic-version"));
            JsonNode body = request.body();
            assertEquals("claude-sonnet-4-5", body.path("model").asText(), body::toString);
            assertTrue(body.path("max_tokens").isIntegralNumber(), body::toString);
            // the system prompt is a top-level member, not a message; the conversation starts with the user
            assertTrue(body.path("system").toString().contains("You are LinuxAgent"), body::toString);
            assertEquals("user", body.at("/messages/0/role").asText(), body::toString);
            // no structured output asked for: the model lists no JSON-schema capability, the guard keeps replies
            assertTrue(body.path("output_config").isMissingNode(), body::toString);
            assertEquals("execute_command", body.at("/tools/0/name").asText(), body::toString);
            assertEquals("object", body.at("/tools/0/input_schema/type").asText(), body::toString);
            assertTrue(
                    body.at("/tools/0/input_schema/properties/command/description")
                            .isTextual(),
                    body::toString);
        }
    },

    OLLAMA("ollama", "OllamaChatModel", "qwen2.5:7b", OllamaServer.MODEL, true) {
        @Override
        ProviderServer start() {
            return new OllamaServer();
        }

        @Override
        ChatModel model(ProviderServer server) {
            return OllamaChatModel.builder()
                    .baseUrl(((OllamaServer) server).baseUrl())
                    .modelName(OLLAMA.requestModel)
                    .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                    .maxRetries(0)
                    .build();
        }

        @Override
        void assertWellFormed(ProviderServer.Received request) {
            JsonNode body = request.body();
            assertEquals("qwen2.5:7b", body.path("model").asText(), body::toString);
            assertEquals(false, body.path("stream").asBoolean(true), body::toString);
            assertEquals("system", body.at("/messages/0/role").asText(), body::toString);
            assertEquals("user", body.at("/messages/1/role").asText(), body::toString);
            // Ollama takes the JSON schema itself as "format"
            assertEquals(STATUSES, body.at("/format" + STATUS_ENUM).toString(), body::toString);
            assertEquals("function", body.at("/tools/0/type").asText(), body::toString);
            assertEquals("execute_command", body.at("/tools/0/function/name").asText(), body::toString);
        }
    };

    /** Where the reply schema holds the statuses the LinuxAgent's CONTINUE offers. */
    static final String STATUS_ENUM = "/properties/action/properties/status/enum";

    static final String STATUSES = "[\"CONTINUE\",\"FINISH\",\"FAIL\"]";

    /** The provider as the GenAI conventions' {@code gen_ai.provider.name} names it. */
    final String system;
    /** The model the client asks for. */
    final String requestModel;
    /** The model the server says answered. */
    final String answeringModel;
    /** Whether the client sends the status schema as the provider's structured output. */
    final boolean structured;
    /** The name the client gives errors: the LangChain4j model's class and the model asked for. */
    final String clientName;

    Provider(String system, String modelClass, String requestModel, String answeringModel, boolean structured) {
        this.system = system;
        this.requestModel = requestModel;
        this.answeringModel = answeringModel;
        this.structured = structured;
        this.clientName = modelClass + " (" + requestModel + ")";
    }

    abstract ProviderServer start();

    abstract ChatModel model(ProviderServer server);

    abstract void assertWellFormed(ProviderServer.Received request);
}
