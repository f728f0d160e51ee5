package dev.agentfsm.runtime;

import dev.agentfsm.runtime.ConfigValues.Setting;
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
    static final Setting MAX_STEP = variable("AGENTFSM_MAX_STEP", "maxStep");
    static final Setting MAX_ROUND = variable("AGENTFSM_MAX_ROUND", "maxRound");
    static final Setting SAFE_GUARD = variable("AGENTFSM_SAFE_GUARD", "safeGuard");
    static final Setting ASK_QUESTION = variable("AGENTFSM_ASK_QUESTION", "askQuestion");
    static final Setting JSON_PARSING_RETRY = variable("AGENTFSM_JSON_PARSING_RETRY", "jsonParsingRetry");
    static final Setting LLM_TIMEOUT = variable("AGENTFSM_LLM_TIMEOUT", "llmTimeout");
    static final Setting LLM_CALL_DEADLINE = variable("AGENTFSM_LLM_CALL_DEADLINE", "llmCallDeadline");
    static final Setting USER_TIMEOUT = variable("AGENTFSM_USER_TIMEOUT", "userTimeout");
    static final Setting ACTION_TIMEOUT = variable("AGENTFSM_ACTION_TIMEOUT", "actionTimeout");
    static final Setting LLM_BASE_URL = variable("AGENTFSM_LLM_BASE_URL", "llm.baseUrl");
    static final Setting LLM_MODEL = variable("AGENTFSM_LLM_MODEL", "llm.model");
    static final Setting LLM_API_KEY_ENV = variable("AGENTFSM_LLM_API_KEY_ENV", "llm.apiKeyEnv");
    static final Setting MAX_REANNOTATE = variable("AGENTFSM_MAX_REANNOTATE", "maxReannotate");
    static final Setting SCREENSHOTS_STEPS = variable("AGENTFSM_SCREENSHOTS_STEPS", "screenshots.steps");
    static final Setting SCREENSHOTS_MAX_BYTES = variable("AGENTFSM_SCREENSHOTS_MAX_BYTES", "screenshots.maxBytes");
    static final Setting SCREENSHOTS_DIR = variable("AGENTFSM_SCREENSHOTS_DIR", "screenshots.dir");

    private EnvironmentOverrides() {}

    /** The variable {@code name} that sets {@code key}: its errors name the variable and carry the key. */
    private static Setting variable(String name, String key) {
        return new Setting(key, name);
    }

    static RuntimeConfig apply(RuntimeConfig config, Map<String, String> env) {
        Objects.requireNonNull(env, "environment");
        Optional<LlmEndpoint> llm = config.llm();
        if (env.containsKey(LLM_BASE_URL.name())
                || env.containsKey(LLM_MODEL.name())
                || env.containsKey(LLM_API_KEY_ENV.name())) {
            llm = Optional.of(endpoint(llm, env));
        }
        return new RuntimeConfig(
                override(
                        env, MAX_STEP, (setting, text) -> ConfigValues.wholeNumber(setting, text, 1), config.maxStep()),
                override(
                        env,
                        MAX_ROUND,
                        (setting, text) -> ConfigValues.wholeNumber(setting, text, 1),
                        config.maxRound()),
                override(env, SAFE_GUARD, ConfigValues::bool, config.safeGuard()),
                override(env, ASK_QUESTION, ConfigValues::bool, config.askQuestion()),
                override(
                        env,
                        JSON_PARSING_RETRY,
                        (setting, text) -> ConfigValues.wholeNumber(setting, text, 0),
                        config.jsonParsingRetry()),
                override(env, LLM_TIMEOUT, ConfigValues::duration, config.llmTimeout()),
                override(
                        env,
                        LLM_CALL_DEADLINE,
                        (setting, text) -> Optional.of(ConfigValues.duration(setting, text)),
                        config.llmCallDeadline()),
                override(env, USER_TIMEOUT, ConfigValues::duration, config.userTimeout()),
                override(env, ACTION_TIMEOUT, ConfigValues::duration, config.actionTimeout()),
                llm,
                override(
                        env,
                        MAX_REANNOTATE,
                        (setting, text) -> ConfigValues.wholeNumber(
                                setting, text, RuntimeConfig.MIN_REANNOTATE, RuntimeConfig.MAX_REANNOTATE),
                        config.maxReannotate()),
                screenshots(config.screenshots(), env));
    }

    private static ScreenshotMemory screenshots(ScreenshotMemory configured, Map<String, String> env) {
        return new ScreenshotMemory(
                override(
                        env,
                        SCREENSHOTS_STEPS,
                        (setting, text) -> ConfigValues.wholeNumber(
                                setting, text, ScreenshotMemory.MIN_STEPS, ScreenshotMemory.MAX_STEPS),
                        configured.steps()),
                override(
                        env,
                        SCREENSHOTS_MAX_BYTES,
                        (setting, text) -> ConfigValues.bytes(
                                setting, text, ScreenshotMemory.MIN_BYTES, ScreenshotMemory.MAX_BYTES),
                        configured.maxBytes()),
                override(
                        env,
                        SCREENSHOTS_DIR,
                        (setting, text) -> Optional.of(ConfigValues.path(setting, text)),
                        configured.dir()));
    }

    /** The variable of {@code setting} checked and converted by {@code parse} when it is set, else {@code otherwise}. */
    private static <T> T override(
            Map<String, String> env, Setting setting, BiFunction<Setting, String, T> parse, T otherwise) {
        return env.containsKey(setting.name()) ? parse.apply(setting, env.get(setting.name())) : otherwise;
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
                (setting, text) -> Optional.of(ConfigValues.envName(setting, text)),
                configured.flatMap(LlmEndpoint::apiKeyEnv));
        if (baseUrl == null || model == null) {
            Setting missing = baseUrl == null ? LLM_BASE_URL : LLM_MODEL;
            throw new ConfigException(
                    missing.key(),
                    null,
                    baseUrl == null ? ConfigValues.HTTP_URL : ConfigValues.MODEL,
                    "the environment configures an LLM endpoint only in part: "
                            + (baseUrl == null ? "no base URL" : "no model") + " is configured; set " + missing.name()
                            + " or " + missing.key());
        }
        return new LlmEndpoint(baseUrl, model, apiKeyEnv);
    }
}
