package dev.agentfsm.runtime;

import dev.agentfsm.runtime.ConfigValues.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The runtime's settings, with UFO's defaults. Read from YAML with {@link #load(Path)} or
 * {@link #parse(String)}, then overridden from the environment with {@link #withEnvironment(Map)}.
 * An unknown key or a bad value is a {@link ConfigException} naming the key, the value and what is
 * allowed; nothing falls back silently.
 *
 * <pre>{@code
 * maxStep: 50
 * maxRound: 1
 * safeGuard: true
 * askQuestion: false
 * jsonParsingRetry: 3
 * llmTimeout: 60s
 * llmCallDeadline: 2m
 * userTimeout: 300s
 * actionTimeout: 30s
 * maxReannotate: 3
 * screenshots:
 *   steps: 10
 *   maxBytes: 64MiB
 *   dir: /var/tmp/agent-fsm/screenshots
 * llm:
 *   baseUrl: http://localhost:11434/v1
 *   model: qwen2.5
 *   apiKeyEnv: OPENAI_API_KEY
 * }</pre>
 *
 * @param maxStep the steps a session may take in all (default 50)
 * @param maxRound the rounds (requests) a session runs at most (default 1)
 * @param safeGuard whether CONFIRM asks the user before a dangerous action runs (default true)
 * @param askQuestion whether PENDING asks the user, or tells the LLM no answer is available (default false)
 * @param jsonParsingRetry corrective re-asks in all for a malformed, unknown or illegal reply (default 3)
 * @param llmTimeout time-out of one attempt of an LLM call (default 60 s)
 * @param llmCallDeadline the most one LLM call may take in all, its retries and the waits before them
 *     included; when empty, twice {@code llmTimeout}. Never shorter than {@code llmTimeout}
 * @param userTimeout how long a question or confirmation waits for the user (default 300 s)
 * @param actionTimeout time-out of one device action (default 30 s)
 * @param llm the LLM endpoint, when one is configured
 * @param maxReannotate how many times in a row AppAgent's SCREENSHOT re-annotates a window while a control
 *     it waits for has not appeared, before the subtask fails (default 3)
 * @param screenshots how many step screenshots an agent keeps in memory, and where a failure's final
 *     screenshot goes
 */
public record RuntimeConfig(
        int maxStep,
        int maxRound,
        boolean safeGuard,
        boolean askQuestion,
        int jsonParsingRetry,
        Duration llmTimeout,
        Optional<Duration> llmCallDeadline,
        Duration userTimeout,
        Duration actionTimeout,
        Optional<LlmEndpoint> llm,
        int maxReannotate,
        ScreenshotMemory screenshots) {

    /** The fewest and the most re-annotations {@code maxReannotate} allows. */
    static final int MIN_REANNOTATE = 1;

    static final int MAX_REANNOTATE = 100;

    /** @throws ConfigException naming the component, its value and what is allowed when one is bad */
    public RuntimeConfig {
        ConfigValues.atLeast(Setting.of("maxStep"), maxStep, 1);
        ConfigValues.atLeast(Setting.of("maxRound"), maxRound, 1);
        ConfigValues.atLeast(Setting.of("jsonParsingRetry"), jsonParsingRetry, 0);
        ConfigValues.inRange(Setting.of("llmTimeout"), llmTimeout, llmTimeout);
        // no lambda (ifPresent): every agent checks its defaults when made, at the application's cold start
        if (Objects.requireNonNull(llmCallDeadline, "llmCallDeadline").isPresent()) {
            Duration deadline = llmCallDeadline.get();
            ConfigValues.inRange(Setting.of("llmCallDeadline"), deadline, deadline);
            if (deadline.compareTo(llmTimeout) < 0) {
                throw new ConfigException(
                        "llmCallDeadline",
                        deadline.toString(),
                        "a duration no shorter than the time-out of one attempt (" + llmTimeout
                                + "), or none for twice that time-out",
                        "llmCallDeadline: " + deadline + " is shorter than llmTimeout (" + llmTimeout
                                + "), so no attempt could use its time-out; set llmCallDeadline to " + llmTimeout
                                + " or more, or leave it out (twice llmTimeout)");
            }
        }
        ConfigValues.inRange(Setting.of("userTimeout"), userTimeout, userTimeout);
        ConfigValues.inRange(Setting.of("actionTimeout"), actionTimeout, actionTimeout);
        Objects.requireNonNull(llm, "llm");
        ConfigValues.inRange(Setting.of("maxReannotate"), maxReannotate, MIN_REANNOTATE, MAX_REANNOTATE);
        Objects.requireNonNull(screenshots, "screenshots");
    }

    private static final int DEFAULT_REANNOTATE = 3;

    /**
     * A builder holding UFO's defaults; set what differs and call {@link Builder#build()}:
     *
     * <pre>{@code
     * RuntimeConfig config = RuntimeConfig.builder().maxStep(20).askQuestion(true).build();
     * }</pre>
     */
    public static Builder builder() {
        return new Builder(defaults());
    }

    /** A builder holding this configuration's values, to change some of them. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link RuntimeConfig}. Each setter takes one component (see the record's components for
     * meaning and default); {@link #build()} checks them all, so a bad value is a {@link ConfigException}
     * there, naming the component, the value and what is allowed.
     */
    public static final class Builder {
        private int maxStep;
        private int maxRound;
        private boolean safeGuard;
        private boolean askQuestion;
        private int jsonParsingRetry;
        private Duration llmTimeout;
        private Optional<Duration> llmCallDeadline;
        private Duration userTimeout;
        private Duration actionTimeout;
        private Optional<LlmEndpoint> llm;
        private int maxReannotate;
        private ScreenshotMemory screenshots;

        private Builder(RuntimeConfig from) {
            maxStep = from.maxStep;
            maxRound = from.maxRound;
            safeGuard = from.safeGuard;
            askQuestion = from.askQuestion;
            jsonParsingRetry = from.jsonParsingRetry;
            llmTimeout = from.llmTimeout;
            llmCallDeadline = from.llmCallDeadline;
            userTimeout = from.userTimeout;
            actionTimeout = from.actionTimeout;
            llm = from.llm;
            maxReannotate = from.maxReannotate;
            screenshots = from.screenshots;
        }

        /** Sets {@code maxStep}. */
        public Builder maxStep(int steps) {
            this.maxStep = steps;
            return this;
        }

        /** Sets {@code maxRound}. */
        public Builder maxRound(int rounds) {
            this.maxRound = rounds;
            return this;
        }

        /** Sets {@code safeGuard}. */
        public Builder safeGuard(boolean on) {
            this.safeGuard = on;
            return this;
        }

        /** Sets {@code askQuestion}. */
        public Builder askQuestion(boolean on) {
            this.askQuestion = on;
            return this;
        }

        /** Sets {@code jsonParsingRetry}. */
        public Builder jsonParsingRetry(int retries) {
            this.jsonParsingRetry = retries;
            return this;
        }

        /** Sets {@code llmTimeout}. */
        public Builder llmTimeout(Duration timeout) {
            this.llmTimeout = Objects.requireNonNull(timeout, "llmTimeout");
            return this;
        }

        /** Sets {@code llmCallDeadline}. */
        public Builder llmCallDeadline(Duration deadline) {
            this.llmCallDeadline = Optional.of(Objects.requireNonNull(deadline, "llmCallDeadline"));
            return this;
        }

        /** Clears {@code llmCallDeadline}, so a call may take twice {@code llmTimeout}. */
        public Builder noLlmCallDeadline() {
            this.llmCallDeadline = Optional.empty();
            return this;
        }

        /** Sets {@code userTimeout}. */
        public Builder userTimeout(Duration timeout) {
            this.userTimeout = Objects.requireNonNull(timeout, "userTimeout");
            return this;
        }

        /** Sets {@code actionTimeout}. */
        public Builder actionTimeout(Duration timeout) {
            this.actionTimeout = Objects.requireNonNull(timeout, "actionTimeout");
            return this;
        }

        /** Sets the LLM endpoint. */
        public Builder llm(LlmEndpoint endpoint) {
            this.llm = Optional.of(Objects.requireNonNull(endpoint, "llm"));
            return this;
        }

        /** Sets the LLM endpoint, or clears it when {@code endpoint} is empty. */
        public Builder llm(Optional<LlmEndpoint> endpoint) {
            this.llm = Objects.requireNonNull(endpoint, "llm");
            return this;
        }

        /** Sets {@code maxReannotate}. */
        public Builder maxReannotate(int times) {
            this.maxReannotate = times;
            return this;
        }

        /** Sets {@code screenshots}. */
        public Builder screenshots(ScreenshotMemory memory) {
            this.screenshots = Objects.requireNonNull(memory, "screenshots");
            return this;
        }

        /**
         * The configuration.
         *
         * @throws ConfigException naming the component, its value and what is allowed when one is bad
         */
        public RuntimeConfig build() {
            return new RuntimeConfig(
                    maxStep,
                    maxRound,
                    safeGuard,
                    askQuestion,
                    jsonParsingRetry,
                    llmTimeout,
                    llmCallDeadline,
                    userTimeout,
                    actionTimeout,
                    llm,
                    maxReannotate,
                    screenshots);
        }
    }

    /**
     * How many of its steps' screenshots (each step's screenshot and annotated screenshot) an agent keeps
     * in memory, and where the final screenshot of a failure goes. The oldest steps' screenshots are
     * dropped first when either bound is passed; the steps themselves stay.
     *
     * @param steps the most steps whose screenshots are kept (default 10, 1 to 1000)
     * @param maxBytes the most bytes of PNG kept in all (default 64 MiB, 64 KiB to 2 GiB)
     * @param dir where a failure's final screenshot is written; without it, the agent's blackboard keeps it
     */
    public record ScreenshotMemory(int steps, long maxBytes, Optional<Path> dir) {
        static final int MIN_STEPS = 1;
        static final int MAX_STEPS = 1000;

        /** The fewest bytes {@code maxBytes} allows, 64 KiB: public for front ends that word sizes their own way. */
        public static final long MIN_BYTES = 64L * 1024;

        /** The most bytes {@code maxBytes} allows, 2 GiB. */
        public static final long MAX_BYTES = 2L * 1024 * 1024 * 1024;

        /** @throws ConfigException naming the key, the value and the range when one is bad */
        public ScreenshotMemory {
            ConfigValues.inRange(Setting.of("screenshots.steps"), steps, MIN_STEPS, MAX_STEPS);
            ConfigValues.inRange(Setting.of("screenshots.maxBytes"), maxBytes, MIN_BYTES, MAX_BYTES);
            Objects.requireNonNull(dir, "dir");
        }

        /** Ten steps, 64 MiB, no directory. */
        public static ScreenshotMemory defaults() {
            return new ScreenshotMemory(10, 64L * 1024 * 1024, Optional.empty());
        }
    }

    /**
     * An OpenAI-compatible endpoint.
     *
     * @param baseUrl the API's base URL, e.g. {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1}
     * @param model the model name
     * @param apiKeyEnv the environment variable holding the API key, if the server needs one
     */
    public record LlmEndpoint(String baseUrl, String model, Optional<String> apiKeyEnv) {
        /** @throws ConfigException naming the key and the value when one is bad */
        public LlmEndpoint {
            ConfigValues.httpUrl(Setting.of("llm.baseUrl"), baseUrl);
            ConfigValues.model(Setting.of("llm.model"), model);
            Objects.requireNonNull(apiKeyEnv, "apiKeyEnv")
                    .ifPresent(name -> ConfigValues.envName(Setting.of("llm.apiKeyEnv"), name));
        }
    }

    /** UFO's defaults. */
    public static RuntimeConfig defaults() {
        return new RuntimeConfig(
                50,
                1,
                true,
                false,
                3,
                Duration.ofSeconds(60),
                Optional.empty(),
                Duration.ofSeconds(300),
                Duration.ofSeconds(30),
                Optional.empty(),
                DEFAULT_REANNOTATE,
                ScreenshotMemory.defaults());
    }

    /**
     * Reads a YAML file of one document, at most 64 KiB; keys it does not
     * set keep their defaults.
     *
     * @throws ConfigException naming the file, the key and the value on any error
     */
    public static RuntimeConfig load(Path yaml) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(yaml)) {
            // read no more than the cap allows, whatever the file claims (a device or a pipe has no size)
            bytes = in.readNBytes(ConfigReader.MAX_BYTES + 1);
            if (bytes.length > ConfigReader.MAX_BYTES) {
                throw ConfigReader.tooLarge(Files.isRegularFile(yaml) ? Files.size(yaml) : -1, yaml.toString());
            }
        } catch (IOException e) {
            throw new ConfigException("cannot read the agent-fsm configuration " + yaml + ": " + e, e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException("cannot read the agent-fsm configuration " + yaml + ": it is not UTF-8 text", e);
        }
        return ConfigReader.read(text, yaml.toString());
    }

    /** Reads YAML text (one document, at most 64 KiB in UTF-8); see {@link #load(Path)}. */
    public static RuntimeConfig parse(String yaml) {
        return ConfigReader.read(Objects.requireNonNull(yaml, "yaml"), "YAML text");
    }

    /**
     * This configuration with the environment's overrides applied: {@code AGENTFSM_MAX_STEP},
     * {@code AGENTFSM_MAX_ROUND}, {@code AGENTFSM_SAFE_GUARD}, ... (the key in UPPER_SNAKE_CASE
     * behind {@code AGENTFSM_}).
     *
     * @throws ConfigException naming the variable and its value when a value is bad
     */
    public RuntimeConfig withEnvironment(Map<String, String> environment) {
        return EnvironmentOverrides.apply(this, environment);
    }

    /**
     * A configuration error. Its message names the key (or environment variable), the value and what is
     * allowed, in the words of the runtime's YAML and {@code AGENTFSM_*} variables. The same facts are
     * also carried one by one, so that a front end with its own names for the keys (the Spring Boot
     * starter's {@code agentfsm.llm-timeout}) can word its own message from them: {@link #key()},
     * {@link #value()} and {@link #allowed()}. An error about no single key (a file that cannot be read,
     * YAML that does not parse, a second YAML document) has none of them.
     */
    public static final class ConfigException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Null when the error is about no single key; then so are the other two. */
        private final String key;

        private final String value;
        private final String allowed;

        /** An error about no single key: {@link #key()}, {@link #value()} and {@link #allowed()} are empty. */
        public ConfigException(String message) {
            this(null, null, null, message, null);
        }

        /** An error about no single key, with its cause. */
        public ConfigException(String message, Throwable cause) {
            this(null, null, null, message, cause);
        }

        /** An error about {@code key}; {@code value} is null when the key was given no value. */
        ConfigException(String key, String value, String allowed, String message) {
            this(key, value, allowed, message, null);
        }

        /** An error about {@code key}, with its cause; {@code key} is null only for an error about no single key. */
        ConfigException(String key, String value, String allowed, String message, Throwable cause) {
            super(message, cause);
            this.key = key;
            this.value = value;
            this.allowed = allowed;
        }

        /** This error's facts under another message, this error its cause: a file's name put in front, say. */
        ConfigException withMessage(String message) {
            return new ConfigException(key, value, allowed, message, this);
        }

        /**
         * The key the error is about, as the runtime's YAML spells it ({@code llmTimeout},
         * {@code screenshots.maxBytes}), whether the value came from YAML, from its {@code AGENTFSM_*}
         * variable or from code; an unknown key as it was written. Empty when the error is about no
         * single key.
         */
        public Optional<String> key() {
            return Optional.ofNullable(key);
        }

        /**
         * The rejected value as it was given, as text: the text of the YAML or the variable ({@code 2600000h},
         * without the quotes the message puts around text), or the value given in code as its
         * {@code toString} ({@code 0}, {@code PT-5S}, {@code 1024} for bytes). A URL's user name and
         * password are shown as {@code ***}, and so is a refused {@code llm.apiKeyEnv} (often the key itself,
         * written where its variable's name goes). Not escaped: escape it before a terminal shows it. Empty when the key was given no value (left out, or written
         * without one) and when the error is about no single key.
         */
        public Optional<String> value() {
            return Optional.ofNullable(value);
        }

        /**
         * What the key allows, the fix, in the runtime's words, without naming the key itself: {@code a whole
         * number, at least 1}, {@code a duration greater than zero and at most 24h (PT24H)}. Present whenever
         * {@link #key()} is.
         */
        public Optional<String> allowed() {
            return Optional.ofNullable(allowed);
        }
    }
}
