package dev.agentfsm.agents.kit;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * An {@link LlmClient} that plays recorded replies in order, for tests and demos. A replay file is
 * YAML:
 *
 * <pre>{@code
 * replies:
 *   - |
 *     {"observation": "...", "thought": "...", "action": {"function": "execute_command",
 *      "arguments": {"command": "ls"}, "status": "CONTINUE"}, "plan": [], "result": ""}
 *   - ...
 * }</pre>
 *
 * The file holds at most {@link #MAX_BYTES} and the one key {@code replies}, a list of strings; anything else is an error naming the
 * file and the entry. Asking after the last reply is an {@link LlmException} naming the source and the
 * count. The requests it received are kept, so tests can check the prompts. One client serves one
 * session; its methods are synchronized so that a session's threads may share it.
 */
public final class ReplayLlmClient implements LlmClient {
    /**
     * The most bytes a replay file may hold: 2 MiB, refused before parsing (the YAML parser would take
     * seconds and hundreds of MiB to reach its own limit on a larger one).
     */
    public static final int MAX_BYTES = 2 << 20;

    private static final String REPLIES = "replies";
    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION));

    private final String source;
    private final List<String> replies;
    private final List<LlmRequest> requests = new ArrayList<>();
    private int next;

    private ReplayLlmClient(String source, List<String> replies) {
        this.source = source;
        this.replies = List.copyOf(replies);
    }

    /** Replays the given replies. */
    public static ReplayLlmClient of(List<String> replies) {
        return new ReplayLlmClient("(given in code)", replies);
    }

    /**
     * Reads a replay file.
     *
     * @throws IllegalArgumentException naming the file and the problem if it is malformed, or if it holds
     *     more than {@link #MAX_BYTES} (refused before it is parsed)
     */
    public static ReplayLlmClient load(Path yaml) {
        long size;
        try {
            size = Files.size(yaml);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read replay file " + yaml + ": " + e.getMessage(), e);
        }
        if (size > MAX_BYTES) {
            throw tooLarge(yaml.toString(), String.valueOf(size));
        }
        try (InputStream in = Files.newInputStream(yaml)) {
            return load(in, yaml.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read replay file " + yaml + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a replay from a stream (a class-path resource); {@code source} names it in errors. At most
     * {@link #MAX_BYTES} are read: a longer stream is refused before it is parsed.
     */
    public static ReplayLlmClient load(InputStream yaml, String source) {
        Objects.requireNonNull(yaml, "yaml");
        Objects.requireNonNull(source, "source");
        byte[] bytes;
        try {
            bytes = yaml.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read replay " + source + ": " + e.getMessage(), e);
        }
        if (bytes.length > MAX_BYTES) {
            throw tooLarge(source, "more than " + MAX_BYTES);
        }
        JsonNode root;
        try {
            root = YAML.readTree(bytes);
        } catch (IOException e) {
            throw new IllegalArgumentException("Replay " + source + " is not valid YAML: " + e.getMessage(), e);
        }
        return new ReplayLlmClient(source, readReplies(root, source));
    }

    private static IllegalArgumentException tooLarge(String source, String size) {
        return new IllegalArgumentException(
                "Replay " + source + " holds " + size + " bytes, over the cap of " + MAX_BYTES
                        + " bytes (2 MiB) a replay file may hold; it was not parsed. Split it, or shorten its replies");
    }

    private static List<String> readReplies(JsonNode root, String source) {
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new IllegalArgumentException("Replay " + source
                    + " must be a YAML mapping with the one key 'replies' (a list of strings); it is "
                    + describe(root));
        }
        for (Map.Entry<String, JsonNode> property : root.properties()) {
            String key = property.getKey();
            if (!key.equals(REPLIES)) {
                throw new IllegalArgumentException(
                        "Replay " + source + " has the unknown key '" + key + "'; the only key allowed is 'replies'");
            }
        }
        JsonNode list = root.get(REPLIES);
        if (list == null) {
            throw new IllegalArgumentException("Replay " + source + " has no 'replies' list");
        }
        if (!list.isArray()) {
            throw new IllegalArgumentException(
                    "Replay " + source + ": 'replies' must be a list of strings; it is " + describe(list));
        }
        List<String> replies = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            JsonNode entry = list.get(i);
            if (!entry.isTextual()) {
                throw new IllegalArgumentException("Replay " + source + ": reply " + (i + 1) + " of " + list.size()
                        + " is " + describe(entry) + ", not a string; write it as a block string ('- |' and the "
                        + "reply indented below it)");
            }
            replies.add(entry.textValue());
        }
        return replies;
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "empty";
        }
        if (node.isNull()) {
            return "null (an empty entry)";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isArray()) {
            return "a list";
        }
        return "the " + node.getNodeType().name().toLowerCase(Locale.ROOT) + " " + node;
    }

    @Override
    public synchronized LlmReply complete(LlmRequest request) throws LlmException {
        Objects.requireNonNull(request, "request");
        requests.add(request);
        if (next >= replies.size()) {
            throw new LlmException("Replay " + source + " has no reply left for request " + requests.size() + ": all "
                    + replies.size() + " recorded replies were played; record more replies");
        }
        return new LlmReply(replies.get(next++));
    }

    /** The requests received so far, oldest first. */
    public synchronized List<LlmRequest> requests() {
        return List.copyOf(requests);
    }

    /**
     * Passes over the next {@code count} replies without playing them: the ones a resumed journal already
     * answered from its records.
     *
     * @throws IllegalArgumentException if fewer than {@code count} replies are left, naming both
     */
    public synchronized ReplayLlmClient skip(int count) {
        if (count < 0 || count > replies.size() - next) {
            throw new IllegalArgumentException("Replay " + source + " cannot pass over " + count + " replies: "
                    + (replies.size() - next) + " are left of " + replies.size());
        }
        next += count;
        return this;
    }

    /** How many replies are left. */
    public synchronized int remaining() {
        return replies.size() - next;
    }

    @Override
    public String toString() {
        return "ReplayLlmClient[" + source + ", " + replies.size() + " replies]";
    }
}
