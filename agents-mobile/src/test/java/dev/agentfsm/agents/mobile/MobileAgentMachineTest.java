package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The generated MobileAgent machine is exactly issue 7's table. */
class MobileAgentMachineTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void generatedModelMatchesTheIssueTable() throws IOException {
        JsonNode generated = read("/META-INF/agentfsm/dev.agentfsm.agents.mobile.MobileAgent.yaml");
        JsonNode expected = read("/dev/agentfsm/agents/mobile/MobileAgent.expected.yaml");
        assertEquals(expected, generated);
    }

    @Test
    void tableAndStatesAgreeWithTheModel() {
        TransitionTable table = MobileAgentTransitionTable.instance();
        assertEquals("CONTINUE", table.initial());
        assertEquals(Optional.of("FAIL"), table.onError());
        assertEquals(Optional.empty(), table.fallback());
        assertEquals(List.of("CONTINUE", "FINISH", "FAIL"), table.targets("CONTINUE"));
        assertEquals(List.of("FINISH"), table.targets("FAIL"));
        assertEquals(List.of(), table.targets("FINISH"));
        assertTrue(table.endsRound("FINISH"));
        assertFalse(table.endsRound("FAIL"));
        assertTrue(table.isTerminal("FAIL"));
        MobileAgentStateManager states = MobileAgentStateManager.instance();
        assertInstanceOf(ContinueMobileAgentState.class, states.initial());
        assertInstanceOf(FailMobileAgentState.class, states.get("FAIL"));
    }

    private static JsonNode read(String resource) throws IOException {
        try (InputStream in = MobileAgentMachineTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is not on the class path");
            return YAML.readTree(in);
        }
    }
}
