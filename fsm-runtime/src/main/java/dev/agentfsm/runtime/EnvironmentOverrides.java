package dev.agentfsm.runtime;

import dev.agentfsm.runtime.RuntimeConfig.ConfigException;
import dev.agentfsm.runtime.RuntimeConfig.LlmEndpoint;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
    static final String USER_TIMEOUT = "AGENTFSM_USER_TIMEOUT";
    static final String ACTION_TIMEOUT = "AGENTFSM_ACTION_TIMEOUT";
    static final String LLM_BASE_URL = "AGENTFSM_LLM_BASE_URL";
    static final String LLM_MODEL = "AGENTFSM_LLM_MODEL";
    static final String LLM_API_KEY_ENV = "AGENTFSM_LLM_API_KEY_ENV";

    private EnvironmentOverrides() {}

    static RuntimeConfig apply(RuntimeConfig config, Map<String, String> env) {
        Objects.requireNonNull(env, "environment");
        Optional<LlmEndpoint> llm = config.llm();
        if (env.containsKey(LLM_BASE_URL) || env.containsKey(LLM_MODEL) || env.containsKey(LLM_API_KEY_ENV)) {
            llm = Optional.of(endpoint(llm, env));
        }
        return new RuntimeConfig(
                env.containsKey(MAX_STEP) ? ConfigValues.wholeNumber(MAX_STEP, env.get(MAX_STEP), 1) : config.maxStep(),
                env.containsKey(MAX_ROUND) ? ConfigValues.wholeNumber(MAX_ROUND, env.get(MAX_ROUND), 1) : config.maxRound(),
                env.containsKey(SAFE_GUARD) ? ConfigValues.bool(SAFE_GUARD, env.get(SAFE_GUARD)) : config.safeGuard(),
                env.containsKey(ASK_QUESTION) ? ConfigValues.bool(ASK_QUESTION, env.get(ASK_QUESTION)) : config.askQuestion(),
                env.containsKey(JSON_PARSING_RETRY)
                        ? ConfigValues.wholeNumber(JSON_PARSING_RETRY, env.get(JSON_PARSING_RETRY), 0)
                        : config.jsonParsingRetry(),
                env.containsKey(LLM_TIMEOUT) ? ConfigValues.duration(LLM_TIMEOUT, env.get(LLM_TIMEOUT)) : config.llmTimeout(),
                env.containsKey(USER_TIMEOUT) ? ConfigValues.duration(USER_TIMEOUT, env.get(USER_TIMEOUT)) : config.userTimeout(),
                env.containsKey(ACTION_TIMEOUT)
                        ? ConfigValues.duration(ACTION_TIMEOUT, env.get(ACTION_TIMEOUT))
                        : config.actionTimeout(),
                llm);
    }

    private static LlmEndpoint endpoint(Optional<LlmEndpoint> configured, Map<String, String> env) {
        String baseUrl = env.containsKey(LLM_BASE_URL) ? ConfigValues.httpUrl(LLM_BASE_URL, env.get(LLM_BASE_URL))
                : configured.map(LlmEndpoint::baseUrl).orElse(null);
        String model = env.containsKey(LLM_MODEL) ? ConfigValues.model(LLM_MODEL, env.get(LLM_MODEL))
                : configured.map(LlmEndpoint::model).orElse(null);
        Optional<String> apiKeyEnv = env.containsKey(LLM_API_KEY_ENV)
                ? Optional.of(ConfigValues.envName(LLM_API_KEY_ENV, env.get(LLM_API_KEY_ENV)))
                : configured.flatMap(LlmEndpoint::apiKeyEnv);
        if (baseUrl == null || model == null) {
            throw new ConfigException("the environment configures an LLM endpoint only in part: "
                    + (baseUrl == null ? "no base URL" : "no model") + " is configured; set "
                    + (baseUrl == null ? LLM_BASE_URL + " or llm.baseUrl" : LLM_MODEL + " or llm.model"));
        }
        return new LlmEndpoint(baseUrl, model, apiKeyEnv);
    }
}
