package dev.agentfsm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.internal.ProviderFailure;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link LlmClient} for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
 * Ollama, vLLM, llama.cpp's server), over {@code java.net.http} with Jackson. Images are sent as data
 * URLs; a response schema becomes a {@code json_schema} {@code response_format}. 429 and 5xx answers
 * to a chat completion (only 429 and 503 to a {@link #post}) are retried with exponential back-off (a {@code Retry-After} in seconds or as a date is honoured, up to a minute);
 * other answers, failed connections and time-outs are not retried. Every attempt has a time-out that
 * covers the whole exchange, body included, and a body is read up to 16 MiB. Every call has a deadline
 * (twice the time-out unless set) that its attempts and the waits between them never pass: a retry
 * whose wait would end past it is not made, and the last attempt gets only what is left. A call given a
 * listener ({@link #complete(LlmRequest, TextListener)}) streams the reply as server-sent events within the same
 * limits. A client is immutable: many sessions may share one.
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
    /** The longest time-out or deadline a client takes: longer ones are mistakes (and overflow in nanoseconds). */
    private static final Duration MAX_TIMEOUT = Duration.ofHours(24);
    /** The largest response body read (a chat completion is text; this bounds memory, not a model). */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private static final String EVENT_STREAM = "text/event-stream";
    private static final int MIN_REDACTED_KEY_CHARS = 8;

    private static final String AUTHORIZATION = "Authorization";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI baseUrl;
    private final URI endpoint;
    private final String model;
    private final Optional<String> apiKey;
    private final String apiKeyHeader;
    private final Duration timeout;
    private final Duration callDeadline;
    private final int maxRetries;
    private final Duration initialBackoff;
    private final boolean structuredOutput;
    private final boolean strictSchema;
    private final boolean streaming;
    private final Sleeper sleeper;
    private final LongSupplier nanoTime;
    private final HttpClient http;

    private OpenAiCompatibleClient(Builder builder, Optional<String> apiKey, Duration callDeadline) {
        this.baseUrl = builder.baseUrl;
        this.endpoint = under(builder.baseUrl, "chat/completions");
        this.model = builder.model;
        this.apiKey = apiKey;
        this.apiKeyHeader = builder.apiKeyHeader;
        this.timeout = builder.timeout;
        this.callDeadline = callDeadline;
        this.maxRetries = builder.maxRetries;
        this.initialBackoff = builder.initialBackoff;
        this.structuredOutput = builder.structuredOutput;
        this.strictSchema = builder.strictSchema;
        this.streaming = builder.streaming;
        this.sleeper = builder.sleeper;
        this.nanoTime = builder.nanoTime;
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
            throw new IllegalArgumentException(
                    "The LLM base URL '" + endpoint.baseUrl() + "' is not a URL: " + e.getMessage(), e);
        }
        Builder builder = builder(baseUrl, endpoint.model());
        endpoint.apiKeyEnv().ifPresent(builder::apiKeyFromEnv);
        return builder;
    }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException {
        Objects.requireNonNull(request, "request");
        LlmReply reply = ChatCompletionsJson.reply(
                exchange(endpoint, requestBody(request, false), Optional.empty(), Resend.AFTER_ANY_5XX)
                        .text(),
                "POST " + endpoint);
        return ChatCompletionsJson.whole(reply, calling());
    }

    /**
     * Asks for the reply as server-sent events ({@code "stream": true}, with {@code stream_options.include_usage})
     * and passes the {@code delta.content} of each chunk's choice with index 0 to {@code listener} as it arrives; returns the
     * whole reply, with the model, the usage chunk's tokens and the finish reason, as {@link #complete(LlmRequest)}
     * would. The same time-out (the whole stream within it), deadline, retries (before the stream starts) and
     * size cap apply. A stream that breaks off before {@code data: [DONE]} or a {@code finish_reason}, a chunk
     * that is not JSON, or an error the server sends mid-stream is an {@link LlmException} naming the endpoint,
     * the model and what was read; no part of it is taken as a reply. A server that ignores {@code "stream"} and
     * answers with one JSON completion is read as such, its text passed in one piece; so is every call of a
     * client built with {@code streaming(false)}.
     */
    @Override
    public LlmReply complete(LlmRequest request, TextListener listener) throws LlmException {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(listener, "listener");
        if (!streaming) {
            return LlmClient.super.complete(request, listener);
        }
        Answer answer = exchange(endpoint, requestBody(request, true), Optional.of(listener), Resend.AFTER_ANY_5XX);
        if (answer.streamed().isPresent()) {
            return ChatCompletionsJson.whole(answer.streamed().get(), calling());
        }
        LlmReply reply =
                ChatCompletionsJson.whole(ChatCompletionsJson.reply(answer.text(), "POST " + endpoint), calling());
        if (!reply.content().isEmpty()) {
            listener.onText(reply.content());
        }
        return reply;
    }

    /** The endpoint and model, as errors about a reply name them. */
    private String calling() {
        return "POST " + endpoint + " (model " + model + ")";
    }

    private String requestBody(LlmRequest request, boolean stream) {
        return ChatCompletionsJson.requestBody(
                model, request, structuredOutput ? request.responseSchema() : Optional.empty(), strictSchema, stream);
    }

    /**
     * Posts a JSON body to another endpoint of the same server, {@code path} under the base URL (such as
     * {@code responses} for OpenAI's Responses API), as {@link #complete} posts a chat completion: the same
     * key, time-out, deadline, body cap and errors. The body is sent as it is; put the {@link #model()} in it
     * where the endpoint wants one.
     *
     * <p>Only a 429 or a 503 is retried, the answers a server gives when it turns a request away before acting
     * on it. Another 5xx (a 500, a 502 or 504 from a gateway) may come after the server acted: stored a response
     * ({@code store: true}, the default of the Responses API), continued a {@code previous_response_id} chain,
     * ran a server-side tool. The same body again could do that twice, so it is not sent again and the error
     * says so.
     *
     * @param path the endpoint's path under the base URL: letters, digits, {@code _ - . /}, no {@code ..}
     * @return the body of the server's 2xx answer, as text
     * @throws LlmException when the server cannot be reached, times out or answers with an error after retries
     * @throws IllegalArgumentException naming {@code path} when it is not such a path
     */
    public String post(String path, JsonNode body) throws LlmException {
        Objects.requireNonNull(body, "body");
        URI target = under(baseUrl, path);
        try {
            return exchange(target, JSON.writeValueAsString(body), Optional.empty(), Resend.BEFORE_IT_ACTED)
                    .text();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the body for POST " + target + " cannot be written as JSON: " + e, e);
        }
    }

    /** The model this client was built with, which {@link #complete} names in every request. */
    public String model() {
        return model;
    }

    /**
     * Posts {@code body} to {@code target} with retries within the call's deadline; the 2xx answer. With a
     * listener, an answer of server-sent events is read as a stream, its text passed to the listener.
     */
    private Answer exchange(URI target, String body, Optional<TextListener> listener, Resend resend)
            throws LlmException {
        HttpRequest.Builder post = HttpRequest.newBuilder(target)
                .header("Content-Type", "application/json")
                .header("Accept", listener.isPresent() ? EVENT_STREAM : "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        apiKey.ifPresent(key -> post.header(apiKeyHeader, bearer(apiKeyHeader) ? "Bearer " + key : key));
        long start = nanoTime.getAsLong();
        for (int attempt = 0; ; attempt++) {
            // the deadline is at least the time-out, so the first attempt always gets all of it
            Duration left = callDeadline.minusNanos(nanoTime.getAsLong() - start);
            if (left.isNegative() || left.isZero()) {
                // a wait that overslept: nothing is left for another attempt
                throw new LlmException(pastDeadline(target) + " after " + attempts(attempt) + ", before another could"
                        + " start; raise the deadline (llmCallDeadline) or try again later");
            }
            Duration attemptTimeout = left.compareTo(timeout) < 0 ? left : timeout;
            HttpResponse<Answer> response =
                    send(target, post.copy().timeout(attemptTimeout).build(), attemptTimeout, attempt + 1, listener);
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return response.body();
            }
            boolean retryable = resend.after(status);
            if (!retryable && status >= 500) {
                throw new LlmException(failure(target, response, false, attempt + 1) + "; it is not sent again, since"
                        + " the server may have acted on it before it failed (stored a response, run a tool); see whether"
                        + " it did before you send it again");
            }
            if (!retryable || attempt == maxRetries) {
                throw new LlmException(failure(target, response, retryable, attempt + 1));
            }
            Duration wait = backoff(attempt, response);
            Duration leftAfterAttempt = callDeadline.minusNanos(nanoTime.getAsLong() - start);
            if (wait.compareTo(leftAfterAttempt) >= 0) {
                throw new LlmException(failure(target, response, true, attempt + 1) + "; the next"
                        + " attempt would come after a wait of " + wait.toMillis() + " ms, past the call's deadline of "
                        + callDeadline.toMillis() + " ms (" + leftAfterAttempt.toMillis() + " ms were left); raise"
                        + " the deadline (llmCallDeadline) or try again later");
            }
            LOG.warn(
                    "POST {} answered {}; retry {} of {} in {} ms",
                    target,
                    status,
                    attempt + 1,
                    maxRetries,
                    wait.toMillis());
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LlmException("Interrupted while waiting to retry POST " + target, e);
            }
        }
    }

    /**
     * One exchange, body included, within the time-out. The request's own time-out covers only the
     * wait for the response headers; a server that then stalls mid-body would hang a blocking send. The
     * pieces of a streamed reply come over a queue, so that the listener hears them on this thread.
     */
    private HttpResponse<Answer> send(
            URI target, HttpRequest request, Duration attemptTimeout, int attempt, Optional<TextListener> listener)
            throws LlmException {
        // a piece of text, or empty once the exchange is over
        BlockingQueue<Optional<String>> arrived = new LinkedBlockingQueue<>();
        CompletableFuture<HttpResponse<Answer>> exchange =
                http.sendAsync(request, answer(listener.isPresent(), piece -> arrived.add(Optional.of(piece))));
        exchange.whenComplete((response, failure) -> arrived.add(Optional.empty()));
        long end = System.nanoTime() + attemptTimeout.toNanos();
        try {
            while (true) {
                Optional<String> next = arrived.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (next == null) {
                    exchange.cancel(true);
                    throw timedOut(target, new TimeoutException(), attemptTimeout, attempt);
                }
                if (next.isEmpty()) {
                    return exchange.get();
                }
                listener.orElseThrow().onText(next.get());
            }
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new LlmException("Interrupted while waiting for POST " + target, e);
        } catch (RuntimeException e) {
            exchange.cancel(true); // the listener threw: the call ends with its exception
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            for (Throwable c = cause; c != null; c = c.getCause()) {
                if (c instanceof EventStream.Broken broken) {
                    throw new LlmException(
                            "POST " + target + " (model " + model + ") streamed a reply that is not whole: "
                                    + broken.getMessage() + "; no part of it is taken as a reply",
                            cause(broken));
                }
            }
            if (cause instanceof HttpTimeoutException) {
                throw timedOut(target, cause, attemptTimeout, attempt);
            }
            if (cause instanceof ConnectException) {
                throw new LlmException(
                        "Cannot connect to " + target + " (" + shown(cause)
                                + "); check the base URL and that the server is running",
                        cause);
            }
            if (listener.isPresent() && cause instanceof IOException) {
                // the connection broke before the stream's reader saw it (the HTTP client's own chunk decoding
                // failed first): the same broken stream, told without the count of events
                throw new LlmException(
                        "POST " + target + " (model " + model + ") streamed a reply that is not whole: the stream broke"
                                + " off (" + shown(cause) + "); no part of it is taken as a reply",
                        cause(cause));
            }
            throw new LlmException("POST " + target + " failed: " + shown(cause), cause(cause));
        }
    }

    /**
     * The cause an error carries for a failure that may quote the server: a copy of its chain with each message as
     * {@link #shown} shows it, since a cause's stack trace is printed whole (by a console's log binding, in a span's
     * {@code exception.stacktrace}), key and terminal controls included.
     */
    private Throwable cause(Throwable failure) {
        return ProviderFailure.of(failure, text -> ChatCompletionsJson.shorten(withoutKey(text)));
    }

    /**
     * A failure as an error shows it: the HTTP client's own exceptions quote what the server sent (a status line
     * that is no status line, a header), so its text is the server's, made one safe line without the key.
     */
    private String shown(Throwable failure) {
        return ChatCompletionsJson.shorten(withoutKey(String.valueOf(failure)));
    }

    /**
     * How an answer is read: a 2xx answer of server-sent events, when a stream was asked for, as a stream
     * whose pieces go to {@code pieces}; any other as text, up to the body cap.
     */
    private HttpResponse.BodyHandler<Answer> answer(boolean stream, Consumer<String> pieces) {
        return info -> {
            boolean events = stream
                    && info.statusCode() / 100 == 2
                    && info.headers()
                            .firstValue("Content-Type")
                            .map(type -> type.toLowerCase(Locale.ROOT).startsWith(EVENT_STREAM))
                            .orElse(false);
            return events
                    ? HttpResponse.BodySubscribers.mapping(
                            new EventStream(MAX_BODY_BYTES, pieces, this::withoutKey),
                            reply -> new Answer("", Optional.of(reply)))
                    : HttpResponse.BodySubscribers.mapping(
                            CappedBody.handler(MAX_BODY_BYTES).apply(info),
                            text -> new Answer(withoutKey(text), Optional.empty()));
        };
    }

    /** After which failed answers a request is sent again. */
    private enum Resend {
        /**
         * A chat completion stores nothing and runs nothing (its tool calls are the caller's to run), so a 5xx
         * after the model answered costs tokens only.
         */
        AFTER_ANY_5XX {
            @Override
            boolean after(int status) {
                return status == 429 || status >= 500;
            }
        },
        /**
         * Any other endpoint may act on a request (store a response, run a tool): only the answers that turn a
         * request away before that, a 429 and a 503.
         */
        BEFORE_IT_ACTED {
            @Override
            boolean after(int status) {
                return status == 429 || status == 503;
            }
        };

        abstract boolean after(int status);
    }

    /**
     * An answer read: its body as text, or the reply it streamed.
     *
     * @param text the body; empty for a stream
     * @param streamed the reply of a stream of server-sent events
     */
    private record Answer(String text, Optional<LlmReply> streamed) {}

    private LlmException timedOut(URI target, Throwable cause, Duration attemptTimeout, int attempt) {
        if (attemptTimeout.compareTo(timeout) < 0) {
            return new LlmException(
                    pastDeadline(target) + " during attempt " + attempt + " (of at most "
                            + (maxRetries + 1)
                            + "); raise the deadline (llmCallDeadline) or check that the server is not"
                            + " overloaded",
                    cause);
        }
        return new LlmException(
                "POST " + target + " timed out after " + timeout.toMillis()
                        + " ms; raise the time-out or check that the server is not overloaded",
                cause);
    }

    private String pastDeadline(URI target) {
        return "POST " + target + " reached the call's deadline of " + callDeadline.toMillis() + " ms";
    }

    /**
     * A server's text with the API key in it shown as {@code ***}: a server (or a proxy before it) that echoes
     * the key in an error or a reply must not put it in an exception, a log or a journal. A key shorter than
     * eight characters is no secret worth the damage its replacement would do to the text.
     */
    private String withoutKey(String text) {
        return apiKey.filter(key -> key.length() >= MIN_REDACTED_KEY_CHARS)
                .map(key -> text.replace(key, "***"))
                .orElse(text);
    }

    private String failure(URI target, HttpResponse<Answer> response, boolean retryable, int attempts) {
        int status = response.statusCode();
        String message = "POST " + target + " answered HTTP " + status
                + (retryable ? " after " + attempts(attempts) : "")
                + ": " + ChatCompletionsJson.errorMessage(response.body().text());
        if (status / 100 == 3) {
            // java.net.http follows no redirect by default, and must not: the key would go where the server says
            return message + "; it redirects to "
                    + response.headers()
                            .firstValue("Location")
                            .map(location -> "'" + SafeText.line(withoutKey(location), 200) + "'")
                            .orElse("no Location")
                    + ", which the client does not follow (it would carry the API key there); make the base URL the"
                    + " server's own";
        }
        if (status == 401 || status == 403) {
            return message + "; check the API key";
        }
        if (status == 404) {
            return message + "; check the base URL (it ends before "
                    + target.getRawPath().substring(basePath(baseUrl).length()) + ") and the model '" + model + "'";
        }
        return message;
    }

    private static String attempts(int count) {
        return count + (count == 1 ? " attempt" : " attempts");
    }

    /** The server's {@code Retry-After} (seconds or a date) when it sends one, else exponential back-off; at most a minute. */
    private Duration backoff(int attempt, HttpResponse<?> response) {
        Duration wait = response.headers()
                .firstValue("Retry-After")
                .flatMap(OpenAiCompatibleClient::retryAfter)
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

    /** A {@code Retry-After} in seconds or as an HTTP date (no wait when past); empty when it is neither. */
    private static Optional<Duration> retryAfter(String value) {
        try {
            long seconds = Long.parseLong(value.strip());
            return seconds >= 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
        } catch (NumberFormatException notSeconds) {
            try {
                Instant when = DateTimeFormatter.RFC_1123_DATE_TIME.parse(value.strip(), Instant::from);
                Duration wait = Duration.between(Instant.now(), when);
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notADate) {
                return Optional.empty(); // neither: our own back-off
            }
        }
    }

    private static boolean bearer(String header) {
        return header.equalsIgnoreCase(AUTHORIZATION);
    }

    /** {@code baseUrl} with {@code /path} appended to its path; a query (Azure's api-version) is kept. */
    private static URI under(URI baseUrl, String path) {
        Objects.requireNonNull(path, "path");
        if (!path.matches("[A-Za-z0-9_.\\-]+(/[A-Za-z0-9_.\\-]+)*") || path.contains("..")) {
            throw new IllegalArgumentException("'" + path + "' is not an endpoint's path under the base URL " + baseUrl
                    + "; name one like responses or chat/completions (letters, digits, _ - . and /, no leading /)");
        }
        String query = baseUrl.getRawQuery() == null ? "" : "?" + baseUrl.getRawQuery();
        return URI.create(
                baseUrl.getScheme() + "://" + baseUrl.getRawAuthority() + basePath(baseUrl) + "/" + path + query);
    }

    /** The base URL's path without trailing slashes. */
    private static String basePath(URI baseUrl) {
        String path = Optional.ofNullable(baseUrl.getRawPath()).orElse("");
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path;
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
        private boolean streaming = true;
        private Function<String, String> environment = System::getenv;
        private Sleeper sleeper = Sleeper.REAL;
        private LongSupplier nanoTime = System::nanoTime;
        private Optional<Duration> callDeadline = Optional.empty();

        private Builder(URI baseUrl, String model) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            Objects.requireNonNull(model, "model");
            if (baseUrl.getRawUserInfo() != null) {
                // never echo it: it is a password more often than not
                throw new IllegalArgumentException("The LLM base URL '" + withoutUserInfo(baseUrl) + "' holds a user"
                        + " name or password (shown as ***); remove it, and give the API key with apiKeyFromEnv");
            }
            String scheme = baseUrl.getScheme();
            if (!baseUrl.isAbsolute()
                    || baseUrl.getRawAuthority() == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                throw new IllegalArgumentException(
                        "The LLM base URL '" + baseUrl
                                + "' must be an http or https URL, like http://localhost:11434/v1 or https://api.openai.com/v1");
            }
            if (model.isBlank()) {
                throw new IllegalArgumentException(
                        "The model name is empty; name the model the server serves, like qwen2.5");
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
                throw new IllegalArgumentException(
                        "'" + header + "' cannot carry the API key: " + e.getMessage()
                                + "; use Authorization (Bearer, the default) or the header your server names, like api-key"
                                + " for Azure OpenAI",
                        e);
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

        /** Time-out of one attempt, one HTTP exchange (default 60 s; at most 24 h). */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("The time-out is " + timeout + "; it must be positive");
            }
            if (timeout.compareTo(MAX_TIMEOUT) > 0) {
                throw new IllegalArgumentException("The time-out is " + timeout + "; it can be at most " + MAX_TIMEOUT);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * The most one call may take in all, its attempts and the waits before retries included (default:
         * twice the time-out; at most 24 h). It must not be shorter than the time-out, checked at
         * {@link #build()}.
         */
        public Builder callDeadline(Duration deadline) {
            if (deadline.isNegative() || deadline.isZero() || deadline.compareTo(MAX_TIMEOUT) > 0) {
                throw new IllegalArgumentException(
                        "The call deadline is " + deadline + "; it must be positive and at" + " most " + MAX_TIMEOUT);
            }
            this.callDeadline = Optional.of(deadline);
            return this;
        }

        /** Retries after a 429 or 5xx to a chat completion, after a 429 or 503 to a {@code post} (default 3). */
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

        /**
         * Whether a call given a listener ({@link LlmClient#complete(LlmRequest, TextListener)}, as
         * {@link LlmClient#streaming} makes every call) streams the reply as server-sent events (default true).
         * False, for a server that cannot stream: such a call asks for one JSON completion and passes its text
         * in one piece. A call without a listener never streams.
         */
        public Builder streaming(boolean enabled) {
            this.streaming = enabled;
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

        /** What the client reads as the time; tests pass one that a recording sleeper moves on. */
        Builder clock(LongSupplier nanoTime) {
            this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
            return this;
        }

        /**
         * @throws IllegalStateException naming the variable when {@link #apiKeyFromEnv} names one that is unset or empty
         * @throws IllegalArgumentException when the call deadline is shorter than the time-out
         */
        public OpenAiCompatibleClient build() {
            Duration deadline = callDeadline.orElse(timeout.multipliedBy(2));
            if (deadline.compareTo(timeout) < 0) {
                throw new IllegalArgumentException("The call deadline (" + deadline + ") is shorter than the time-out ("
                        + timeout + "), so no attempt could use its time-out; make the deadline at least " + timeout);
            }
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
            return new OpenAiCompatibleClient(this, key, deadline);
        }

        /** {@code url} with its user-info replaced by {@code ***}, to name it without the password. */
        private static String withoutUserInfo(URI url) {
            String authority = url.getRawAuthority();
            String host = authority.substring(authority.lastIndexOf('@') + 1);
            return url.getScheme() + "://***@" + host
                    + Optional.ofNullable(url.getRawPath()).orElse("");
        }
    }
}
