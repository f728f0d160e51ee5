package dev.agentfsm.runtime;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.runtime.ConfigValues.Setting;
import dev.agentfsm.runtime.RuntimeConfig.ConfigException;
import dev.agentfsm.runtime.RuntimeConfig.LlmEndpoint;
import dev.agentfsm.runtime.RuntimeConfig.ScreenshotMemory;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads a {@link RuntimeConfig} from YAML with Jackson, strictly: unknown keys, duplicate keys, nulls
 * and values of the wrong type are errors naming the key, the value and what is allowed; Jackson
 * coerces nothing (no {@code "5"} for 5, no 1.5 for an int). The text is one YAML document of at most
 * {@link #MAX_BYTES} bytes: a configuration is a few lines, and a larger one costs time and memory to
 * parse for nothing (megabytes of comments take seconds).
 */
final class ConfigReader {
    /** The largest configuration read, in bytes of UTF-8. */
    static final int MAX_BYTES = 64 * 1024;

    /** Configured once, then only read (Jackson mappers are thread-safe after configuration). */
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** What each key allows, for error messages. */
    private static final Map<String, String> ALLOWED = Map.ofEntries(
            Map.entry("maxStep", ConfigValues.atLeast(1)),
            Map.entry("maxRound", ConfigValues.atLeast(1)),
            Map.entry("jsonParsingRetry", ConfigValues.atLeast(0)),
            Map.entry("safeGuard", ConfigValues.BOOLEAN),
            Map.entry("askQuestion", ConfigValues.BOOLEAN),
            Map.entry("llmTimeout", ConfigValues.DURATION),
            Map.entry("llmCallDeadline", ConfigValues.DURATION),
            Map.entry("userTimeout", ConfigValues.DURATION),
            Map.entry("actionTimeout", ConfigValues.DURATION),
            Map.entry("llm", "a mapping with baseUrl, model and optionally apiKeyEnv"),
            Map.entry("llm.baseUrl", ConfigValues.HTTP_URL),
            Map.entry("llm.model", ConfigValues.MODEL),
            Map.entry("llm.apiKeyEnv", ConfigValues.ENV_NAME),
            Map.entry("maxReannotate", ConfigValues.range(RuntimeConfig.MIN_REANNOTATE, RuntimeConfig.MAX_REANNOTATE)),
            Map.entry("screenshots", "a mapping with steps, maxBytes and dir, each optional"),
            Map.entry("screenshots.steps", ConfigValues.range(ScreenshotMemory.MIN_STEPS, ScreenshotMemory.MAX_STEPS)),
            Map.entry(
                    "screenshots.maxBytes",
                    ConfigValues.bytesRange(ScreenshotMemory.MIN_BYTES, ScreenshotMemory.MAX_BYTES)),
            Map.entry("screenshots.dir", ConfigValues.PATH));

    /** The file's shape: every key optional, so that what it leaves out keeps its default. */
    record ConfigFile(
            Integer maxStep,
            Integer maxRound,
            Boolean safeGuard,
            Boolean askQuestion,
            Integer jsonParsingRetry,
            String llmTimeout,
            String llmCallDeadline,
            String userTimeout,
            String actionTimeout,
            LlmSection llm,
            Integer maxReannotate,
            ScreenshotsSection screenshots) {}

    /** The {@code llm} section. */
    record LlmSection(String baseUrl, String model, String apiKeyEnv) {}

    /** The {@code screenshots} section; {@code maxBytes} is a number or a size such as {@code 64MiB}. */
    record ScreenshotsSection(Integer steps, JsonNode maxBytes, String dir) {}

    private ConfigReader() {}

    static RuntimeConfig read(String yaml, String source) {
        long bytes = utf8Length(yaml);
        if (bytes > MAX_BYTES) {
            throw tooLarge(bytes, source);
        }
        try {
            return bind(yaml);
        } catch (ConfigException e) {
            throw e.withMessage("invalid agent-fsm configuration (" + source + "): " + e.getMessage());
        }
    }

    /** The error for a configuration over {@link #MAX_BYTES}; {@code bytes} is its size, or negative when unknown. */
    static ConfigException tooLarge(long bytes, String source) {
        return new ConfigException("invalid agent-fsm configuration (" + source + "): it is "
                + (bytes >= 0 ? bytes + " bytes" : "more than " + MAX_BYTES + " bytes") + ", over the cap of "
                + MAX_BYTES + " bytes (64 KiB); a configuration is a few lines: keep only the keys it sets");
    }

    private static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private static RuntimeConfig bind(String yaml) {
        JsonNode tree;
        try (JsonParser parser = YAML.createParser(yaml)) {
            tree = YAML.readTree(parser);
            JsonToken next = parser.nextToken();
            if (next != null) {
                // a second document ('---' and more) would otherwise be ignored without a word
                throw new ConfigException("the text holds more than one YAML document (the second starts at line "
                        + parser.currentTokenLocation().getLineNr() + "); put every key in one document, without"
                        + " a '---' line after the first key");
            }
        } catch (JsonProcessingException e) {
            throw new ConfigException(
                    "not valid YAML: " + e.getOriginalMessage()
                            + (e.getLocation() != null
                                    ? " at line " + e.getLocation().getLineNr() + ", column "
                                            + e.getLocation().getColumnNr()
                                    : ""),
                    e);
        } catch (IOException e) {
            throw new ConfigException("cannot read the configuration: " + e.getMessage(), e);
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            return RuntimeConfig.defaults();
        }
        if (!tree.isObject()) {
            throw new ConfigException("the configuration must be a mapping of keys to values, such as "
                    + "'maxStep: 50'; got " + tree.getNodeType().toString().toLowerCase(Locale.ROOT));
        }
        refuseNulls(tree, "");
        ConfigFile file;
        try {
            file = YAML.treeToValue(tree, ConfigFile.class);
        } catch (UnrecognizedPropertyException e) {
            String key = path(e);
            String valid = e.getKnownPropertyIds().stream()
                    .map(String::valueOf)
                    .collect(Collectors.toCollection(TreeSet::new))
                    .stream()
                    .collect(Collectors.joining(", "));
            String section = key.contains(".") ? "of '" + key.substring(0, key.lastIndexOf('.')) + "'" : "";
            throw new ConfigException(
                    key,
                    null,
                    "one of the keys " + (section.isEmpty() ? "" : section + ": ") + valid,
                    "unknown key '" + key + "'; valid keys "
                            + (section.isEmpty() ? "" : section + " ") + "are: "
                            + valid,
                    e);
        } catch (JsonMappingException e) {
            String key = path(e);
            JsonNode value = tree.at(JsonPointer.compile("/" + key.replace(".", "/")));
            throw ConfigValues.bad(Setting.of(key), shown(value), ALLOWED.getOrDefault(key, "a valid value"));
        } catch (JsonProcessingException e) {
            throw new ConfigException("cannot read the configuration: " + e.getOriginalMessage(), e);
        }
        return toConfig(file);
    }

    private static RuntimeConfig toConfig(ConfigFile file) {
        RuntimeConfig defaults = RuntimeConfig.defaults();
        return new RuntimeConfig(
                or(file.maxStep(), defaults.maxStep()),
                or(file.maxRound(), defaults.maxRound()),
                or(file.safeGuard(), defaults.safeGuard()),
                or(file.askQuestion(), defaults.askQuestion()),
                or(file.jsonParsingRetry(), defaults.jsonParsingRetry()),
                duration("llmTimeout", file.llmTimeout(), defaults.llmTimeout()),
                Optional.ofNullable(file.llmCallDeadline())
                        .map(text -> ConfigValues.duration(Setting.of("llmCallDeadline"), text)),
                duration("userTimeout", file.userTimeout(), defaults.userTimeout()),
                duration("actionTimeout", file.actionTimeout(), defaults.actionTimeout()),
                Optional.ofNullable(file.llm()).map(ConfigReader::endpoint),
                or(file.maxReannotate(), defaults.maxReannotate()),
                Optional.ofNullable(file.screenshots())
                        .map(ConfigReader::screenshots)
                        .orElse(defaults.screenshots()));
    }

    private static ScreenshotMemory screenshots(ScreenshotsSection section) {
        ScreenshotMemory defaults = ScreenshotMemory.defaults();
        long maxBytes = defaults.maxBytes();
        JsonNode bytes = section.maxBytes();
        if (bytes != null) {
            if (bytes.isIntegralNumber() && bytes.canConvertToLong()) {
                maxBytes = bytes.longValue();
            } else if (bytes.isTextual()) {
                maxBytes = ConfigValues.bytes(
                        Setting.of("screenshots.maxBytes"),
                        bytes.textValue(),
                        ScreenshotMemory.MIN_BYTES,
                        ScreenshotMemory.MAX_BYTES);
            } else {
                throw ConfigValues.bad(
                        Setting.of("screenshots.maxBytes"),
                        shown(bytes),
                        ConfigValues.bytesRange(ScreenshotMemory.MIN_BYTES, ScreenshotMemory.MAX_BYTES));
            }
        }
        return new ScreenshotMemory(
                or(section.steps(), defaults.steps()),
                maxBytes,
                Optional.ofNullable(section.dir()).map(dir -> ConfigValues.path(Setting.of("screenshots.dir"), dir)));
    }

    private static LlmEndpoint endpoint(LlmSection llm) {
        if (llm.baseUrl() == null || llm.model() == null) {
            String missing = llm.baseUrl() == null ? "llm.baseUrl" : "llm.model";
            throw new ConfigException(
                    missing,
                    null,
                    ALLOWED.get(missing),
                    "llm: needs both baseUrl and model (and optionally apiKeyEnv); got "
                            + (llm.baseUrl() == null ? "no baseUrl" : "no model"));
        }
        return new LlmEndpoint(llm.baseUrl(), llm.model(), Optional.ofNullable(llm.apiKeyEnv()));
    }

    /** A key written with no value would silently mean "the default" if bound; refuse it instead. */
    private static void refuseNulls(JsonNode node, String prefix) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String key = prefix + field.getKey();
            if (field.getValue().isNull()) {
                throw ConfigValues.bad(
                        Setting.of(key),
                        null,
                        ALLOWED.getOrDefault(key, "a value") + " (leave the key out " + "to keep its default)");
            }
            if (field.getValue().isObject() && prefix.isEmpty()) {
                refuseNulls(field.getValue(), key + ".");
            }
        }
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(reference ->
                        reference.getFieldName() != null ? reference.getFieldName() : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining("."));
    }

    /** Text is shown quoted, anything else (numbers, booleans, lists) as YAML would read it back. */
    private static Object shown(JsonNode value) {
        return value.isTextual() ? value.textValue() : value;
    }

    private static <T> T or(T value, T otherwise) {
        return value != null ? value : otherwise;
    }

    private static Duration duration(String key, String text, Duration otherwise) {
        return text == null ? otherwise : ConfigValues.duration(Setting.of(key), text);
    }
}
