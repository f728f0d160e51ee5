package dev.agentfsm.runtime.llm;

import java.util.Objects;

/**
 * A chat model. Implementations: fsm-openai's {@code OpenAiCompatibleClient} (OpenAI, Azure OpenAI, Ollama, vLLM,
 * llama.cpp's server), fsm-langchain4j's {@code LangChain4jClient} (any LangChain4j chat model) and agents-kit's
 * {@code ReplayLlmClient} (recorded replies, for tests and demos). Agents
 * rarely call a client directly: {@link ReplyGuard} asks it and checks the reply's status.
 *
 * <p>A caller that wants the model's text as it arrives (to show it live) passes a {@link TextListener}
 * to {@link #complete(LlmRequest, TextListener)}, or hands an agent {@link #streaming(LlmClient,
 * TextListener) streaming(client, listener)}, a client that does so on every call. Streaming changes
 * nothing else: the reply returned is the whole reply, which the guard checks and a journal records.
 */
public interface LlmClient {

    /**
     * Sends the conversation and returns the model's reply.
     *
     * @throws LlmException when the model cannot be reached or answers with an error, after retries
     */
    LlmReply complete(LlmRequest request) throws LlmException;

    /**
     * Sends the conversation and returns the model's reply, as {@link #complete(LlmRequest)} does, passing
     * the reply's text to {@code listener} piece by piece as it arrives, on the calling thread, before this
     * method returns. When the call succeeds the pieces, joined, are the text the model wrote: the reply's
     * {@link LlmReply#content()}, unless the client makes the reply of something else (fsm-langchain4j's turns a
     * tool call into the agent's JSON, which is not streamed).
     * When it fails after some pieces arrived, it throws as {@link #complete(LlmRequest)} does: what the
     * listener saw is not a reply. A listener that throws ends the call with its exception.
     *
     * <p>The default, for a client that cannot stream, passes the whole text in one piece once the reply is
     * complete (nothing for an empty reply). fsm-openai's client streams (server-sent events); one that streams overrides this.
     *
     * @throws LlmException when the model cannot be reached, answers with an error, or its answer breaks
     *     off mid-way
     */
    default LlmReply complete(LlmRequest request, TextListener listener) throws LlmException {
        Objects.requireNonNull(listener, "listener");
        LlmReply reply = complete(request);
        if (!reply.content().isEmpty()) {
            listener.onText(reply.content());
        }
        return reply;
    }

    /**
     * {@code client}, streaming every call's text to {@code listener}: its {@link #complete(LlmRequest)}
     * is {@code client.complete(request, listener)}. Give it to an agent to see what the model writes while
     * it writes; wrap it in a journal ({@code journal.llm(LlmClient.streaming(client, listener))}) so that a
     * replayed call, which never reaches the model, streams nothing.
     */
    static LlmClient streaming(LlmClient client, TextListener listener) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(listener, "listener");
        return new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) throws LlmException {
                return client.complete(request, listener);
            }

            @Override
            public LlmReply complete(LlmRequest request, TextListener other) throws LlmException {
                Objects.requireNonNull(other, "listener");
                return client.complete(request, text -> {
                    listener.onText(text);
                    other.onText(text);
                });
            }

            @Override
            public String toString() {
                return client.toString();
            }
        };
    }

    /**
     * Hears a model's reply as it is written: each piece of text as the server sends it (a token or a few).
     * The text is the model's, unchecked and unescaped: escape it before showing it on a terminal
     * ({@code SafeText.line}). Called on the thread that called the client.
     */
    @FunctionalInterface
    interface TextListener {

        /** The next piece of the reply's text; never empty. */
        void onText(String piece);
    }
}
