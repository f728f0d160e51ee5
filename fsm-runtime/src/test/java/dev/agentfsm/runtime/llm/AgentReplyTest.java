package dev.agentfsm.runtime.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.device.Action;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentReplyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static AgentReply reply(String json) throws Exception {
        return new AgentReply(JSON.readTree(json), "CONTINUE", json);
    }

    @Test
    void theActionAtAPointerWithItsArguments() throws Exception {
        AgentReply reply = reply("""
                {"action": {"function": " tap ", "arguments": {"y": 2, "x": 1, "keys": ["a"], "on": true}}}""");

        Action action = reply.action("/action").orElseThrow();

        assertEquals("tap", action.function());
        assertEquals(Map.of("y", 2, "x", 1, "keys", List.of("a"), "on", true), action.arguments());
    }

    @Test
    void theWholeReplyWithTheEmptyPointer() throws Exception {
        assertEquals(Optional.of(new Action("select_application_window", Map.of("id", 2))),
                reply("{\"function\": \"select_application_window\", \"arguments\": {\"id\": 2}}").action(""));
    }

    @Test
    void aNullArgumentIsLeftOut() throws Exception {
        assertEquals(Map.of("text", "hi"),
                reply("{\"function\": \"type\", \"arguments\": {\"text\": \"hi\", \"control_id\": null}}")
                        .action("").orElseThrow().arguments());
    }

    @Test
    void argumentsThatAreNoObjectCountAsNone() throws Exception {
        assertEquals(Optional.of(new Action("wait", Map.of())),
                reply("{\"function\": \"wait\", \"arguments\": [1]}").action(""));
    }

    @Test
    void noActionWithoutAFunction() throws Exception {
        assertEquals(Optional.empty(), reply("{\"action\": {\"function\": \"  \", \"arguments\": {}}}").action("/action"));
        assertEquals(Optional.empty(), reply("{\"action\": {\"function\": null}}").action("/action"));
        assertEquals(Optional.empty(), reply("{\"thought\": \"done\"}").action("/action"));
    }
}
