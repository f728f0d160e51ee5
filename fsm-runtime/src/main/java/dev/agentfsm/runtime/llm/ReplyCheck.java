package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.internal.SafeText;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Judges one reply of the model for {@link ReplyGuard}: parses it, finds and normalizes its status, and
 * says what is wrong in words the model can act on. What a problem quotes of the reply is cut and
 * escaped ({@link SafeText#line}): it goes into the log, the exception and the next prompt.
 */
final class ReplyCheck {
    /** The most of a reply's own text (a status, a parser's message) a problem quotes. */
    private static final int QUOTED_CHARS = 200;

    /** A whole reply inside one Markdown code fence, optionally tagged json. */
    private static final Pattern FENCED =
            Pattern.compile("\\A```(?:[jJ][sS][oO][nN])?[ \\t]*\\R(.*?)\\R?```\\z", Pattern.DOTALL);

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** What the check found. */
    sealed interface Judgement permits Accepted, Rejected {}

    /** The reply is usable. */
    record Accepted(AgentReply reply) implements Judgement {}

    /**
     * The reply is not usable.
     *
     * @param status its normalized status, empty when it had none
     * @param problem what is wrong, as a sentence fragment addressed to the model
     */
    record Rejected(Outcome outcome, String status, String problem) implements Judgement {}

    private final JsonPointer pointer;
    private final Status from;
    private final StateCards cards;
    private final List<Status> offered;
    private final boolean lists;

    ReplyCheck(JsonPointer pointer, Status from, StateCards cards, boolean lists) {
        this.lists = lists;
        this.pointer = pointer;
        this.from = from;
        this.cards = cards;
        this.offered = cards.statuses();
    }

    /** The instruction appended to the prompt: the statuses offered, each with its card when the machine says more. */
    String instruction() {
        return "Reply with one JSON object and nothing else. The current state is " + from.name() + "; the status at "
                + pointer + " must be one of" + cards.choices();
    }

    /** The user message that answers a rejected reply; it quotes the cards again. */
    String correction(Rejected rejected) {
        return "Your reply was rejected: " + rejected.problem() + ". Reply again with one JSON object and nothing"
                + " else; the status at " + pointer + " must be one of" + cards.choices();
    }

    Judgement check(String raw) {
        JsonNode json;
        try {
            json = JSON.readTree(unfenced(raw.strip()));
        } catch (JsonProcessingException e) {
            return malformed("it is not valid JSON (" + quoted(e.getOriginalMessage()) + ")");
        }
        if (json == null || json.isMissingNode()) {
            return malformed("it is empty");
        }
        if (!json.isObject()) {
            return malformed(
                    "it is a JSON " + json.getNodeType().name().toLowerCase(Locale.ROOT) + ", not a JSON object");
        }
        JsonNode found = lists ? at(json, pointer) : json.at(pointer);
        if (found.isMissingNode() || found.isNull()) {
            return malformed("it has no status at " + pointer);
        }
        if (!found.isTextual()) {
            return malformed("the status at " + pointer + " is " + quoted(found.toString()) + ", not a string");
        }
        String status = found.textValue().strip().toUpperCase(Locale.ROOT);
        if (status.isEmpty()) {
            return malformed("the status at " + pointer + " is empty");
        }
        String machine = from.machine().name();
        Optional<? extends Status> parsed = from.machine().table().parse(status);
        if (parsed.isEmpty()) {
            return new Rejected(
                    Outcome.UNKNOWN_STATUS, status, "\"" + quoted(status) + "\" is not a status of " + machine);
        }
        if (!offered.contains(parsed.get())) {
            return new Rejected(
                    Outcome.ILLEGAL_TRANSITION,
                    status,
                    machine + " cannot move from " + from.name() + " to \"" + quoted(status)
                            + "\" by the model's choice");
        }
        writeBack(json, status);
        return new Accepted(new AgentReply(json, parsed.get(), raw));
    }

    /** The statuses' names, comma-separated, as the model is to write them. */
    static String names(List<Status> statuses) {
        return String.join(", ", statuses.stream().map(Status::name).toList());
    }

    private static String quoted(String text) {
        return SafeText.line(text, QUOTED_CHARS);
    }

    private static Rejected malformed(String problem) {
        return new Rejected(Outcome.ERROR, "", problem);
    }

    private static String unfenced(String text) {
        Matcher fenced = FENCED.matcher(text);
        return fenced.matches() ? fenced.group(1) : text;
    }

    /**
     * The node at {@code pointer}, where a member name met on an array applies to the array's last element: a
     * reply may carry a list of actions where one is expected (UFO's AppAgent reply), and the list's status is
     * that of its last action, the one the agent moves by once the others have run.
     */
    static JsonNode at(JsonNode json, JsonPointer pointer) {
        JsonNode node = json;
        for (JsonPointer segment = pointer; !segment.matches(); segment = segment.tail()) {
            if (node.isArray() && segment.mayMatchElement()) {
                node = node.path(segment.getMatchingIndex());
                continue;
            }
            if (node.isArray() && !node.isEmpty()) {
                node = node.get(node.size() - 1);
            }
            node = node.path(segment.getMatchingProperty());
        }
        return node;
    }

    /** Puts the normalized status where the model wrote it, so the JSON and the status agree. */
    private void writeBack(JsonNode json, String status) {
        JsonNode parent = lists ? at(json, pointer.head()) : json.at(pointer.head());
        JsonPointer last = pointer.last();
        if (lists && parent instanceof ArrayNode array && !last.mayMatchElement()) {
            parent = array.get(array.size() - 1); // a list of actions: the status is its last action's
        }
        if (parent instanceof ObjectNode object) {
            object.put(last.getMatchingProperty(), status);
        } else if (parent instanceof ArrayNode array) {
            array.set(last.getMatchingIndex(), array.textNode(status));
        }
    }
}
