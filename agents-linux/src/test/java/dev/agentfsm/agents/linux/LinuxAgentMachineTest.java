package dev.agentfsm.agents.linux;

import static dev.agentfsm.agents.linux.LinuxAgentStatus.CONTINUE;
import static dev.agentfsm.agents.linux.LinuxAgentStatus.FAIL;
import static dev.agentfsm.agents.linux.LinuxAgentStatus.FINISH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinuxAgentMachineTest {

    private static JsonNode yaml(String resource) throws IOException {
        try (InputStream in = LinuxAgentMachineTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is not on the class path");
            return new YAMLMapper().readTree(in);
        }
    }

    @Test
    void generatedModelIsTheIssueTable() throws IOException {
        assertEquals(
                yaml("dev/agentfsm/agents/linux/LinuxAgent.expected.yaml"),
                yaml("META-INF/agentfsm/dev.agentfsm.agents.linux.LinuxAgent.yaml"));
    }

    @Test
    void tableAllowsExactlyTheDeclaredMoves() {
        TransitionTable<LinuxAgentStatus> table = LinuxAgentTransitionTable.instance();
        assertEquals(CONTINUE, table.initial());
        assertEquals(List.of(CONTINUE, FINISH, FAIL), table.statuses());
        assertEquals(List.of(CONTINUE, FINISH, FAIL), table.targets(CONTINUE));
        assertEquals(List.of(CONTINUE, FINISH, FAIL), CONTINUE.llmTargets());
        assertEquals(List.of(FINISH), table.targets(FAIL));
        assertEquals(List.of(), table.targets(FINISH));
        assertEquals(Trigger.SYSTEM, table.trigger(FAIL, FINISH).orElseThrow());
        assertEquals(List.of(), FAIL.llmTargets(), "FAIL's clean-up is the runtime's move, not the LLM's");
        assertFalse(table.allows(FINISH, CONTINUE));
        assertFalse(table.allows(FAIL, CONTINUE));
        assertEquals(FAIL, table.onError().orElseThrow());
        assertTrue(FINISH.endsRound());
        assertFalse(FAIL.endsRound());
        assertTrue(FAIL.isTerminal());
    }

    @Test
    void machineIsRegisteredForDiscovery() {
        List<String> machines = StateManager.discover(getClass().getClassLoader()).stream()
                .map(StateManager::name)
                .toList();
        assertTrue(machines.contains("LinuxAgent"), machines.toString());
    }
}
