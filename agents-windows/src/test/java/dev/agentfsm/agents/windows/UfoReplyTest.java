package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.llm.AgentReply;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UfoReplyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void readsAnAppAgentsFields() throws Exception {
        String raw = "{\"observation\":\"a table\",\"thought\":\"select it\",\"plan\":[\"copy\",\"paste\"],"
                + "\"comment\":\"ok\",\"questions\":\"which one?\","
                + "\"action\":{\"function\":\"click_input\",\"arguments\":{\"id\":3}},"
                + "\"control_reannotate\":[\"Table\"],\"save_screenshot\":{\"save\":true,\"reason\":\"the table\"},"
                + "\"result\":\"\"}";
        UfoReply reply = UfoReply.of(new AgentReply(JSON.readTree(raw), AppAgentStatus.SCREENSHOT, raw), "/action");

        assertEquals(AppAgentStatus.SCREENSHOT, reply.status());
        assertEquals("a table", reply.observation());
        assertEquals("select it", reply.thought());
        assertEquals(List.of("copy", "paste"), reply.plan());
        assertEquals(List.of("which one?"), reply.questions());
        assertEquals("ok", reply.comment());
        assertEquals(Optional.of(new Action("click_input", Map.of("id", 3))), reply.function());
        assertEquals(List.of("Table"), reply.controlReannotate());
        assertTrue(reply.saveScreenshot());
        assertEquals("the table", reply.saveScreenshotReason());
        assertEquals("", reply.currentSubtask());
    }

    @Test
    void readsTheHostsTopLevelFunctionAndLeavesMissingFieldsEmpty() throws Exception {
        String raw = "{\"observation\":\"two windows\",\"thought\":\"Word first\",\"status\":\"ASSIGN\","
                + "\"current_subtask\":\"copy the table\",\"function\":\"select_application_window\","
                + "\"arguments\":{\"id\":1}}";
        UfoReply reply = UfoReply.of(new AgentReply(JSON.readTree(raw), HostAgentStatus.ASSIGN, raw), "");

        assertEquals("copy the table", reply.currentSubtask());
        assertEquals(Optional.of(new Action("select_application_window", Map.of("id", 1))), reply.function());
        assertEquals(List.of(), reply.plan());
        assertEquals("", reply.result());
        assertFalse(reply.saveScreenshot());
        assertTrue(reply.computerAction().isMissingNode());
    }
}
