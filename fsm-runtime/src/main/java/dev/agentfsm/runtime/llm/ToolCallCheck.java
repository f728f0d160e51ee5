package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.internal.ToolPatterns;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The rule of {@link ReplyGuard#checkingToolCalls}: the tool call in a reply names a tool the asking state
 * offers, its arguments are a JSON object, they name only the tool's arguments and hold every one the tool
 * requires. A tool's arguments are those of its {@link ToolSpec#inputSchema()} when it has one (its
 * {@code properties}, of which {@code required} must be there; others are refused only under
 * {@code "additionalProperties": false}), otherwise its {@link ToolSpec#parameters()} (none of them
 * required, as a client offering the tool to a provider declares them). An argument given as {@code null}
 * counts as left out: a model bound to a strict reply schema writes every field, and {@code null} for those
 * it does not use. The values themselves are the driver's to check: a value of the wrong kind is a failed
 * result the model reads.
 */
final class ToolCallCheck implements ReplyGuard.ReplyRule {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int QUOTED_CHARS = 80;

    private final JsonPointer function;
    private final JsonPointer arguments;
    private final Supplier<List<ToolSpec>> tools;

    ToolCallCheck(String action, Supplier<List<ToolSpec>> tools) {
        this.function = JsonPointer.compile(action + "/function");
        this.arguments = JsonPointer.compile(action + "/arguments");
        this.tools = tools;
    }

    @Override
    public Optional<String> problem(Status from, AgentReply reply) {
        JsonNode name = reply.json().at(function);
        if (!name.isTextual() || name.textValue().isBlank()) {
            return Optional.empty(); // no tool call: whether the status needs one is the agent's business
        }
        String called = name.textValue();
        List<ToolSpec> offered = ToolPatterns.offered(tools.get(), from);
        Optional<ToolSpec> tool =
                offered.stream().filter(t -> t.name().equals(called)).findFirst();
        if (tool.isEmpty()) {
            return Optional.of(
                    "the tool \"" + quoted(called) + "\" at " + function + " is not offered in state " + from.name()
                            + (offered.isEmpty() ? "; no tool is" : "; the tools offered are: " + names(offered)));
        }
        JsonNode args = reply.json().at(arguments);
        if (args.isMissingNode() || args.isNull()) {
            args = JSON.createObjectNode();
        }
        if (!args.isObject()) {
            return Optional.of("the arguments at " + arguments + " must be a JSON object of named arguments, not "
                    + quoted(args.toString()));
        }
        return Arguments.of(tool.get()).problem(called, args);
    }

    private static String names(List<ToolSpec> tools) {
        return String.join(", ", tools.stream().map(ToolSpec::name).toList());
    }

    private static String quoted(String text) {
        return SafeText.line(text, QUOTED_CHARS);
    }

    /**
     * The arguments a tool takes.
     *
     * @param names the arguments it names, in order
     * @param required those a call must give
     * @param open whether a call may give others too
     */
    private record Arguments(Set<String> names, List<String> required, boolean open) {

        static Arguments of(ToolSpec tool) {
            Optional<JsonNode> schema = tool.inputSchema().flatMap(Arguments::objectSchema);
            if (schema.isEmpty()) {
                return new Arguments(tool.parameters().keySet(), List.of(), false);
            }
            Set<String> names = new LinkedHashSet<>();
            schema.get().path("properties").fieldNames().forEachRemaining(names::add);
            List<String> required = new ArrayList<>();
            schema.get().path("required").forEach(member -> required.add(member.asText()));
            boolean open = !schema.get().path("additionalProperties").isBoolean()
                    || schema.get().path("additionalProperties").booleanValue();
            return new Arguments(names, required, open);
        }

        /** The schema when it is a JSON object's; a tool whose schema is not falls back to its parameters. */
        private static Optional<JsonNode> objectSchema(String text) {
            try {
                JsonNode schema = JSON.readTree(text);
                return schema != null && schema.isObject() ? Optional.of(schema) : Optional.empty();
            } catch (JsonProcessingException e) {
                return Optional.empty();
            }
        }

        Optional<String> problem(String tool, JsonNode args) {
            String takes = names.isEmpty() ? "it takes no arguments" : "its arguments are " + String.join(", ", names);
            if (!open) {
                for (Iterator<String> given = args.fieldNames(); given.hasNext(); ) {
                    String name = given.next();
                    if (!names.contains(name) && !args.get(name).isNull()) {
                        return Optional.of("the tool " + tool + " has no argument \"" + quoted(name) + "\"; " + takes);
                    }
                }
            }
            for (String name : required) {
                if (!args.hasNonNull(name)) {
                    return Optional.of("the tool " + tool + " needs the argument \"" + quoted(name) + "\"; " + takes);
                }
            }
            return Optional.empty();
        }
    }
}
