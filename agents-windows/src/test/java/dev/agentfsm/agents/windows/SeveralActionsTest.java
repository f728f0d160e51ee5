package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A reply with a list of actions (UFO's AppAgent reply: {@code "action": [...]}): they run in order, one per
 * step and on the one observation the model chose them on; the first failure stops the list, and the model
 * reads which failed and which did not run; an action to confirm waits for the user in its turn.
 */
class SeveralActionsTest {
    private static final String TYPE_B1 = "set_edit_text on [5] DataItem 'B1' 'Q1' in Book1 - Excel";

    @Test
    void theActionsOfOneReplyRunInOrderEachInAStepOfItsOwnWithOneModelCall() {
        Desk desk = new Desk("several-actions");

        RoundResult result = desk.run("Type the header into the sheet");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath(),
                "one step per action, then the last action's status");
        assertEquals(3, desk.llm.requests().size(), "the host twice, the AppAgent once for its three actions");
        assertEquals(
                List.of(
                        "focus Book1 - Excel",
                        "type Book1 - Excel: A1 'Region'",
                        "type Book1 - Excel: B1 'Q1'",
                        "type Book1 - Excel: A2 'North'"),
                Desk.actions(desk.desktop));
        assertEquals("North", desk.excel.cell("A2"));
        List<Map<String, Object>> app = desk.host.blackboard().trajectories().stream()
                .filter(t -> t.get("agent").toString().startsWith("AppAgent"))
                .toList();
        assertEquals(List.of(3, 4, 5), app.stream().map(t -> t.get("step")).toList(), "a trajectory entry per action");
        assertEquals(
                List.of("CONTINUE", "CONTINUE", "FINISH"),
                app.stream().map(t -> t.get("status")).toList());
        assertTrue(
                app.get(1).get("action").toString().startsWith("set_edit_text on [5] DataItem 'B1' 'Q1'"),
                app.toString());
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Type the header into Book1", AppAgentStatus.FINISH, "typed Region, Q1 and North")),
                result.subtasks());
    }

    @Test
    void theFirstFailureStopsTheListAndTheModelReadsWhatFailedAndWhatDidNotRun() {
        Desk desk = new Desk("several-actions-failure");

        RoundResult result = desk.run("Type the header into the sheet");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals("Region", desk.excel.cell("A1"));
        assertEquals("", desk.excel.cell("B1"), "the action after the failed one never ran");
        assertEquals(List.of("focus Book1 - Excel", "type Book1 - Excel: A1 'Region'"), Desk.actions(desk.desktop));
        String prompt = desk.llm.requests().get(2).messages().get(1).text();
        assertTrue(
                prompt.contains("click_input in Book1 - Excel: failed. click_input needs the label of a control"),
                prompt);
        assertTrue(
                prompt.contains("got 99 The reply's next action did not run: set_edit_text on [5] DataItem 'B1' 'Q1' in"
                        + " Book1 - Excel."),
                prompt);
    }

    @Test
    void anActionToConfirmWaitsInItsTurnAndTheRestFollowOnceApproved() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = new Desk("several-actions-confirm", user, Desk.config(true, false, 0));
        user.checking(() ->
                desk.excel.cell("A1").equals("Region") && desk.excel.cell("B1").isEmpty());

        RoundResult result = desk.run("Type the header into the sheet");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(List.of(TYPE_B1), user.asked());
        assertEquals(List.of(true), user.checked(), "asked after the first action ran and before the second");
        assertEquals(
                List.of("Region", "Q1", "North"),
                List.of(desk.excel.cell("A1"), desk.excel.cell("B1"), desk.excel.cell("A2")));
        assertEquals(3, desk.llm.requests().size());
    }

    @Test
    void rejectedTheActionToConfirmAndTheRestNeverRun() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = new Desk("several-actions-confirm", user, Desk.config(true, false, 0));

        RoundResult result = desk.run("Type the header into the sheet");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of("Region", "", ""),
                List.of(desk.excel.cell("A1"), desk.excel.cell("B1"), desk.excel.cell("A2")));
        assertEquals(List.of("focus Book1 - Excel", "type Book1 - Excel: A1 'Region'"), Desk.actions(desk.desktop));
        List<String> log = desk.desktop.log();
        int typed = log.indexOf("type Book1 - Excel: A1 'Region'");
        assertEquals(
                List.of("screenshot Book1 - Excel", "controls Book1 - Excel"),
                log.subList(typed + 1, typed + 3),
                "the step holding B1 read nothing (the reply's own observation), CONFIRM looked again: " + log);
    }

    @Test
    void anActionOfTheListWithAStatusTheAgentCannotChooseIsReasked() {
        Desk desk = new Desk("several-actions-bad-status", UserChannel.alwaysDeny(), Desk.config(true, false, 1));

        RoundResult result = desk.run("Type the header into the sheet");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of("focus Book1 - Excel", "type Book1 - Excel: A1 'Region'"), Desk.actions(desk.desktop));
        String correction = desk.llm.requests().get(2).messages().get(3).text();
        assertTrue(
                correction.startsWith("Your reply was rejected: action 1 of the list has the status \"ASSIGN\"; each"
                        + " action is an object with function, arguments and one of the statuses [CONTINUE,"),
                correction);
    }
}
