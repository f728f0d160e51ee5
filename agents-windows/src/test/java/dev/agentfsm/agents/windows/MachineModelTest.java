package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The generated machine models match the tables of issues 5 and 19, written by hand into the expected YAML files. */
class MachineModelTest {
    private static final YAMLMapper YAML = new YAMLMapper();

    @ParameterizedTest
    @ValueSource(strings = {"HostAgent", "AppAgent", "OperatorAgent"})
    void generatedYamlMatchesTheIssueTable(String machine) throws IOException {
        JsonNode generated = read("/META-INF/agentfsm/dev.agentfsm.agents.windows." + machine + ".yaml");
        JsonNode expected = read("/dev/agentfsm/agents/windows/" + machine + ".expected.yaml");
        // The generator lists states in the order it met them; the table is in the issue's order.
        assertEquals(statesByName(expected), statesByName(generated), machine + " states");
        ((ObjectNode) generated).remove("states");
        ((ObjectNode) expected).remove("states");
        assertEquals(expected, generated, machine + " header");
    }

    @Test
    void handOffsAndTriggersAreInTheGeneratedTables() {
        TransitionTable<HostAgentStatus> host = HostAgentTransitionTable.instance();
        TransitionTable<AppAgentStatus> app = AppAgentTransitionTable.instance();
        TransitionTable<OperatorAgentStatus> operator = OperatorAgentTransitionTable.instance();
        assertEquals(
                List.of(AppAgentStatus.CONTINUE, OperatorAgentStatus.CONTINUE), host.targets(HostAgentStatus.ASSIGN));
        assertEquals(
                List.of(HostAgentStatus.CONTINUE, OperatorAgentStatus.ALLFINISH),
                operator.targets(OperatorAgentStatus.FINISH));
        assertEquals(
                List.of(HostAgentStatus.FINISH, OperatorAgentStatus.ALLFINISH),
                operator.targets(OperatorAgentStatus.ERROR));
        assertEquals(Optional.of(OperatorAgentStatus.ERROR), operator.onError());
        assertEquals(Optional.of(Trigger.TIMEOUT), host.trigger(HostAgentStatus.PENDING, HostAgentStatus.FAIL));
        assertEquals(List.of(HostAgentStatus.CONTINUE, HostAgentStatus.FINISH), app.targets(AppAgentStatus.FINISH));
        assertEquals(List.of(HostAgentStatus.CONTINUE), app.targets(AppAgentStatus.FAIL));
        assertEquals(List.of(HostAgentStatus.FINISH), app.targets(AppAgentStatus.ERROR));
        assertEquals(List.of(AppAgentStatus.CONTINUE, AppAgentStatus.FINISH), app.targets(AppAgentStatus.CONFIRM));
    }

    private static JsonNode read(String resource) throws IOException {
        try (InputStream in = MachineModelTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is on the class path");
            return YAML.readTree(in);
        }
    }

    private static Map<String, JsonNode> statesByName(JsonNode machine) {
        Map<String, JsonNode> states = new TreeMap<>();
        machine.get("states").forEach(state -> states.put(state.get("name").asText(), state));
        return states;
    }
}
