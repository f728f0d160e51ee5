package dev.agentfsm.processor.write;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.TransitionModel;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the machine model, {@code META-INF/agentfsm/<qualified.Name>.yaml}, in the shape DESIGN.md
 * fixes: the machine-readable form for tools.
 */
public final class YamlWriter {

    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build());

    static {
        YAML.disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /** The model as YAML text. */
    public String write(MachineModel machine) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("machine", machine.name());
        root.put("package", machine.packageName());
        root.put("description", machine.description());
        root.put("agent", machine.ref().agentType().qualifiedName());
        root.put("initial", machine.statusOf(machine.initial()).orElseThrow());
        root.put("fallback", machine.fallback().flatMap(machine::statusOf).orElse(null));
        root.put("onError", machine.onError().flatMap(machine::statusOf).orElse(null));
        List<Object> states = new ArrayList<>();
        for (StateModel state : machine.states()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("name", state.status());
            s.put("class", state.type().qualifiedName());
            s.put("description", state.description());
            s.put("terminal", state.terminal());
            s.put("endsRound", state.endsRound());
            s.put("endsSubtask", state.endsSubtask());
            state.tools()
                    .ifPresent(tools -> s.put(
                            "tools",
                            tools.stream().map(StateModel.ToolPattern::pattern).toList()));
            state.timeout().ifPresent(timeout -> {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("after", timeout.after());
                t.put("to", timeout.target().qualifiedStatus(machine.ref()));
                s.put("timeout", t);
            });
            List<Object> transitions = new ArrayList<>();
            for (TransitionModel t : state.transitions()) {
                Map<String, Object> move = new LinkedHashMap<>();
                move.put("to", t.target().qualifiedStatus(machine.ref()));
                move.put("by", t.by().name());
                move.put("when", t.when());
                transitions.add(move);
            }
            s.put("transitions", transitions);
            states.add(s);
        }
        root.put("states", states);
        try {
            return YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
