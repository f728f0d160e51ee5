package dev.agentfsm.runtime.llm;

/**
 * A chat model. Implementations: fsm-openai's {@code OpenAiCompatibleClient} (OpenAI, Azure OpenAI, Ollama, vLLM,
 * llama.cpp's server), fsm-langchain4j's {@code LangChain4jClient} (any LangChain4j chat model) and agents-kit's
 * {@code ReplayLlmClient} (recorded replies, for tests and demos). Agents
 * rarely call a client directly: {@link ReplyGuard} asks it and checks the reply's status.
 */
public interface LlmClient {

    /**
     * Sends the conversation and returns the model's reply.
     *
     * @throws LlmException when the model cannot be reached or answers with an error, after retries
     */
    LlmReply complete(LlmRequest request) throws LlmException;
}
