package dev.agentfsm.agents.windows;

import static dev.agentfsm.agents.windows.Prompts.lastAction;
import static dev.agentfsm.agents.windows.Prompts.prompt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.desktop.simulated.Chart;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Operator on the simulated desktop, with replayed models: a HostAgent hands it the subtasks of the
 * applications configured to run under it, it acts by screen coordinates resolved to controls, asks
 * before a risky click, refuses a point off the screen, and hands control back.
 */
class OperatorTest {

    @Test
    void theHostHandsExcelToTheOperatorWhichChartsByCoordinatesAndHandsBack() {
        Desk desk = Desk.withOperatorFor("EXCEL.EXE", "operator-chart");

        RoundResult result = desk.run("Chart North's Q1 sales");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<String> steps = new ArrayList<>(Collections.nCopies(11, "CONTINUE"));
        steps.add("FINISH");
        assertEquals(handedToTheOperator(steps.toArray(String[]::new)), result.qualifiedPath());
        assertEquals(
                List.of(new Chart("bar", "A1:B2", List.of("North"), List.of(new Chart.Series("Q1", List.of(120.0))))),
                desk.excel.charts(),
                "the clicks, the typing and the drag landed on the cells they pointed at");
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Chart North's Q1 sales of 120 as a bar chart in Book1",
                        OperatorAgentStatus.FINISH,
                        "A bar chart of A1:B2 (North, Q1 120) is in Book1")),
                result.subtasks());
        assertEquals(Optional.of("charted"), result.result());
        assertEquals(0, desk.llm.remaining());

        OperatorAgent operator = desk.host.activeOperator().orElseThrow();
        assertSame(operator, desk.host.operators().get("EXCEL.EXE/EXCEL.EXE#5210"));
        assertSame(desk.host, operator.hostAgent().orElseThrow());
        assertEquals(Optional.empty(), desk.host.activeAppAgent(), "no AppAgent took the subtask");
        assertEquals(List.of(), List.copyOf(desk.host.appAgents().keySet()));
        assertEquals("Operator/EXCEL.EXE", operator.name());

        assertTrue(
                desk.desktop
                        .log()
                        .containsAll(List.of(
                                "click Book1 - Excel: A1",
                                "type Book1 - Excel: A1 'Region'",
                                "select Book1 - Excel: Sheet 'A1:B2'",
                                "click Book1 - Excel: Insert Bar Chart")),
                desk.desktop.log().toString());
        assertEquals(
                "drag from (680, 142) to (760, 166) on DataItem 'A1' in 'Book1 - Excel': done. selected the range A1:B2",
                lastAction(desk.llm, 10));
        String first = prompt(desk.llm, 1);
        assertTrue(first.contains("[Screen:]\n1280x720 pixels"), first);
        assertTrue(first.contains("[Window:]\n'Book1 - Excel' (EXCEL.EXE) at (600, 40) to (1260, 560)"), first);
        assertEquals(1, desk.llm.requests().get(1).messages().get(1).images().size(), "the whole screen's screenshot");
        assertTrue(
                prompt(desk.llm, 12)
                        .contains("- Chart North's Q1 sales of 120 as a bar chart in Book1 -> FINISH:"
                                + " A bar chart of A1:B2 (North, Q1 120) is in Book1"),
                "the host read what the Operator archived");
    }

    @Test
    void applicationsNotConfiguredForTheOperatorStillGoToTheirAppAgent() {
        Desk desk = Desk.withOperatorFor("WINWORD.EXE", "screenshot-never");

        RoundResult result = desk.run("Chart the data as a pie");

        assertEquals("AppAgent.CONTINUE", result.qualifiedPath().get(2), "Excel is not configured for the Operator");
        assertEquals(Optional.empty(), desk.host.activeOperator());
    }

    /**
     * The qualified path of a round whose host hands its one subtask to the Operator, which goes through
     * {@code operatorStates} and hands back, and then finishes.
     */
    private static List<String> handedToTheOperator(String... operatorStates) {
        List<String> path = new ArrayList<>(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN"));
        for (String state : operatorStates) {
            path.add("OperatorAgent." + state);
        }
        path.addAll(List.of("HostAgent.CONTINUE", "HostAgent.FINISH"));
        return path;
    }

    private static final String DELETE = "click at (80, 64) on Button 'Delete Table' in 'Sales Report.docx - Word'";

    @Test
    void aRiskyClickWaitsForTheUserAndRunsWhenApproved() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = Desk.withOperatorFor("WINWORD.EXE", "operator-confirm-approved", user);
        user.checking(() -> !desk.word.table().isEmpty());

        RoundResult result = desk.run("Remove the sales table");

        assertEquals(handedToTheOperator("CONTINUE", "CONFIRM", "CONTINUE", "FINISH"), result.qualifiedPath());
        assertEquals(List.of(DELETE), user.asked(), "the user saw what lies at the coordinates");
        assertEquals(List.of(true), user.checked(), "asked before the click ran");
        assertEquals(List.of(), desk.word.table(), "approved, the click ran");
        assertEquals(DELETE + ": done. deleted the table", lastAction(desk.llm, 2));
    }

    @Test
    void aRejectedRiskyClickNeverRunsAndTheSubtaskFinishes() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = Desk.withOperatorFor("WINWORD.EXE", "operator-confirm-rejected", user);
        user.checking(() -> !desk.word.table().isEmpty());

        RoundResult result = desk.run("Remove the sales table");

        assertEquals(handedToTheOperator("CONTINUE", "CONFIRM", "FINISH"), result.qualifiedPath());
        assertEquals(5, desk.word.table().size(), "the table is still there");
        assertFalse(
                desk.desktop.log().stream().anyMatch(l -> l.endsWith("Delete Table")),
                desk.desktop.log().toString());
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Remove the sales table from Sales Report.docx",
                        OperatorAgentStatus.FINISH,
                        DELETE + ": rejected by the user; it did not run")),
                result.subtasks());
    }

    @Test
    void aClickOutsideTheScreenIsRefusedWithAClearObservation() {
        Desk desk = Desk.withOperatorFor("EXCEL.EXE", "operator-offscreen");

        RoundResult result = desk.run("Insert a bar chart");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                "click at (1500, 84): failed. click at (1500, 84) is outside the screen, which is 1280x720 pixels"
                        + " (x from 0 to 1279, y from 0 to 719); nothing was done",
                lastAction(desk.llm, 2));
        assertFalse(
                desk.desktop.log().stream().anyMatch(l -> l.startsWith("click ")),
                desk.desktop.log().toString());
        assertEquals(List.of(), desk.excel.charts());
    }

    @Test
    void anOperatorErrorArchivesTheSubtaskAndTheHostFinishes() {
        // the replay ends after ASSIGN: the Operator's model call fails
        Desk desk = Desk.withOperatorFor("WINWORD.EXE", "assign-word");

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "OperatorAgent.CONTINUE",
                        "OperatorAgent.ERROR",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                List.of(OperatorAgentStatus.ERROR),
                result.subtasks().stream().map(ArchivedSubtask::status).toList());
        assertEquals(
                result.error().orElseThrow().getMessage(),
                result.subtasks().get(0).result());
    }

    @Test
    void pendingTellsTheOperatorWhenNoAnswerIsAvailable() {
        Desk desk = Desk.withOperatorFor("WINWORD.EXE", "operator-pending");

        RoundResult result = desk.run("Format the sales table");

        assertEquals(handedToTheOperator("CONTINUE", "PENDING", "CONTINUE", "FINISH"), result.qualifiedPath());
        assertTrue(prompt(desk.llm, 2).contains(Questions.NOT_ASKED), prompt(desk.llm, 2));
    }

    @Test
    void onItsOwnTheOperatorEndsInAllFinishAndEveryActionSaysWhatItDid() {
        ReplayLlmClient llm = Desk.replay("operator-alone");
        Desk desk = new Desk("operator-alone");
        OperatorAgent operator = OperatorAgent.builder(desk.desktop, llm)
                .user(UserChannel.alwaysDeny())
                .config(Desk.config(true, false, 0))
                .build();
        Context context = new Context().put(Context.REQUEST, "Copy the sales table");

        RoundResult result = Round.of(OperatorAgentStateManager.instance(), operator)
                .context(context)
                .build()
                .run();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        List<String> path = new ArrayList<>(Collections.nCopies(8, "OperatorAgent.CONTINUE"));
        path.addAll(List.of("OperatorAgent.FINISH", "OperatorAgent.ALLFINISH"));
        assertEquals(path, result.qualifiedPath());
        assertEquals(Optional.of("The sales table is on the clipboard"), result.result());
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Copy the sales table", OperatorAgentStatus.FINISH, "The sales table is on the clipboard")),
                result.subtasks(),
                "FINISH's subtask; ALLFINISH ends no other");
        assertTrue(
                desk.desktop.clipboard().text().startsWith("Region\tQ1\tQ2"),
                desk.desktop.clipboard().text());
        assertEquals(
                List.of(
                        "double-click at (215, 235) on Table 'Sales table' in 'Sales Report.docx - Word': done. selected the table (5 rows)",
                        "scroll at (300, 300) by (0, 400) on Edit 'Document body' in 'Sales Report.docx - Word': failed. scroll at"
                                + " (300, 300) by (0, 400): simulated-desktop cannot scroll (the desktop driver has no scrolling),"
                                + " and 'Sales Report.docx - Word' shows all it holds; nothing moved",
                        "wait: done. waited 1 s",
                        "the action {\"type\":\"move\",\"x\":215,\"y\":235}: failed. unknown action type \"move\"; the Operator"
                                + " offers click, double_click, type, keypress, scroll, drag, wait; nothing was done",
                        "press CTRL+PASTE: failed. press CTRL+PASTE: a key is unknown or only modifiers were given; name keys"
                                + " like [\"CTRL\", \"C\"], [\"ENTER\"], [\"TAB\"], [\"F5\"]; no key was pressed",
                        "drag from (80, 64) to (215, 235) on Button 'Delete Table' in 'Sales Report.docx - Word': failed. drag from"
                                + " (80, 64) to (215, 235) selects nothing: a drag selects the range between two controls of one"
                                + " window, such as two cells of a sheet; 'Delete Table' and 'Sales table' are in no control"
                                + " together; nothing was dragged"),
                List.of(1, 3, 4, 5, 6, 7).stream().map(n -> lastAction(llm, n)).toList());
        assertTrue(
                lastAction(llm, 2).startsWith("press CTRL+C: done. copied the table:\nRegion\tQ1\tQ2"),
                lastAction(llm, 2));
        assertEquals("Operator", operator.name());
        assertEquals(Optional.empty(), operator.hostAgent());
    }
}
