package dev.agentfsm.runtime;

import dev.agentfsm.runtime.RuntimeConfig.ConfigException;
import dev.agentfsm.runtime.RuntimeConfig.LlmEndpoint;
import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Applies {@code AGENTFSM_*} environment variables over a {@link RuntimeConfig}: the key in
 * UPPER_SNAKE_CASE ({@code AGENTFSM_MAX_STEP}, {@code AGENTFSM_LLM_BASE_URL}). Other
 * {@code AGENTFSM_*} variables belong to other tools (the build's {@code AGENTFSM_REQUIRE_TOOLS})
 * and are left alone.
 */
final class EnvironmentOverrides {
    static final String MAX_STEP = "AGENTFSM_MAX_STEP";
    static final String MAX_ROUND = "AGENTFSM_MAX_ROUND";
    static final String SAFE_GUARD = "AGENTFSM_SAFE_GUARD";
    static final String ASK_QUESTION = "AGENTFSM_ASK_QUESTION";
    static final String JSON_PARSING_RETRY = "AGENTFSM_JSON_PARSING_RETRY";
    static final String LLM_TIMEOUT = "AGENTFSM_LLM_TIMEOUT";
    static final String LLM_CALL_DEADLINE = "AGENTFSM_LLM_CALL_DEADLINE";
    static final String USER_TIMEOUT = "AGENTFSM_USER_TIMEOUT";
    static final String ACTION_TIMEOUT = "AGENTFSM_ACTION_TIMEOUT";
    static final String LLM_BASE_URL = "AGENTFSM_LLM_BASE_URL";
    static final String LLM_MODEL = "AGENTFSM_LLM_MODEL";
    static final String LLM_API_KEY_ENV = "AGENTFSM_LLM_API_KEY_ENV";
    static final String MAX_REANNOTATE = "AGENTFSM_MAX_REANNOTATE";
    static final String SCREENSHOTS_STEPS = "AGENTFSM_SCREENSHOTS_STEPS";
    static final String SCREENSHOTS_MAX_BYTES = "AGENTFSM_SCREENSHOTS_MAX_BYTES";
    static final String SCREENSHOTS_DIR = "AGENTFSM_SCREENSHOTS_DIR";

    private EnvironmentOverrides() {}

    static RuntimeConfig apply(RuntimeConfig config, Map<String, String> env) {
        Objects.requireNonNull(env, "environment");
        Optional<LlmEndpoint> llm = config.llm();
        if (env.containsKey(LLM_BASE_URL) || env.containsKey(LLM_MODEL) || env.containsKey(LLM_API_KEY_ENV)) {
            llm = Optional.of(endpoint(llm, env));
        }
        return new RuntimeConfig(
                override(env, MAX_STEP, (key, text) -> ConfigValues.wholeNumber(key, text, 1), config.maxStep()),
                override(env, MAX_ROUND, (key, text) -> ConfigValues.wholeNumber(key, text, 1), config.maxRound()),
                override(env, SAFE_GUARD, ConfigValues::bool, config.safeGuard()),
                override(env, ASK_QUESTION, ConfigValues::bool, config.askQuestion()),
                override(
                        env,
                        JSON_PARSING_RETRY,
                        (key, text) -> ConfigValues.wholeNumber(key, text, 0),
                        config.jsonParsingRetry()),
                override(env, LLM_TIMEOUT, ConfigValues::duration, config.llmTimeout()),
                override(
                        env,
                        LLM_CALL_DEADLINE,
                        (key, text) -> Optional.of(ConfigValues.duration(key, text)),
                        config.llmCallDeadline()),
                override(env, USER_TIMEOUT, ConfigValues::duration, config.userTimeout()),
                override(env, ACTION_TIMEOUT, ConfigValues::duration, config.actionTimeout()),
                llm,
                override(
                        env,
                        MAX_REANNOTATE,
                        (key, text) -> ConfigValues.wholeNumber(
                                key, text, RuntimeConfig.MIN_REANNOTATE, RuntimeConfig.MAX_REANNOTATE),
                        config.maxReannotate()),
                screenshots(config.screenshots(), env));
    }

    private static ScreenshotMemory screenshots(ScreenshotMemory configured, Map<String, String> env) {
        return new ScreenshotMemory(
                override(
                        env,
                        SCREENSHOTS_STEPS,
                        (key, text) -> ConfigValues.wholeNumber(
                                key, text, ScreenshotMemory.MIN_STEPS, ScreenshotMemory.MAX_STEPS),
                        configured.steps()),
                override(
                        env,
                        SCREENSHOTS_MAX_BYTES,
                        (key, text) ->
                                ConfigValues.bytes(key, text, ScreenshotMemory.MIN_BYTES, ScreenshotMemory.MAX_BYTES),
                        configured.maxBytes()),
                override(
                        env,
                        SCREENSHOTS_DIR,
                        (key, text) -> Optional.of(ConfigValues.path(key, text)),
                        configured.dir()));
    }

    /** The variable {@code name} checked and converted by {@code parse} when it is set, else {@code otherwise}. */
    private static <T> T override(
            Map<String, String> env, String name, BiFunction<String, String, T> parse, T otherwise) {
        return env.containsKey(name) ? parse.apply(name, env.get(name)) : otherwise;
    }

    private static LlmEndpoint endpoint(Optional<LlmEndpoint> configured, Map<String, String> env) {
        String baseUrl = override(
                env,
                LLM_BASE_URL,
                ConfigValues::httpUrl,
                configured.map(LlmEndpoint::baseUrl).orElse(null));
        String model = override(
                env,
                LLM_MODEL,
                ConfigValues::model,
                configured.map(LlmEndpoint::model).orElse(null));
        Optional<String> apiKeyEnv = override(
                env,
                LLM_API_KEY_ENV,
                (key, text) -> Optional.of(ConfigValues.envName(key, text)),
                configured.flatMap(LlmEndpoint::apiKeyEnv));
        if (baseUrl == null || model == null) {
            throw new ConfigException("the environment configures an LLM endpoint only in part: "
                    + (baseUrl == null ? "no base URL" : "no model") + " is configured; set "
                    + (baseUrl == null ? LLM_BASE_URL + " or llm.baseUrl" : LLM_MODEL + " or llm.model"));
        }
        return new LlmEndpoint(baseUrl, model, apiKeyEnv);
    }
}
