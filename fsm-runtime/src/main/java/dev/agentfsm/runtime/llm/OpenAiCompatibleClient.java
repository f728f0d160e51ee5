package dev.agentfsm.runtime.llm;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * An {@link LlmClient} for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
 * Ollama, vLLM, llama.cpp's server), over {@code java.net.http} with Jackson. Images are sent as data
 * URLs; a response schema becomes a {@code json_schema} {@code response_format}. 429 and 5xx answers
 * are retried with exponential back-off; every call has a time-out.
 *
 * <pre>{@code
 * LlmClient llm = OpenAiCompatibleClient.builder(URI.create("http://localhost:11434/v1"), "qwen2.5")
 *         .apiKeyFromEnv("OPENAI_API_KEY").timeout(Duration.ofSeconds(60)).build();
 * }</pre>
 */
public final class OpenAiCompatibleClient implements LlmClient {
    // The API is the contract; the implementation lands with issue 4.

    private OpenAiCompatibleClient() {
        throw new UnsupportedOperationException("issue 4");
    }

    /** A builder for the endpoint at {@code baseUrl} (the part before {@code /chat/completions}) and {@code model}. */
    public static Builder builder(URI baseUrl, String model) {
        throw new UnsupportedOperationException("issue 4");
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        throw new UnsupportedOperationException("issue 4");
    }

    /** Configures an {@link OpenAiCompatibleClient}. */
    public static final class Builder {
        private Builder() {}

        /**
         * Reads the API key from this environment variable when the client is built.
         *
         * @throws IllegalStateException at {@link #build()} naming the variable if it is unset
         */
        public Builder apiKeyFromEnv(String variable) { throw new UnsupportedOperationException("issue 4"); }

        /** The API key itself (prefer {@link #apiKeyFromEnv}). */
        public Builder apiKey(Optional<String> apiKey) { throw new UnsupportedOperationException("issue 4"); }

        /** Time-out of one HTTP call (default 60 s). */
        public Builder timeout(Duration timeout) { throw new UnsupportedOperationException("issue 4"); }

        /** Retries after a 429 or 5xx (default 3). */
        public Builder maxRetries(int retries) { throw new UnsupportedOperationException("issue 4"); }

        /** Back-off before the first retry, doubled each time (default 500 ms). */
        public Builder initialBackoff(Duration backoff) { throw new UnsupportedOperationException("issue 4"); }

        /** Whether to send the schema as {@code response_format} (default true; some servers reject it). */
        public Builder structuredOutput(boolean enabled) { throw new UnsupportedOperationException("issue 4"); }

        public OpenAiCompatibleClient build() { throw new UnsupportedOperationException("issue 4"); }
    }
}
