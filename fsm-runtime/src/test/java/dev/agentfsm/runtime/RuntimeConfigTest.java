package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.RuntimeConfig.ConfigException;
import dev.agentfsm.runtime.RuntimeConfig.LlmEndpoint;
import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuntimeConfigTest {

    @Test
    void defaultsAreUfos() {
        RuntimeConfig config = RuntimeConfig.defaults();
        assertEquals(50, config.maxStep());
        assertEquals(1, config.maxRound());
        assertTrue(config.safeGuard());
        assertEquals(false, config.askQuestion());
        assertEquals(3, config.jsonParsingRetry());
        assertEquals(Duration.ofSeconds(60), config.llmTimeout());
        assertEquals(Duration.ofSeconds(300), config.userTimeout());
        assertEquals(Duration.ofSeconds(30), config.actionTimeout());
        assertEquals(Optional.empty(), config.llm());
        assertEquals(3, config.maxReannotate());
        assertEquals(new ScreenshotMemory(10, 64L * 1024 * 1024, Optional.empty()), config.screenshots());
        assertEquals(config, RuntimeConfig.parse(""), "an empty file keeps every default");
    }

    @Test
    void everyKeyIsRead() {
        RuntimeConfig config = RuntimeConfig.parse(
                """
                maxStep: 20
                maxRound: 3
                safeGuard: false
                askQuestion: true
                jsonParsingRetry: 0
                llmTimeout: 500ms
                userTimeout: 2m
                actionTimeout: PT1M30S
                llm:
                  baseUrl: http://localhost:11434/v1
                  model: qwen2.5
                  apiKeyEnv: OPENAI_API_KEY
                """);
        assertEquals(
                RuntimeConfig.builder()
                        .maxStep(20)
                        .maxRound(3)
                        .safeGuard(false)
                        .askQuestion(true)
                        .jsonParsingRetry(0)
                        .llmTimeout(Duration.ofMillis(500))
                        .userTimeout(Duration.ofMinutes(2))
                        .actionTimeout(Duration.ofSeconds(90))
                        .llm(new LlmEndpoint("http://localhost:11434/v1", "qwen2.5", Optional.of("OPENAI_API_KEY")))
                        .build(),
                config);
    }

    @Test
    void theReannotationLimitAndTheScreenshotMemoryAreRead() {
        RuntimeConfig config = RuntimeConfig.parse(
                """
                maxReannotate: 5
                screenshots:
                  steps: 4
                  maxBytes: 512KiB
                  dir: /var/tmp/agent-fsm
                """);
        assertEquals(5, config.maxReannotate());
        assertEquals(
                new ScreenshotMemory(4, 512 * 1024, Optional.of(Path.of("/var/tmp/agent-fsm"))), config.screenshots());
        assertEquals(
                65_536,
                RuntimeConfig.parse("screenshots: {maxBytes: 65536}")
                        .screenshots()
                        .maxBytes(),
                "a plain number is bytes");
        assertEquals(
                2L * 1024 * 1024 * 1024,
                RuntimeConfig.parse("screenshots: {maxBytes: 2GiB}")
                        .screenshots()
                        .maxBytes());
        assertEquals(
                7, RuntimeConfig.parse("screenshots: {steps: 7}").screenshots().steps());
        assertEquals(
                ScreenshotMemory.defaults().maxBytes(),
                RuntimeConfig.parse("screenshots: {steps: 7}").screenshots().maxBytes(),
                "what the section leaves out keeps its default");
        ConfigException unknown =
                assertThrows(ConfigException.class, () -> RuntimeConfig.parse("screenshots: {keep: 3}"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): unknown key 'screenshots.keep'; valid keys of "
                        + "'screenshots' are: dir, maxBytes, steps",
                unknown.getMessage());
    }

    @Test
    void keysLeftOutKeepTheirDefaults() {
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 7\n");
        assertEquals(7, config.maxStep());
        assertEquals(RuntimeConfig.defaults().userTimeout(), config.userTimeout());
    }

    @Test
    void anUnknownKeyIsNamedWithTheValidOnes() {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxSteps: 5\n"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): unknown key 'maxSteps'; valid keys are: "
                        + "actionTimeout, askQuestion, jsonParsingRetry, llm, llmCallDeadline, llmTimeout, maxReannotate, "
                        + "maxRound, maxStep, safeGuard, screenshots, userTimeout",
                e.getMessage());
        ConfigException nested =
                assertThrows(ConfigException.class, () -> RuntimeConfig.parse("llm:\n  url: http://x\n"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): unknown key 'llm.url'; valid keys of 'llm' are: "
                        + "apiKeyEnv, baseUrl, model",
                nested.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "maxStep: 0          | maxStep: 0 is not allowed; expected a whole number, at least 1",
                "maxStep: ten        | maxStep: \"ten\" is not allowed; expected a whole number, at least 1",
                "maxStep: '5'        | maxStep: \"5\" is not allowed; expected a whole number, at least 1",
                "maxStep: 2.5        | maxStep: 2.5 is not allowed; expected a whole number, at least 1",
                "maxRound: -1        | maxRound: -1 is not allowed; expected a whole number, at least 1",
                "jsonParsingRetry: -1 | jsonParsingRetry: -1 is not allowed; expected a whole number, at least 0",
                "safeGuard: maybe    | safeGuard: \"maybe\" is not allowed; expected true or false",
                "safeGuard: 1        | safeGuard: 1 is not allowed; expected true or false",
                "llmTimeout: 60      | llmTimeout: \"60\" is not allowed; expected a duration greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S",
                "llmTimeout: 0s      | llmTimeout: \"0s\" is not allowed; expected a duration greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S",
                "userTimeout: 5 sec  | userTimeout: \"5 sec\" is not allowed; expected a duration greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S",
                "maxStep:            | maxStep: null is not allowed; expected a whole number, at least 1 (leave the key out to keep its default)",
                "llm: {baseUrl: ftp://host/v1, model: m} | llm.baseUrl: \"ftp://host/v1\" is not allowed; expected an http:// or https:// URL, such as http://localhost:11434/v1",
                "llm: {baseUrl: 'http://h/v1', model: m, apiKeyEnv: 'my key'} | llm.apiKeyEnv: *** (6 characters, not shown: it may be the API key itself) is not allowed; expected the name of an environment variable, such as OPENAI_API_KEY, whose value is the key",
                "llm: {baseUrl: 'http://h/v1'} | llm: needs both baseUrl and model (and optionally apiKeyEnv); got no model",
                "llm: 5              | llm: 5 is not allowed; expected a mapping with baseUrl, model and optionally apiKeyEnv",
                "- maxStep           | the configuration must be a mapping of keys to values, such as 'maxStep: 50'; got array",
                "maxReannotate: 0    | maxReannotate: 0 is not allowed; expected a whole number from 1 to 100",
                "maxReannotate: 101  | maxReannotate: 101 is not allowed; expected a whole number from 1 to 100",
                "maxReannotate: many | maxReannotate: \"many\" is not allowed; expected a whole number from 1 to 100",
                "screenshots: {steps: 0} | screenshots.steps: 0 is not allowed; expected a whole number from 1 to 1000",
                "screenshots: {steps: 1001} | screenshots.steps: 1001 is not allowed; expected a whole number from 1 to 1000",
                "screenshots: {maxBytes: 1024} | screenshots.maxBytes: 1024 is not allowed; expected a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB",
                "screenshots: {maxBytes: 3GiB} | screenshots.maxBytes: \"3GiB\" is not allowed; expected a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB",
                "screenshots: {maxBytes: 64MB} | screenshots.maxBytes: \"64MB\" is not allowed; expected a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB",
                "screenshots: {maxBytes: 1.5} | screenshots.maxBytes: 1.5 is not allowed; expected a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB",
                "screenshots: {dir: ''} | screenshots.dir: \"\" is not allowed; expected a directory path, such as /var/tmp/agent-fsm",
                "screenshots: {dir: ~} | screenshots.dir: null is not allowed; expected a directory path, such as /var/tmp/agent-fsm (leave the key out to keep its default)",
                "screenshots: 5      | screenshots: 5 is not allowed; expected a mapping with steps, maxBytes and dir, each optional",
            })
    void aBadValueNamesKeyValueAndWhatIsAllowed(String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.parse(yaml));
        assertEquals("invalid agent-fsm configuration (YAML text): " + message, e.getMessage());
    }

    @Test
    void duplicateKeysAndBrokenYamlAreErrors() {
        ConfigException duplicate =
                assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: 5\nmaxStep: 6\n"));
        assertTrue(duplicate.getMessage().contains("Duplicate field 'maxStep'"), duplicate.getMessage());
        ConfigException broken = assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: [1,\n"));
        assertTrue(
                broken.getMessage().startsWith("invalid agent-fsm configuration (YAML text): not valid YAML: "),
                broken.getMessage());
    }

    @Test
    void aFileIsNamedInItsErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agentfsm.yaml");
        Files.writeString(file, "maxRound: 0\n");
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.load(file));
        assertEquals(
                "invalid agent-fsm configuration (" + file + "): maxRound: 0 is not allowed; expected a "
                        + "whole number, at least 1",
                e.getMessage());
        Files.writeString(file, "maxRound: 4\n");
        assertEquals(4, RuntimeConfig.load(file).maxRound());
        ConfigException missing =
                assertThrows(ConfigException.class, () -> RuntimeConfig.load(dir.resolve("nope.yaml")));
        assertTrue(
                missing.getMessage().startsWith("cannot read the agent-fsm configuration " + dir.resolve("nope.yaml")),
                missing.getMessage());
    }

    @Test
    void theEnvironmentOverridesTheFile() {
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 5\nllm: {baseUrl: 'http://a/v1', model: m}\n")
                .withEnvironment(Map.of(
                        "AGENTFSM_MAX_STEP", "9",
                        "AGENTFSM_MAX_ROUND", "2",
                        "AGENTFSM_SAFE_GUARD", "false",
                        "AGENTFSM_ASK_QUESTION", "TRUE",
                        "AGENTFSM_JSON_PARSING_RETRY", "1",
                        "AGENTFSM_LLM_TIMEOUT", "5s",
                        "AGENTFSM_USER_TIMEOUT", "1h",
                        "AGENTFSM_ACTION_TIMEOUT", "250ms",
                        "AGENTFSM_LLM_MODEL", "llama3",
                        "AGENTFSM_LLM_API_KEY_ENV", "VLLM_KEY"));
        assertEquals(
                RuntimeConfig.builder()
                        .maxStep(9)
                        .maxRound(2)
                        .safeGuard(false)
                        .askQuestion(true)
                        .jsonParsingRetry(1)
                        .llmTimeout(Duration.ofSeconds(5))
                        .userTimeout(Duration.ofHours(1))
                        .actionTimeout(Duration.ofMillis(250))
                        .llm(new LlmEndpoint("http://a/v1", "llama3", Optional.of("VLLM_KEY")))
                        .build(),
                config);
    }

    @Test
    void theEnvironmentSetsTheReannotationLimitAndTheScreenshotMemory() {
        RuntimeConfig config = RuntimeConfig.parse("screenshots: {steps: 3}")
                .withEnvironment(Map.of(
                        "AGENTFSM_MAX_REANNOTATE", "8",
                        "AGENTFSM_SCREENSHOTS_MAX_BYTES", "1MiB",
                        "AGENTFSM_SCREENSHOTS_DIR", "/tmp/shots"));
        assertEquals(8, config.maxReannotate());
        assertEquals(new ScreenshotMemory(3, 1024 * 1024, Optional.of(Path.of("/tmp/shots"))), config.screenshots());
        ConfigException bad = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_SCREENSHOTS_STEPS", "0")));
        assertEquals(
                "AGENTFSM_SCREENSHOTS_STEPS: 0 is not allowed; expected a whole number from 1 to 1000",
                bad.getMessage());
        ConfigException reannotate = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_MAX_REANNOTATE", "lots")));
        assertEquals(
                "AGENTFSM_MAX_REANNOTATE: \"lots\" is not allowed; expected a whole number from 1 to 100",
                reannotate.getMessage());
    }

    @Test
    void otherVariablesAreLeftAloneAndNoneMeansNoChange() {
        RuntimeConfig defaults = RuntimeConfig.defaults();
        assertEquals(defaults, defaults.withEnvironment(Map.of("AGENTFSM_REQUIRE_TOOLS", "true", "PATH", "/bin")));
    }

    @Test
    void aBadVariableIsNamedWithItsValue() {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_MAX_STEP", "lots")));
        assertEquals("AGENTFSM_MAX_STEP: \"lots\" is not allowed; expected a whole number, at least 1", e.getMessage());
        ConfigException url = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_BASE_URL", "localhost:8080", "AGENTFSM_LLM_MODEL", "m")));
        assertEquals(
                "AGENTFSM_LLM_BASE_URL: \"localhost:8080\" is not allowed; expected an http:// or https:// URL, "
                        + "such as http://localhost:11434/v1",
                url.getMessage());
        ConfigException partial = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_MODEL", "m")));
        assertEquals(
                "the environment configures an LLM endpoint only in part: no base URL is configured; set "
                        + "AGENTFSM_LLM_BASE_URL or llm.baseUrl",
                partial.getMessage());
    }

    @Test
    void theLlmCallDeadlineIsReadFromYamlAndTheEnvironmentAndIsEmptyByDefault() {
        assertEquals(Optional.empty(), RuntimeConfig.defaults().llmCallDeadline(), "twice llmTimeout");
        assertEquals(
                Optional.of(Duration.ofMinutes(3)),
                RuntimeConfig.parse("llmCallDeadline: 3m\n").llmCallDeadline());
        assertEquals(
                Optional.of(Duration.ofSeconds(90)),
                RuntimeConfig.parse("llmCallDeadline: 3m\n")
                        .withEnvironment(Map.of("AGENTFSM_LLM_CALL_DEADLINE", "90s"))
                        .llmCallDeadline());
    }

    @Test
    void aDeadlineShorterThanTheTimeOutIsRefused() {
        ConfigException e = assertThrows(
                ConfigException.class, () -> RuntimeConfig.parse("llmTimeout: 2m\nllmCallDeadline: 30s\n"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): llmCallDeadline: PT30S is shorter than llmTimeout"
                        + " (PT2M), so no attempt could use its time-out; set llmCallDeadline to PT2M or more, or leave it out"
                        + " (twice llmTimeout)",
                e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "llmTimeout: 2600000h          | llmTimeout: \"2600000h\"",
                "userTimeout: PT2600000H       | userTimeout: \"PT2600000H\"",
                "actionTimeout: 25h            | actionTimeout: \"25h\"",
                "llmCallDeadline: 1441m        | llmCallDeadline: \"1441m\"",
                "llmTimeout: 99999999999999999999h | llmTimeout: \"99999999999999999999h\"",
            })
    void aDurationOverADayIsRefusedNamingKeyValueAndRange(String yaml, String named) {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.parse(yaml));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): " + named + " is not allowed; expected a duration"
                        + " greater than zero and at most 24h (PT24H)",
                e.getMessage());
    }

    @Test
    void aDurationOverADayIsRefusedFromTheEnvironmentAndInTheRecord() {
        ConfigException env = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_TIMEOUT", "2600000h")));
        assertEquals(
                "AGENTFSM_LLM_TIMEOUT: \"2600000h\" is not allowed; expected a duration greater than zero and at"
                        + " most 24h (PT24H)",
                env.getMessage());
        ConfigException record = assertThrows(ConfigException.class, () -> RuntimeConfig.builder()
                .userTimeout(Duration.ofDays(365))
                .actionTimeout(Duration.ofSeconds(1))
                .build());
        assertEquals(
                "userTimeout: PT8760H is not allowed; expected a duration greater than zero and at most 24h"
                        + " (PT24H)",
                record.getMessage());
        assertEquals(
                Duration.ofHours(24), RuntimeConfig.parse("llmTimeout: 24h\n").llmTimeout(), "a day is allowed");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "https://alice:s3cr3t@api.example.com/v1 | https://***@api.example.com/v1",
                "http://token@localhost:11434/v1         | http://***@localhost:11434/v1",
                "http://a:b c@host/v1                    | http://***@host/v1",
            })
    void aBaseUrlWithUserInfoIsRefusedWithoutEchoingIt(String url, String shown) {
        ConfigException yaml = assertThrows(
                ConfigException.class, () -> RuntimeConfig.parse("llm: {baseUrl: '" + url + "', model: m}\n"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): llm.baseUrl: \"" + shown + "\" is not allowed; the"
                        + " URL holds a user name or password (shown as ***): remove it, and name the environment variable"
                        + " holding the API key in llm.apiKeyEnv",
                yaml.getMessage());
        ConfigException env = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_BASE_URL", url, "AGENTFSM_LLM_MODEL", "m")));
        assertTrue(
                env.getMessage().startsWith("AGENTFSM_LLM_BASE_URL: \"" + shown + "\" is not allowed"),
                env.getMessage());
        String secret = url.substring(url.indexOf("//") + 2, url.lastIndexOf('@'));
        assertTrue(!yaml.getMessage().contains(secret) && !env.getMessage().contains(secret), secret);
    }

    @Test
    void anApiKeyWrittenWhereItsVariablesNameGoesIsNeverShown() {
        String key = "sk-proj-4fQx9Secret";
        ConfigException yaml = assertThrows(
                ConfigException.class,
                () -> RuntimeConfig.parse("llm: {baseUrl: 'http://h/v1', model: m, apiKeyEnv: " + key + "}\n"));
        ConfigException env = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of(
                        "AGENTFSM_LLM_BASE_URL", "http://h/v1",
                        "AGENTFSM_LLM_MODEL", "m",
                        "AGENTFSM_LLM_API_KEY_ENV", key)));
        for (ConfigException e : List.of(yaml, env)) {
            assertFalse(e.getMessage().contains("Secret"), e.getMessage());
            assertEquals(Optional.of("***"), e.value());
            assertTrue(e.getMessage().contains("*** (19 characters, not shown: it may be the API key itself)"));
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "alice:s3cr3t@api.example.com/v1          | ***@api.example.com/v1",
                "' https://alice:s3cr3t@api.example.com/v1' | ' https://***@api.example.com/v1'",
                "https//alice:s3cr3t@api.example.com/v1   | ***@api.example.com/v1",
            })
    void aUrlWithAPasswordRefusedForAnotherReasonDoesNotShowIt(String url, String shown) {
        ConfigException yaml = assertThrows(
                ConfigException.class, () -> RuntimeConfig.parse("llm: {baseUrl: '" + url + "', model: m}\n"));
        ConfigException env = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_BASE_URL", url, "AGENTFSM_LLM_MODEL", "m")));
        for (ConfigException e : List.of(yaml, env)) {
            assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
            assertEquals(Optional.of(shown), e.value());
        }
    }

    @Test
    void aConfigurationOverTheCapIsRefusedBeforeItIsParsed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agentfsm.yaml");
        Files.writeString(file, "maxStep: 5\n" + "# a comment\n".repeat(1024 * 1024));
        long size = Files.size(file);

        ConfigException fromFile = assertThrows(ConfigException.class, () -> RuntimeConfig.load(file));
        ConfigException fromText =
                assertThrows(ConfigException.class, () -> RuntimeConfig.parse(Files.readString(file)));

        assertEquals(
                "invalid agent-fsm configuration (" + file + "): it is " + size + " bytes, over the cap of 65536"
                        + " bytes (64 KiB); a configuration is a few lines: keep only the keys it sets",
                fromFile.getMessage());
        assertEquals(
                "invalid agent-fsm configuration (YAML text): it is " + size + " bytes, over the cap of 65536"
                        + " bytes (64 KiB); a configuration is a few lines: keep only the keys it sets",
                fromText.getMessage());
        Files.writeString(file, "maxStep: 5\n" + "#".repeat(60_000) + "\n");
        assertEquals(5, RuntimeConfig.load(file).maxStep(), "a file under the cap is read");
    }

    @Test
    void aSecondYamlDocumentIsAnError() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: 5\n---\nmaxStep: 500\n"));
        assertEquals(
                "invalid agent-fsm configuration (YAML text): the text holds more than one YAML document (the"
                        + " second starts at line 3); put every key in one document, without a '---' line after the first key",
                e.getMessage());
        assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: 5\n---\n"), "an empty second one too");
        assertEquals(5, RuntimeConfig.parse("---\nmaxStep: 5\n").maxStep(), "a document may start with ---");
        assertEquals(5, RuntimeConfig.parse("maxStep: 5\n...\n").maxStep(), "and end with ...");
    }

    @Test
    void theRecordItselfRefusesBadValues() {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.builder()
                .llmTimeout(Duration.ZERO)
                .userTimeout(Duration.ofSeconds(1))
                .actionTimeout(Duration.ofSeconds(1))
                .build());
        assertEquals(
                "llmTimeout: PT0S is not allowed; expected a duration greater than zero, such as 500ms, 60s, "
                        + "2m, 1h or PT1M30S",
                e.getMessage());
        ConfigException reannotate = assertThrows(
                ConfigException.class,
                () -> RuntimeConfig.builder().maxReannotate(0).build());
        assertEquals("maxReannotate: 0 is not allowed; expected a whole number from 1 to 100", reannotate.getMessage());
        ConfigException bytes =
                assertThrows(ConfigException.class, () -> new ScreenshotMemory(1, 10, Optional.empty()));
        assertEquals(
                "screenshots.maxBytes: 10 is not allowed; expected a size in bytes: a whole number, or one with"
                        + " KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB",
                bytes.getMessage());
    }

    private static final String DURATION = "a duration greater than zero, such as 500ms, 60s, 2m, 1h or PT1M30S";
    private static final String BYTES =
            "a size in bytes: a whole number, or one with KiB, MiB or GiB, such as 64MiB, from 64 KiB to 2 GiB";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "maxStep: 0          | maxStep         | 0    | a whole number, at least 1",
                "maxStep: ten        | maxStep         | ten  | a whole number, at least 1",
                "maxStep: 2.5        | maxStep         | 2.5  | a whole number, at least 1",
                "jsonParsingRetry: -1 | jsonParsingRetry | -1 | a whole number, at least 0",
                "safeGuard: maybe    | safeGuard       | maybe | true or false",
                "llmTimeout: 0s      | llmTimeout      | 0s   | " + DURATION,
                "actionTimeout: 25h  | actionTimeout   | 25h  | a duration greater than zero and at most 24h (PT24H)",
                "maxStep:            | maxStep         | -    | a whole number, at least 1 (leave the key out to keep its default)",
                "'{llmTimeout: 2m, llmCallDeadline: 30s}' | llmCallDeadline | PT30S | a duration no shorter than the"
                        + " time-out of one attempt (PT2M), or none for twice that time-out",
                "maxReannotate: many | maxReannotate   | many | a whole number from 1 to 100",
                "screenshots: {steps: 1001} | screenshots.steps | 1001 | a whole number from 1 to 1000",
                "screenshots: {maxBytes: 1024} | screenshots.maxBytes | 1024 | " + BYTES,
                "screenshots: {maxBytes: 3GiB} | screenshots.maxBytes | 3GiB | " + BYTES,
                "screenshots: {dir: ''} | screenshots.dir | '' | a directory path, such as /var/tmp/agent-fsm",
                "screenshots: 5      | screenshots     | 5    | a mapping with steps, maxBytes and dir, each optional",
                "llm: {baseUrl: ftp://host/v1, model: m} | llm.baseUrl | ftp://host/v1 | an http:// or https:// URL,"
                        + " such as http://localhost:11434/v1",
                "llm: {baseUrl: 'https://alice:s3cr3t@h/v1', model: m} | llm.baseUrl | https://***@h/v1 | an http:// or"
                        + " https:// URL without a user name or password; the API key goes in the environment variable"
                        + " llm.apiKeyEnv names",
                "llm: {baseUrl: 'http://h/v1', model: m, apiKeyEnv: 'my key'} | llm.apiKeyEnv | *** | the name of an"
                        + " environment variable, such as OPENAI_API_KEY",
                "llm: {baseUrl: 'http://h/v1'} | llm.model | - | a model name, such as gpt-4o or qwen2.5",
                "llm: {model: m}     | llm.baseUrl     | -    | an http:// or https:// URL, such as http://localhost:11434/v1",
                "maxSteps: 5         | maxSteps        | -    | one of the keys actionTimeout, askQuestion, jsonParsingRetry,"
                        + " llm, llmCallDeadline, llmTimeout, maxReannotate, maxRound, maxStep, safeGuard, screenshots,"
                        + " userTimeout",
                "screenshots: {keep: 3} | screenshots.keep | - | one of the keys of 'screenshots': dir, maxBytes, steps",
            })
    void aBadValueInTheFileCarriesItsKeyValueAndWhatIsAllowed(String yaml, String key, String value, String allowed) {
        ConfigException e = assertThrows(ConfigException.class, () -> RuntimeConfig.parse(yaml));
        assertEquals(Optional.of(key), e.key(), e.getMessage());
        assertEquals(Optional.ofNullable(value), e.value(), e.getMessage());
        assertEquals(Optional.of(allowed), e.allowed(), e.getMessage());
        assertTrue(e.getMessage().startsWith("invalid agent-fsm configuration (YAML text): "), e.getMessage());
    }

    @Test
    void aBadVariableCarriesTheRuntimesKeyWhileItsMessageNamesTheVariable() {
        ConfigException steps = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_MAX_STEP", "lots")));
        assertEquals(
                "AGENTFSM_MAX_STEP: \"lots\" is not allowed; expected a whole number, at least 1", steps.getMessage());
        assertFacts(steps, "maxStep", "lots", "a whole number, at least 1");
        ConfigException bytes = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_SCREENSHOTS_MAX_BYTES", "1KiB")));
        assertTrue(bytes.getMessage().startsWith("AGENTFSM_SCREENSHOTS_MAX_BYTES: \"1KiB\""), bytes.getMessage());
        assertFacts(bytes, "screenshots.maxBytes", "1KiB", BYTES);
        ConfigException timeout = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_ACTION_TIMEOUT", "soon")));
        assertFacts(timeout, "actionTimeout", "soon", DURATION);
        ConfigException safeGuard = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_SAFE_GUARD", "yes")));
        assertFacts(safeGuard, "safeGuard", "yes", "true or false");
        ConfigException dir = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_SCREENSHOTS_DIR", " ")));
        assertFacts(dir, "screenshots.dir", " ", "a directory path, such as /var/tmp/agent-fsm");
        ConfigException partial = assertThrows(ConfigException.class, () -> RuntimeConfig.defaults()
                .withEnvironment(Map.of("AGENTFSM_LLM_MODEL", "m")));
        assertEquals(Optional.of("llm.baseUrl"), partial.key());
        assertEquals(Optional.empty(), partial.value(), "no base URL was given");
        assertEquals(Optional.of("an http:// or https:// URL, such as http://localhost:11434/v1"), partial.allowed());
    }

    @Test
    void aBadValueInCodeCarriesItsKeyAndTheValueAsGiven() {
        assertFacts(
                assertThrows(
                        ConfigException.class,
                        () -> RuntimeConfig.builder().maxRound(0).build()),
                "maxRound",
                "0",
                "a whole number, at least 1");
        assertFacts(
                assertThrows(ConfigException.class, () -> RuntimeConfig.builder()
                        .userTimeout(Duration.ofDays(365))
                        .build()),
                "userTimeout",
                "PT8760H",
                "a duration greater than zero and at most 24h (PT24H)");
        assertFacts(
                assertThrows(ConfigException.class, () -> RuntimeConfig.builder()
                        .llmTimeout(Duration.ofMinutes(2))
                        .llmCallDeadline(Duration.ofMinutes(1))
                        .build()),
                "llmCallDeadline",
                "PT1M",
                "a duration no shorter than the time-out of one attempt (PT2M), or none for twice that time-out");
        assertFacts(
                assertThrows(ConfigException.class, () -> new ScreenshotMemory(1, 10, Optional.empty())),
                "screenshots.maxBytes",
                "10",
                BYTES);
        assertFacts(
                assertThrows(ConfigException.class, () -> new ScreenshotMemory(0, 65_536, Optional.empty())),
                "screenshots.steps",
                "0",
                "a whole number from 1 to 1000");
        assertFacts(
                assertThrows(ConfigException.class, () -> new LlmEndpoint("http://h/v1", "", Optional.empty())),
                "llm.model",
                "",
                "a model name, such as gpt-4o or qwen2.5");
    }

    @Test
    void anErrorAboutNoSingleKeySaysSo(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.yaml");
        Files.writeString(big, "#".repeat(70_000));
        for (ConfigException e : new ConfigException[] {
            assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: 5\n---\nmaxStep: 6\n")),
            assertThrows(ConfigException.class, () -> RuntimeConfig.parse("- maxStep")),
            assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: [1,\n")),
            assertThrows(ConfigException.class, () -> RuntimeConfig.parse("maxStep: 5\nmaxStep: 6\n")),
            assertThrows(ConfigException.class, () -> RuntimeConfig.load(big)),
            assertThrows(ConfigException.class, () -> RuntimeConfig.load(dir.resolve("nope.yaml"))),
        }) {
            assertEquals(Optional.empty(), e.key(), e.getMessage());
            assertEquals(Optional.empty(), e.value(), e.getMessage());
            assertEquals(Optional.empty(), e.allowed(), e.getMessage());
        }
    }

    private static void assertFacts(ConfigException e, String key, String value, String allowed) {
        assertEquals(Optional.of(key), e.key(), e.getMessage());
        assertEquals(Optional.of(value), e.value(), e.getMessage());
        assertEquals(Optional.of(allowed), e.allowed(), e.getMessage());
    }

    @Test
    void theBuilderStartsFromTheDefaultsAndToBuilderFromTheConfiguration() {
        assertEquals(RuntimeConfig.defaults(), RuntimeConfig.builder().build());
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 7\nllmCallDeadline: 3m\nscreenshots: {steps: 4}\n");
        assertEquals(config, config.toBuilder().build());
        RuntimeConfig changed =
                config.toBuilder().maxRound(2).noLlmCallDeadline().build();
        assertEquals(7, changed.maxStep());
        assertEquals(2, changed.maxRound());
        assertEquals(Optional.empty(), changed.llmCallDeadline());
        assertEquals(4, changed.screenshots().steps());
    }

    @Test
    void theBuilderChecksItsValuesWhenItBuilds() {
        RuntimeConfig.Builder builder = RuntimeConfig.builder().llmTimeout(Duration.ofMinutes(2));
        builder.llmCallDeadline(Duration.ofMinutes(1));
        ConfigException e = assertThrows(ConfigException.class, builder::build);
        assertTrue(
                e.getMessage().startsWith("llmCallDeadline: PT1M is shorter than llmTimeout (PT2M)"), e.getMessage());
    }
}
