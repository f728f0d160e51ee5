package dev.agentfsm.agents.linux.shell;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a {@link ShellConfig} from YAML, strictly: an unknown key or a value of the wrong kind is an
 * error naming the file, the key and what is expected.
 *
 * <pre>{@code
 * root: /srv/app                          # default: the file's directory; relative to it
 * allow: [journalctl, env]                # added to UFO's read-only list
 * searchPath: [/usr/bin, /bin, /opt/bin]  # default: /usr/bin, /bin
 * outputCapBytes: 65536                   # default: 64 KiB
 * }</pre>
 */
final class ShellConfigFile {
    private static final Set<String> KEYS = new TreeSet<>(Set.of("root", "allow", "searchPath", "outputCapBytes"));
    private static final YAMLMapper YAML = new YAMLMapper();

    private ShellConfigFile() {}

    static ShellConfig load(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            return read(root == null ? YAML.createObjectNode() : root, file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the shell configuration " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static ShellConfig read(JsonNode root, Path base) {
        if (root.isMissingNode() || root.isNull()) {
            return ShellConfig.of(base);
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException("the shell configuration must be a mapping with the keys " + String.join(", ", KEYS));
        }
        for (Map.Entry<String, JsonNode> entry : root.properties()) {
            if (!KEYS.contains(entry.getKey())) {
                throw new IllegalArgumentException("unknown key '" + entry.getKey() + "'; the keys are " + String.join(", ", KEYS));
            }
        }
        Path dir = root.has("root") ? base.resolve(path(root.get("root"))) : base;
        ShellConfig config = ShellConfig.of(dir);
        if (root.has("searchPath")) {
            config = new ShellConfig(dir, config.allowedCommands(),
                    strings("searchPath", root.get("searchPath")).stream().map(Path::of).toList(), config.outputCapBytes());
        }
        if (root.has("allow")) {
            config = config.withAllowed(strings("allow", root.get("allow")).toArray(String[]::new));
        }
        if (root.has("outputCapBytes")) {
            JsonNode cap = root.get("outputCapBytes");
            if (!cap.isIntegralNumber() || !cap.canConvertToInt()) {
                throw new IllegalArgumentException("outputCapBytes must be a whole number of bytes, got " + cap);
            }
            config = config.withOutputCap(cap.intValue());
        }
        return config;
    }

    private static String path(JsonNode value) {
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("root must be a directory, got " + value);
        }
        return value.asText();
    }

    private static List<String> strings(String key, JsonNode value) {
        if (!value.isArray()) {
            throw new IllegalArgumentException(key + " must be a list, got " + value);
        }
        List<String> strings = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new IllegalArgumentException("every entry of " + key + " must be text, got " + item);
            }
            strings.add(item.asText());
        }
        return strings;
    }
}
