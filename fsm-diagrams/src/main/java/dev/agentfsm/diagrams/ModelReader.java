package dev.agentfsm.diagrams;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads a machine model into a {@link Machine}. It works on SnakeYAML's node tree, which keeps the
 * line of every value, so that each problem names its line. Keys it does not know are ignored: a
 * newer processor may add some.
 */
final class ModelReader {

    /** {@code HostAgent.CONTINUE}: a hand-off names the other machine (UpperCamel) and its state. */
    private static final Pattern HAND_OFF = Pattern.compile("([A-Za-z_$][A-Za-z0-9_$]*)\\.([A-Z][A-Z0-9_]*)");

    private final Path file;

    private ModelReader(Path file) {
        this.file = file;
    }

    /** The machine that {@code text}, the content of {@code file}, describes. */
    static Machine parse(Path file, String text) throws ModelException {
        return new ModelReader(file).parse(text);
    }

    private Machine parse(String text) throws ModelException {
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            // SnakeYAML stops at 3 MB to bound what a stream makes it read; the text is in memory already,
            // and a machine of some thousands of described states writes more than that
            options.setCodePointLimit(Integer.MAX_VALUE);
            root = new Yaml(options).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 1;
            throw new ModelException(file, line, "not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new ModelException(file, 1, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new ModelException(file, 1, "the file is empty; a model starts with 'machine: <Name>'");
        }
        Map<String, Node> machine = mapping(root, "the model");
        String name = string(machine, root, "machine");
        String packageName = optionalString(machine, "package").orElse("");
        String description = optionalString(machine, "description").orElse("");
        Node statesNode = required(machine, root, "states");
        List<Node> stateNodes = sequence(statesNode, "'states'");
        if (stateNodes.isEmpty()) {
            throw error(statesNode, "'states' is empty; a machine has at least one state");
        }
        List<Machine.State> states = new ArrayList<>();
        Map<String, Node> declared = new LinkedHashMap<>();
        for (Node stateNode : stateNodes) {
            Machine.State state = state(stateNode);
            if (declared.put(state.name(), stateNode) != null) {
                throw error(stateNode, "the state " + state.name() + " is declared twice");
            }
            states.add(state);
        }
        Set<String> names = declared.keySet();
        String initial = stateName(machine, "initial", names)
                .orElseThrow(() -> error(root, "'initial' is missing; it names the state a round starts in"));
        Optional<String> fallback = stateName(machine, "fallback", names);
        Optional<String> onError = stateName(machine, "onError", names);
        for (Node stateNode : stateNodes) {
            checkTargets(mapping(stateNode, "a state"), names);
        }
        return new Machine(name, packageName, description, initial, fallback, onError, states);
    }

    private Machine.State state(Node node) throws ModelException {
        Map<String, Node> state = mapping(node, "a state");
        String name = string(state, node, "name");
        List<Machine.Move> moves = new ArrayList<>();
        Set<String> targets = new HashSet<>();
        Node transitions = state.get("transitions");
        if (transitions != null && !isNull(transitions)) {
            for (Node moveNode : sequence(transitions, "'transitions' of " + name)) {
                Map<String, Node> move = mapping(moveNode, "a transition of " + name);
                Node toNode = required(move, moveNode, "to");
                Machine.Target to = target(toNode);
                if (!targets.add(to.label())) {
                    throw error(toNode, name + " declares the move to " + to.label() + " twice");
                }
                moves.add(new Machine.Move(
                        to,
                        string(move, moveNode, "by"),
                        optionalString(move, "when").orElse("")));
            }
        }
        return new Machine.State(
                name,
                optionalString(state, "description").orElse(""),
                bool(state, "terminal"),
                bool(state, "endsRound"),
                bool(state, "endsSubtask"),
                moves);
    }

    private Machine.Target target(Node node) throws ModelException {
        String to = scalar(node, "'to'");
        var handOff = HAND_OFF.matcher(to);
        if (handOff.matches()) {
            return new Machine.Target(Optional.of(handOff.group(1)), handOff.group(2));
        }
        return new Machine.Target(Optional.empty(), to);
    }

    /** A move within the machine must name one of its states. */
    private void checkTargets(Map<String, Node> state, Set<String> names) throws ModelException {
        Node transitions = state.get("transitions");
        if (transitions == null || isNull(transitions)) {
            return;
        }
        for (Node moveNode : sequence(transitions, "'transitions'")) {
            Node toNode = mapping(moveNode, "a transition").get("to");
            Machine.Target to = target(toNode);
            if (!to.isHandOff() && !names.contains(to.status())) {
                throw error(
                        toNode,
                        "'to: " + to.status() + "' names no state of this machine; its states are "
                                + String.join(", ", names));
            }
        }
    }

    private Optional<String> stateName(Map<String, Node> machine, String key, Set<String> names) throws ModelException {
        Optional<String> value = optionalString(machine, key);
        if (value.isPresent() && !names.contains(value.get())) {
            throw error(
                    machine.get(key),
                    "'" + key + ": " + value.get() + "' names no state of this machine; its states are "
                            + String.join(", ", names));
        }
        return value;
    }

    private Map<String, Node> mapping(Node node, String what) throws ModelException {
        if (!(node instanceof MappingNode mapping)) {
            throw error(node, what + " must be a mapping of keys to values");
        }
        Map<String, Node> values = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            values.put(scalar(tuple.getKeyNode(), "a key"), tuple.getValueNode());
        }
        return values;
    }

    private List<Node> sequence(Node node, String what) throws ModelException {
        if (!(node instanceof SequenceNode sequence)) {
            throw error(node, what + " must be a list");
        }
        return sequence.getValue();
    }

    private String scalar(Node node, String what) throws ModelException {
        if (!(node instanceof ScalarNode scalar) || isNull(node)) {
            throw error(node, what + " must be a text");
        }
        return scalar.getValue();
    }

    private Node required(Map<String, Node> mapping, Node owner, String key) throws ModelException {
        Node value = mapping.get(key);
        if (value == null || isNull(value)) {
            throw error(owner, "'" + key + "' is missing");
        }
        return value;
    }

    private String string(Map<String, Node> mapping, Node owner, String key) throws ModelException {
        String value = scalar(required(mapping, owner, key), "'" + key + "'");
        if (value.isBlank()) {
            throw error(mapping.get(key), "'" + key + "' is empty");
        }
        return value;
    }

    private Optional<String> optionalString(Map<String, Node> mapping, String key) throws ModelException {
        Node value = mapping.get(key);
        if (value == null || isNull(value)) {
            return Optional.empty();
        }
        return Optional.of(scalar(value, "'" + key + "'"));
    }

    private boolean bool(Map<String, Node> mapping, String key) throws ModelException {
        Optional<String> value = optionalString(mapping, key);
        if (value.isEmpty()) {
            return false;
        }
        return switch (value.get()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(mapping.get(key), "'" + key + "' must be true or false, not '" + value.get() + "'");
        };
    }

    private static boolean isNull(Node node) {
        return node instanceof ScalarNode && Tag.NULL.equals(node.getTag());
    }

    private ModelException error(Node node, String problem) {
        return new ModelException(file, node.getStartMark().getLine() + 1, problem);
    }
}
