package dev.agentfsm.runtime.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.device.Action;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentReplyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static AgentReply reply(String json) throws Exception {
        JsonNode node = JSON.readTree(json);
        return new AgentReply(node, AppStatus.CONTINUE, json);
    }

    @Test
    void theActionAtThePointerHasItsArgumentsAsJavaValues() throws Exception {
        AgentReply reply = reply(
                """
                {"action": {"function": " click ", "arguments": {"id": 3, "x": 1.5, "double": true, "text": "hi",
                 "keys": ["ctrl", "s"], "at": {"row": 1}, "absent": null}, "status": "CONTINUE"}}""");

        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("id", 3);
        arguments.put("x", 1.5);
        arguments.put("double", true);
        arguments.put("text", "hi");
        arguments.put("keys", "[\"ctrl\",\"s\"]");
        arguments.put("at", "{\"row\":1}");
        assertEquals(Optional.of(new Action("click", arguments)), reply.action("/action"));
    }

    @Test
    void textIsAStringAsItIsAnotherValueAsJsonAndNothingAsEmptyText() throws Exception {
        AgentReply reply = reply(
                """
                {"thought": "look", "n": 3, "at": {"row": 1}, "none": null,
                 "save_screenshot": {"reason": "the chart"}, "status": "CONTINUE"}""");

        assertEquals("look", reply.text("/thought"));
        assertEquals("3", reply.text("/n"));
        assertEquals("{\"row\":1}", reply.text("/at"));
        assertEquals("", reply.text("/none"));
        assertEquals("", reply.text("/missing"));
        assertEquals("the chart", reply.text("/save_screenshot/reason"));
    }

    @Test
    void textsAreAListAndASingleValueIsAListOfOne() throws Exception {
        AgentReply reply = reply(
                """
                {"plan": ["open", 2, {"a": 1}], "one": "only", "blank": " ", "none": null, "status": "CONTINUE"}""");

        assertEquals(List.of("open", "2", "{\"a\":1}"), reply.texts("/plan"));
        assertEquals(List.of("only"), reply.texts("/one"));
        assertEquals(List.of(), reply.texts("/blank"));
        assertEquals(List.of(), reply.texts("/none"));
        assertEquals(List.of(), reply.texts("/missing"));
    }

    @Test
    void topLevelMembersAreTheActionOfTheEmptyPointer() throws Exception {
        AgentReply reply =
                reply("{\"function\": \"select_window\", \"arguments\": {\"id\": \"2\"}, \"status\": \"CONTINUE\"}");

        assertEquals(Optional.of(new Action("select_window", Map.of("id", "2"))), reply.action(""));
    }

    @Test
    void noFunctionIsNoActionAndArgumentsThatAreNoObjectAreNone() throws Exception {
        assertEquals(
                Optional.empty(),
                reply("{\"action\": {\"function\": \" \", \"status\": \"FINISH\"}}")
                        .action("/action"));
        assertEquals(Optional.empty(), reply("{\"status\": \"FINISH\"}").action("/action"));
        assertEquals(
                Optional.of(new Action("ls", Map.of())),
                reply("{\"action\": {\"function\": \"ls\", \"arguments\": \"-l\"}}")
                        .action("/action"));
        assertEquals(
                Optional.empty(), reply("{\"action\": {\"function\": null}}").action("/action"));
        assertEquals(
                Optional.of(new Action("wait", Map.of())),
                reply("{\"function\": \"wait\", \"arguments\": [1]}").action(""));
    }
}
