package dev.agentfsm.runtime.llm;

import dev.agentfsm.runtime.RuntimeConfig;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link LlmClient} for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
 * Ollama, vLLM, llama.cpp's server), over {@code java.net.http} with Jackson. Images are sent as data
 * URLs; a response schema becomes a {@code json_schema} {@code response_format}. 429 and 5xx answers
 * are retried with exponential back-off (a {@code Retry-After} in seconds is honoured, up to a minute);
 * other answers, failed connections and time-outs are not retried. Every call has a time-out that
 * covers the whole exchange, body included, and a body is read up to 16 MiB. A client
 * is immutable: many sessions may share one.
 *
 * <pre>{@code
 * LlmClient llm = OpenAiCompatibleClient.builder(URI.create("http://localhost:11434/v1"), "qwen2.5")
 *         .apiKeyFromEnv("OPENAI_API_KEY").timeout(Duration.ofSeconds(60)).build();
 * }</pre>
 *
 * <p>Azure OpenAI takes its key in an {@code api-key} header instead of {@code Authorization}, and
 * keeps its {@code api-version} in the query, which the client preserves:
 *
 * <pre>{@code
 * LlmClient azure = OpenAiCompatibleClient.builder(
 *                 URI.create("https://my-resource.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21"),
 *                 "gpt-4o")
 *         .apiKeyFromEnv("AZURE_OPENAI_API_KEY").apiKeyHeader("api-key").build();
 * }</pre>
 */
public final class OpenAiCompatibleClient implements LlmClient {
    private static final Logger LOG = LoggerFactory.getLogger(OpenAiCompatibleClient.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(60);
    /** The largest response body read (a chat completion is text; this bounds memory, not a model). */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    private static final String AUTHORIZATION = "Authorization";

    private final URI endpoint;
    private final String model;
    private final Optional<String> apiKey;
    private final String apiKeyHeader;
    private final Duration timeout;
    private final int maxRetries;
    private final Duration initialBackoff;
    private final boolean structuredOutput;
    private final boolean strictSchema;
    private final Sleeper sleeper;
    private final HttpClient http;

    private OpenAiCompatibleClient(Builder builder, Optional<String> apiKey) {
        this.endpoint = chatCompletions(builder.baseUrl);
        this.model = builder.model;
        this.apiKey = apiKey;
        this.apiKeyHeader = builder.apiKeyHeader;
        this.timeout = builder.timeout;
        this.maxRetries = builder.maxRetries;
        this.initialBackoff = builder.initialBackoff;
        this.structuredOutput = builder.structuredOutput;
        this.strictSchema = builder.strictSchema;
        this.sleeper = builder.sleeper;
        // HTTP/1.1: a plain-http local server (Ollama, vLLM) gains nothing from an h2c upgrade attempt
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
    }

    /** A builder for the endpoint at {@code baseUrl} (the part before {@code /chat/completions}) and {@code model}. */
    public static Builder builder(URI baseUrl, String model) {
        return new Builder(baseUrl, model);
    }

    /**
     * A builder for a configured endpoint: its base URL, model and API-key variable.
     *
     * @throws IllegalArgumentException if the base URL is not an http or https URL
     */
    public static Builder builder(RuntimeConfig.LlmEndpoint endpoint) {
        URI baseUrl;
        try {
            baseUrl = new URI(endpoint.baseUrl());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("The LLM base URL '" + endpoint.baseUrl() + "' is not a URL: "
                    + e.getMessage(), e);
        }
        Builder builder = builder(baseUrl, endpoint.model());
        endpoint.apiKeyEnv().ifPresent(builder::apiKeyFromEnv);
        return builder;
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        Objects.requireNonNull(request, "request");
        String body = ChatCompletionsJson.requestBody(model, request,
                structuredOutput ? request.responseSchema() : Optional.empty(), strictSchema);
        HttpRequest.Builder post = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        apiKey.ifPresent(key -> post.header(apiKeyHeader, bearer(apiKeyHeader) ? "Bearer " + key : key));
        HttpRequest httpRequest = post.build();
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> response = send(httpRequest);
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return new LlmReply(ChatCompletionsJson.content(response.body(), "POST " + endpoint));
            }
            boolean retryable = status == 429 || status >= 500;
            if (!retryable || attempt == maxRetries) {
                throw new LlmException(failure(status, response.body(), retryable, attempt + 1));
            }
            Duration wait = backoff(attempt, response);
            LOG.warn("POST {} answered {}; retry {} of {} in {} ms", endpoint, status, attempt + 1, maxRetries,
                    wait.toMillis());
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LlmException("Interrupted while waiting to retry POST " + endpoint, e);
            }
        }
    }

    /**
     * One exchange, body included, within the time-out. The request's own time-out covers only the
     * wait for the response headers; a server that then stalls mid-body would hang a blocking send.
     */
    private HttpResponse<String> send(HttpRequest request) throws LlmException {
        CompletableFuture<HttpResponse<String>> exchange = http.sendAsync(request, CappedBody.handler(MAX_BODY_BYTES));
        try {
            return exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw timedOut(e);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new LlmException("Interrupted while waiting for POST " + endpoint, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                throw timedOut(cause);
            }
            if (cause instanceof ConnectException) {
                throw new LlmException("Cannot connect to " + endpoint + " (" + cause
                        + "); check the base URL and that the server is running", cause);
            }
            throw new LlmException("POST " + endpoint + " failed: " + cause, cause);
        }
    }

    private LlmException timedOut(Throwable cause) {
        return new LlmException("POST " + endpoint + " timed out after " + timeout.toMillis()
                + " ms; raise the time-out or check that the server is not overloaded", cause);
    }

    private String failure(int status, String body, boolean retryable, int attempts) {
        String message = "POST " + endpoint + " answered HTTP " + status
                + (retryable ? " after " + attempts + (attempts == 1 ? " attempt" : " attempts") : "")
                + ": " + ChatCompletionsJson.errorMessage(body);
        if (status == 401 || status == 403) {
            return message + "; check the API key";
        }
        if (status == 404) {
            return message + "; check the base URL (it ends before /chat/completions) and the model '" + model + "'";
        }
        return message;
    }

    /** The server's {@code Retry-After} in seconds when it sends one, else exponential back-off; at most a minute. */
    private Duration backoff(int attempt, HttpResponse<?> response) {
        Duration wait = response.headers().firstValue("Retry-After")
                .flatMap(OpenAiCompatibleClient::seconds)
                .map(Duration::ofSeconds)
                .orElseGet(() -> doubled(initialBackoff, attempt));
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    /** {@code backoff} doubled {@code times} times, stopping once it passes the one-minute cap (no overflow). */
    private static Duration doubled(Duration backoff, int times) {
        Duration wait = backoff;
        for (int i = 0; i < times && wait.compareTo(MAX_BACKOFF) <= 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait;
    }

    private static Optional<Long> seconds(String value) {
        try {
            long seconds = Long.parseLong(value.strip());
            return seconds >= 0 ? Optional.of(seconds) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty(); // an HTTP date: fall back to our own back-off
        }
    }

    private static boolean bearer(String header) {
        return header.equalsIgnoreCase(AUTHORIZATION);
    }

    /** {@code baseUrl} with {@code /chat/completions} appended to its path; a query (Azure's api-version) is kept. */
    private static URI chatCompletions(URI baseUrl) {
        String path = Optional.ofNullable(baseUrl.getRawPath()).orElse("");
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String query = baseUrl.getRawQuery() == null ? "" : "?" + baseUrl.getRawQuery();
        return URI.create(baseUrl.getScheme() + "://" + baseUrl.getRawAuthority() + path + "/chat/completions" + query);
    }

    /** The endpoint this client posts to. */
    URI endpoint() {
        return endpoint;
    }

    @Override
    public String toString() {
        return "OpenAiCompatibleClient[" + endpoint + ", model " + model + "]";
    }

    /** Configures an {@link OpenAiCompatibleClient}. */
    public static final class Builder {
        private final URI baseUrl;
        private final String model;
        private Optional<String> apiKey = Optional.empty();
        private Optional<String> apiKeyEnv = Optional.empty();
        private String apiKeyHeader = AUTHORIZATION;
        private Duration timeout = Duration.ofSeconds(60);
        private int maxRetries = 3;
        private Duration initialBackoff = Duration.ofMillis(500);
        private boolean structuredOutput = true;
        private boolean strictSchema;
        private Function<String, String> environment = System::getenv;
        private Sleeper sleeper = Sleeper.REAL;

        private Builder(URI baseUrl, String model) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            Objects.requireNonNull(model, "model");
            String scheme = baseUrl.getScheme();
            if (!baseUrl.isAbsolute() || baseUrl.getRawAuthority() == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                throw new IllegalArgumentException("The LLM base URL '" + baseUrl
                        + "' must be an http or https URL, like http://localhost:11434/v1 or https://api.openai.com/v1");
            }
            if (model.isBlank()) {
                throw new IllegalArgumentException("The model name is empty; name the model the server serves, like qwen2.5");
            }
            this.baseUrl = baseUrl;
            this.model = model;
        }

        /**
         * Reads the API key from this environment variable when the client is built.
         *
         * @throws IllegalStateException at {@link #build()} naming the variable if it is unset
         */
        public Builder apiKeyFromEnv(String variable) {
            this.apiKeyEnv = Optional.of(Objects.requireNonNull(variable, "variable"));
            this.apiKey = Optional.empty();
            return this;
        }

        /**
         * The header that carries the API key: {@code Authorization} (the default) sends
         * {@code Bearer <key>}, as OpenAI, vLLM and most servers expect; any other header sends the key
         * as it is, such as {@code api-key} for Azure OpenAI.
         *
         * @throws IllegalArgumentException naming the header if it is not a header name
         *         {@code java.net.http} may send (empty, with spaces or a colon, or one it restricts, like {@code Host})
         */
        public Builder apiKeyHeader(String header) {
            Objects.requireNonNull(header, "header");
            try {
                HttpRequest.newBuilder().header(header, "check");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + header + "' cannot carry the API key: " + e.getMessage()
                        + "; use Authorization (Bearer, the default) or the header your server names, like api-key"
                        + " for Azure OpenAI", e);
            }
            this.apiKeyHeader = header;
            return this;
        }

        /** The API key itself (prefer {@link #apiKeyFromEnv}). */
        public Builder apiKey(Optional<String> apiKey) {
            this.apiKey = Objects.requireNonNull(apiKey, "apiKey");
            this.apiKeyEnv = Optional.empty();
            return this;
        }

        /** Time-out of one HTTP call (default 60 s). */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("The time-out is " + timeout + "; it must be positive");
            }
            this.timeout = timeout;
            return this;
        }

        /** Retries after a 429 or 5xx (default 3). */
        public Builder maxRetries(int retries) {
            if (retries < 0) {
                throw new IllegalArgumentException("maxRetries is " + retries + "; it must be 0 or more");
            }
            this.maxRetries = retries;
            return this;
        }

        /** Back-off before the first retry, doubled each time (default 500 ms). */
        public Builder initialBackoff(Duration backoff) {
            if (backoff.isNegative()) {
                throw new IllegalArgumentException("The back-off is " + backoff + "; it must be 0 or more");
            }
            this.initialBackoff = backoff;
            return this;
        }

        /** Whether to send the schema as {@code response_format} (default true; some servers reject it). */
        public Builder structuredOutput(boolean enabled) {
            this.structuredOutput = enabled;
            return this;
        }

        /**
         * Whether to ask for strict schema adherence ({@code "strict": true}; default false). OpenAI's strict
         * mode accepts only schemas whose every property is required and that forbid additional properties.
         */
        public Builder strictSchema(boolean strict) {
            this.strictSchema = strict;
            return this;
        }

        /** Where {@link #apiKeyFromEnv} looks variables up; tests pass a map. */
        Builder environment(Map<String, String> environment) {
            this.environment = Map.copyOf(environment)::get;
            return this;
        }

        /** How the client waits before a retry; tests pass one that records instead of sleeping. */
        Builder sleeper(Sleeper sleeper) {
            this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
            return this;
        }

        /** @throws IllegalStateException naming the variable when {@link #apiKeyFromEnv} names one that is unset or empty */
        public OpenAiCompatibleClient build() {
            Optional<String> key = apiKey;
            if (apiKeyEnv.isPresent()) {
                String variable = apiKeyEnv.get();
                String value = environment.apply(variable);
                if (value == null || value.isBlank()) {
                    throw new IllegalStateException("The environment variable " + variable + " that should hold the"
                            + " API key for " + baseUrl + " is " + (value == null ? "not set" : "empty")
                            + "; set it, or configure no API key for a server that needs none (Ollama, vLLM)");
                }
                key = Optional.of(value.strip());
            }
            return new OpenAiCompatibleClient(this, key);
        }
    }
}
