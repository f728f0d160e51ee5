package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
        MobileAgentTransitionTable table = MobileAgentTransitionTable.instance();
        assertEquals(MobileAgentStatus.CONTINUE, table.initial());
        assertEquals(Optional.of(MobileAgentStatus.FAIL), table.onError());
        assertEquals(Optional.empty(), table.fallback());
        assertEquals(
                List.of(MobileAgentStatus.CONTINUE, MobileAgentStatus.FINISH, MobileAgentStatus.FAIL),
                table.targets(MobileAgentStatus.CONTINUE));
        assertEquals(List.of(MobileAgentStatus.FINISH), table.targets(MobileAgentStatus.FAIL));
        assertEquals(List.of(), table.targets(MobileAgentStatus.FINISH));
        assertTrue(MobileAgentStatus.FINISH.endsRound());
        assertFalse(MobileAgentStatus.FAIL.endsRound());
        assertTrue(MobileAgentStatus.FAIL.isTerminal());
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
