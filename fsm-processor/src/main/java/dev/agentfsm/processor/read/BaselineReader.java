package dev.agentfsm.processor.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.processor.model.Baseline;
import dev.agentfsm.processor.model.MachineModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a machine's committed model from the baseline directory: the file
 * {@code <package>.<Name>.yaml} that the processor writes into {@code META-INF/agentfsm/}, as a
 * repository keeps it. No file, no baseline: a new machine breaks nothing.
 */
public final class BaselineReader {

    private static final YAMLMapper YAML = new YAMLMapper();

    private final Path directory;

    /** @param directory the baseline directory; one that does not exist holds no baseline */
    public BaselineReader(Path directory) {
        this.directory = directory;
    }

    /** The baseline of {@code machine}, if the directory holds one. */
    public Optional<Baseline> read(MachineModel machine) {
        // named as the processor names the model it writes (MachineWriter.resourceName)
        String pkg = machine.packageName();
        Path file = directory.resolve((pkg.isEmpty() ? "" : pkg + ".") + machine.name() + ".yaml");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            return Optional.of(new Baseline.Unreadable(file, e.getMessage()));
        }
        if (root == null
                || !root.path("initial").isTextual()
                || !root.path("states").isArray()) {
            return Optional.of(
                    new Baseline.Unreadable(file, "it is no machine model: it has no 'initial' or no 'states' list"));
        }
        Map<String, List<Baseline.Move>> states = new LinkedHashMap<>();
        Map<String, Boolean> endsRound = new LinkedHashMap<>();
        Map<String, String> timeoutTo = new LinkedHashMap<>();
        for (JsonNode state : root.path("states")) {
            if (!state.path("name").isTextual()) {
                return Optional.of(new Baseline.Unreadable(file, "a state has no 'name'"));
            }
            List<Baseline.Move> moves = new ArrayList<>();
            for (JsonNode move : state.path("transitions")) {
                if (!move.path("to").isTextual() || !move.path("by").isTextual()) {
                    return Optional.of(new Baseline.Unreadable(
                            file, "a transition of " + state.path("name").asText() + " has no 'to' or no 'by'"));
                }
                moves.add(new Baseline.Move(
                        move.path("to").asText(), move.path("by").asText()));
            }
            states.put(state.path("name").asText(), moves);
            if (state.path("endsRound").isBoolean()) {
                endsRound.put(
                        state.path("name").asText(), state.path("endsRound").asBoolean());
            }
            if (state.path("timeout").path("to").isTextual()) {
                timeoutTo.put(
                        state.path("name").asText(),
                        state.path("timeout").path("to").asText());
            }
        }
        return Optional.of(new Baseline.Model(file, root.path("initial").asText(), states, endsRound, timeoutTo));
    }
}
