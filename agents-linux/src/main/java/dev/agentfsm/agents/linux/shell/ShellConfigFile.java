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
 * allow: [journalctl]                     # added to UFO's read-only list
 * allowUnsafe: [sed]                      # added although they run code or write files
 * searchPath: [/usr/bin, /bin, /opt/bin]  # default: /usr/bin, /bin
 * outputCapBytes: 65536                   # default: 64 KiB, at most 1 MiB
 * limits:                                 # each defaults to ShellLimits.DEFAULTS
 *   addressSpaceMiB: 1024
 *   cpuSeconds: 60
 *   fileSizeMiB: 256
 *   processes: 64
 *   tempSpaceMiB: 512
 * }</pre>
 */
final class ShellConfigFile {
    private static final Set<String> KEYS =
            new TreeSet<>(Set.of("root", "allow", "allowUnsafe", "searchPath", "outputCapBytes", "limits"));
    private static final Set<String> LIMIT_KEYS =
            new TreeSet<>(Set.of("addressSpaceMiB", "cpuSeconds", "fileSizeMiB", "processes", "tempSpaceMiB"));
    private static final YAMLMapper YAML = new YAMLMapper();

    private ShellConfigFile() {}

    static ShellConfig load(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            return read(
                    root == null ? YAML.createObjectNode() : root,
                    file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read the shell configuration " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static ShellConfig read(JsonNode root, Path base) {
        if (root.isMissingNode() || root.isNull()) {
            return ShellConfig.of(base);
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException(
                    "the shell configuration must be a mapping with the keys " + String.join(", ", KEYS));
        }
        checkKeys(root, KEYS, "");
        Path dir = root.has("root") ? base.resolve(path(root.get("root"))) : base;
        ShellConfig config = ShellConfig.of(dir);
        if (root.has("searchPath")) {
            config = config.withSearchPath(strings("searchPath", root.get("searchPath")).stream()
                    .map(Path::of)
                    .toList());
        }
        if (root.has("allowUnsafe")) {
            config = config.withUnsafeAllowed(
                    strings("allowUnsafe", root.get("allowUnsafe")).toArray(String[]::new));
        }
        if (root.has("allow")) {
            config = config.withAllowed(strings("allow", root.get("allow")).toArray(String[]::new));
        }
        if (root.has("outputCapBytes")) {
            config = config.withOutputCap(whole("outputCapBytes", root.get("outputCapBytes"), "bytes"));
        }
        if (root.has("limits")) {
            config = config.withLimits(limits(root.get("limits")));
        }
        return config;
    }

    private static ShellLimits limits(JsonNode limits) {
        if (!limits.isObject()) {
            throw new IllegalArgumentException(
                    "limits must be a mapping with the keys " + String.join(", ", LIMIT_KEYS) + ", got " + limits);
        }
        checkKeys(limits, LIMIT_KEYS, "limits.");
        ShellLimits defaults = ShellLimits.DEFAULTS;
        return new ShellLimits(
                limit(limits, "addressSpaceMiB", "MiB", defaults.addressSpaceMiB()),
                limit(limits, "cpuSeconds", "seconds", defaults.cpuSeconds()),
                limit(limits, "fileSizeMiB", "MiB", defaults.fileSizeMiB()),
                limit(limits, "processes", "processes", defaults.processes()),
                limit(limits, "tempSpaceMiB", "MiB", defaults.tempSpaceMiB()));
    }

    /** The limit {@code key} of {@code limits}, a whole number of {@code unit}; {@code otherwise} if it is not set. */
    private static int limit(JsonNode limits, String key, String unit, int otherwise) {
        return limits.has(key) ? whole("limits." + key, limits.get(key), unit) : otherwise;
    }

    private static void checkKeys(JsonNode mapping, Set<String> keys, String prefix) {
        for (Map.Entry<String, JsonNode> entry : mapping.properties()) {
            if (!keys.contains(entry.getKey())) {
                throw new IllegalArgumentException("unknown key '" + prefix + entry.getKey() + "'; the keys"
                        + (prefix.isEmpty() ? "" : " of " + prefix.substring(0, prefix.length() - 1)) + " are "
                        + String.join(", ", keys));
            }
        }
    }

    private static int whole(String key, JsonNode value, String unit) {
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new IllegalArgumentException(key + " must be a whole number of " + unit + ", got " + value);
        }
        return value.intValue();
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
