package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.RuntimeConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.unit.DataSize;

/**
 * The {@code agentfsm.*} properties, bound to the runtime's {@link RuntimeConfig}: every key has UFO's default
 * and the same check as the runtime's own YAML configuration, so a bad value fails the application's start with
 * a message naming the key, the value and what is allowed.
 *
 * <pre>{@code
 * agentfsm.max-step=50
 * agentfsm.safe-guard=true
 * agentfsm.llm-timeout=60s
 * agentfsm.screenshots.steps=10
 * }</pre>
 */
@ConfigurationProperties(prefix = "agentfsm")
public class AgentFsmProperties {
    private static final RuntimeConfig DEFAULTS = RuntimeConfig.defaults();

    /** The runtime's key of {@code agentfsm.screenshots.max-bytes}, whose sizes Spring words its own way. */
    private static final String MAX_BYTES_KEY = "screenshots.maxBytes";

    /** The runtime's keys these properties set, as its YAML spells them. */
    private static final List<String> RUNTIME_KEYS = List.of(
            "maxStep",
            "maxRound",
            "safeGuard",
            "askQuestion",
            "jsonParsingRetry",
            "llmTimeout",
            "llmCallDeadline",
            "userTimeout",
            "actionTimeout",
            "maxReannotate",
            "screenshots.steps",
            MAX_BYTES_KEY,
            "screenshots.dir");

    /** The steps a session may take in all. */
    private int maxStep = DEFAULTS.maxStep();

    /** The rounds (requests) a session runs at most. */
    private int maxRound = DEFAULTS.maxRound();

    /** Whether CONFIRM asks the user before a dangerous action runs. */
    private boolean safeGuard = DEFAULTS.safeGuard();

    /** Whether PENDING asks the user, or tells the model that no answer is available. */
    private boolean askQuestion = DEFAULTS.askQuestion();

    /** Corrective re-asks in all for a malformed, unknown or illegal reply. */
    private int jsonParsingRetry = DEFAULTS.jsonParsingRetry();

    /** Time-out of one attempt of a model call. */
    @DurationUnit(ChronoUnit.SECONDS) // a bare 60 is 60s, as the defaults are written, not Spring's 60ms
    private Duration llmTimeout = DEFAULTS.llmTimeout();

    /** The most one model call may take in all, retries included; unset: twice llm-timeout. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration llmCallDeadline;

    /** How long a question or confirmation waits for the user. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration userTimeout = DEFAULTS.userTimeout();

    /** Time-out of one device action. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration actionTimeout = DEFAULTS.actionTimeout();

    /** How many times in a row AppAgent re-annotates a window while a control it waits for is missing. */
    private int maxReannotate = DEFAULTS.maxReannotate();

    /** How many step screenshots an agent keeps, and where a failure's final screenshot goes. */
    private final Screenshots screenshots = new Screenshots();

    /** The sessions the Actuator endpoint lists (the most recent ones; older ones are forgotten). */
    private int sessionsListed = 1_000;

    /**
     * These properties as the runtime's configuration.
     *
     * @throws IllegalStateException naming the property, its value and what is allowed, when one is bad (reported
     *     by {@link BadPropertyFailureAnalyzer} when it stops the application's start)
     */
    public RuntimeConfig toRuntimeConfig() {
        try {
            return runtimeConfig();
        } catch (RuntimeConfig.ConfigException e) {
            throw inTheseWords(e);
        }
    }

    /**
     * Refuses a property set to nothing ({@code agentfsm.llm-timeout=}, or {@code AGENTFSM_LLM_TIMEOUT} declared empty
     * in a container's environment). Spring binds an empty duration, size, path or boolean as no value and leaves the
     * default in place, so the application would run on a value nobody chose; the runtime's YAML refuses a key
     * written with no value for that reason, and so does this, in the same words.
     *
     * @throws IllegalStateException naming the property and what it takes
     */
    void refuseEmpty(Binder binder) {
        for (String key : RUNTIME_KEYS) {
            if (binder.bind(property(key), String.class).map(String::isBlank).orElse(false)) {
                throw inTheseWords(noValue(key));
            }
        }
    }

    /** The runtime's error for {@code key} written with no value: its YAML reader words it, so it is asked. */
    private static RuntimeConfig.ConfigException noValue(String key) {
        String yaml = key.contains(".") ? key.replace(".", ":\n  ") + ":" : key + ":";
        try {
            RuntimeConfig.parse(yaml);
        } catch (RuntimeConfig.ConfigException e) {
            return e;
        }
        throw new IllegalStateException("the runtime's YAML took " + key + " with no value");
    }

    /**
     * The runtime's error worded from its facts (key, value, what is allowed) in the words of these properties:
     * the key as the property ({@code llmTimeout} as {@code agentfsm.llm-timeout}), and a size, the value and its
     * bounds, in the units {@code DataSize} reads ({@code 64MB}, 1024-based as the runtime's {@code 64MiB}), so
     * that the fix it suggests is one a property takes. An error about no single key keeps the runtime's message.
     */
    private BadPropertyException inTheseWords(RuntimeConfig.ConfigException e) {
        if (e.key().isEmpty() || e.allowed().isEmpty()) {
            return new BadPropertyException(e.getMessage(), Optional.empty(), Optional.empty(), e);
        }
        String key = e.key().get();
        String value = key.equals(MAX_BYTES_KEY) && e.value().isPresent()
                ? spelled(screenshots.maxBytes)
                : e.value().orElse("no value");
        String allowed = key.equals(MAX_BYTES_KEY)
                ? "a size from " + spelled(DataSize.ofBytes(RuntimeConfig.ScreenshotMemory.MIN_BYTES)) + " to "
                        + spelled(DataSize.ofBytes(RuntimeConfig.ScreenshotMemory.MAX_BYTES)) + ", such as "
                        + spelled(DataSize.ofBytes(DEFAULTS.screenshots().maxBytes()))
                : e.allowed().get();
        return new BadPropertyException(
                property(key) + ": " + value + " is not allowed; expected " + allowed,
                Optional.of(property(key)),
                Optional.of(allowed),
                e);
    }

    /** The property Spring binds to the runtime's key: {@code screenshots.maxBytes} is {@code agentfsm.screenshots.max-bytes}. */
    private static String property(String key) {
        StringBuilder property = new StringBuilder("agentfsm.");
        for (char c : key.toCharArray()) {
            if (Character.isUpperCase(c)) {
                property.append('-').append(Character.toLowerCase(c));
            } else {
                property.append(c);
            }
        }
        return property.toString();
    }

    /** {@code size} in the largest unit that holds it whole, as {@code DataSize} reads it back: {@code 64KB}, {@code 2GB}. */
    private static String spelled(DataSize size) {
        if (size.toGigabytes() != 0 && DataSize.ofGigabytes(size.toGigabytes()).equals(size)) {
            return size.toGigabytes() + "GB";
        }
        if (size.toMegabytes() != 0 && DataSize.ofMegabytes(size.toMegabytes()).equals(size)) {
            return size.toMegabytes() + "MB";
        }
        if (size.toKilobytes() != 0 && DataSize.ofKilobytes(size.toKilobytes()).equals(size)) {
            return size.toKilobytes() + "KB";
        }
        return size.toBytes() + "B";
    }

    private RuntimeConfig runtimeConfig() {
        RuntimeConfig.Builder builder = RuntimeConfig.builder()
                .maxStep(maxStep)
                .maxRound(maxRound)
                .safeGuard(safeGuard)
                .askQuestion(askQuestion)
                .jsonParsingRetry(jsonParsingRetry)
                .llmTimeout(llmTimeout)
                .userTimeout(userTimeout)
                .actionTimeout(actionTimeout)
                .maxReannotate(maxReannotate)
                .screenshots(new RuntimeConfig.ScreenshotMemory(
                        screenshots.steps, screenshots.maxBytes.toBytes(), Optional.ofNullable(screenshots.dir)));
        if (llmCallDeadline != null) {
            builder.llmCallDeadline(llmCallDeadline);
        }
        return builder.build();
    }

    public int getMaxStep() {
        return maxStep;
    }

    public void setMaxStep(int maxStep) {
        this.maxStep = maxStep;
    }

    public int getMaxRound() {
        return maxRound;
    }

    public void setMaxRound(int maxRound) {
        this.maxRound = maxRound;
    }

    public boolean isSafeGuard() {
        return safeGuard;
    }

    public void setSafeGuard(boolean safeGuard) {
        this.safeGuard = safeGuard;
    }

    public boolean isAskQuestion() {
        return askQuestion;
    }

    public void setAskQuestion(boolean askQuestion) {
        this.askQuestion = askQuestion;
    }

    public int getJsonParsingRetry() {
        return jsonParsingRetry;
    }

    public void setJsonParsingRetry(int jsonParsingRetry) {
        this.jsonParsingRetry = jsonParsingRetry;
    }

    public Duration getLlmTimeout() {
        return llmTimeout;
    }

    public void setLlmTimeout(Duration llmTimeout) {
        this.llmTimeout = llmTimeout;
    }

    public Duration getLlmCallDeadline() {
        return llmCallDeadline;
    }

    public void setLlmCallDeadline(Duration llmCallDeadline) {
        this.llmCallDeadline = llmCallDeadline;
    }

    public Duration getUserTimeout() {
        return userTimeout;
    }

    public void setUserTimeout(Duration userTimeout) {
        this.userTimeout = userTimeout;
    }

    public Duration getActionTimeout() {
        return actionTimeout;
    }

    public void setActionTimeout(Duration actionTimeout) {
        this.actionTimeout = actionTimeout;
    }

    public int getMaxReannotate() {
        return maxReannotate;
    }

    public void setMaxReannotate(int maxReannotate) {
        this.maxReannotate = maxReannotate;
    }

    public Screenshots getScreenshots() {
        return screenshots;
    }

    public int getSessionsListed() {
        return sessionsListed;
    }

    public void setSessionsListed(int sessionsListed) {
        if (sessionsListed < 1) {
            throw new IllegalArgumentException(
                    "agentfsm.sessions-listed is " + sessionsListed + "; it must be at least 1");
        }
        this.sessionsListed = sessionsListed;
    }

    /** {@code agentfsm.screenshots.*}: the step screenshots an agent keeps. */
    public static class Screenshots {
        /** How many step screenshots an agent keeps in memory. */
        private int steps = DEFAULTS.screenshots().steps();

        /** The most bytes of screenshots an agent keeps in memory. */
        private DataSize maxBytes = DataSize.ofBytes(DEFAULTS.screenshots().maxBytes());

        /** Where a failed round's final screenshot is written; unset: nowhere. */
        private Path dir = DEFAULTS.screenshots().dir().orElse(null);

        public int getSteps() {
            return steps;
        }

        public void setSteps(int steps) {
            this.steps = steps;
        }

        public DataSize getMaxBytes() {
            return maxBytes;
        }

        public void setMaxBytes(DataSize maxBytes) {
            this.maxBytes = maxBytes;
        }

        public Path getDir() {
            return dir;
        }

        public void setDir(Path dir) {
            this.dir = dir;
        }
    }
}
