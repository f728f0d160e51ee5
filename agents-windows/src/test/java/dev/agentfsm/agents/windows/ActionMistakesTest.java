package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An action the desktop cannot carry out is a failed result the LLM reads in its next prompt, not an error. */
class ActionMistakesTest {

    @Test
    void badLabelsUnknownToolsAndMissingArgumentsAreReportedToTheLlm() {
        Desk desk = new Desk("app-mistakes");

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.FAIL",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertLastAction(
                desk,
                2,
                "[Last action:]\nclick_input in Sales Report.docx - Word: failed. "
                        + "click_input needs the label of a control on the last screenshot, 1 to 3; got 9");
        assertLastAction(
                desk,
                3,
                "[Last action:]\ndrag on [3] Table 'Sales table' in Sales Report.docx - Word: failed. unknown function 'drag'; "
                        + "the AppAgent offers [click_input, set_edit_text, select_item, keyboard_input]");
        assertLastAction(
                desk,
                4,
                "[Last action:]\nset_edit_text on [2] Edit 'Document body' in Sales Report.docx - Word: "
                        + "failed. set_edit_text needs the argument 'text'; got {id=2}");
        assertEquals(
                List.of("Copy the sales table"),
                desk.context.previousSubtasks().stream().map(s -> s.subtask()).toList());
        List<Map<String, Object>> trajectories = desk.host.blackboard().trajectories();
        assertEquals(6, trajectories.size());
        assertEquals("", trajectories.get(5).get("action"), "the host's last step ran no action, and says so");
    }

    private static void assertLastAction(Desk desk, int request, String expected) {
        String prompt = desk.llm.requests().get(request).messages().get(1).text();
        assertTrue(prompt.contains(expected), prompt);
    }
}
