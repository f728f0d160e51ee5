package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** CONFIRM asks before the action runs: approved, it runs; rejected, it never does; safeGuard off, nobody is asked. */
class ConfirmTest {
    private static final String DELETE = "click_input on [1] Button 'Delete Table' in Sales Report.docx - Word";

    /** A desk replaying {@code replay} with {@code user}, who notes whether the table was still there when asked. */
    private static Desk desk(Witness user, String replay, boolean safeGuard) {
        Desk desk = new Desk(replay, user, Desk.config(safeGuard, false, 0));
        user.checking(() -> !desk.word.table().isEmpty());
        return desk;
    }

    @Test
    void approvedTheWaitingActionRunsAndTheAgentContinues() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = desk(user, "confirm-approved", true);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(DELETE), user.asked());
        assertEquals(List.of(true), user.checked(), "asked before the action ran");
        assertEquals(List.of(), desk.word.table(), "approved, the action ran");
        assertEquals(
                1,
                desk.desktop.log().stream()
                        .filter(l -> l.endsWith("Delete Table"))
                        .count());
    }

    @Test
    void rejectedTheActionNeverRunsAndTheSubtaskFinishes() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = desk(user, "confirm-rejected", true);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(5, desk.word.table().size(), "the table is still there");
        assertFalse(
                desk.desktop.log().stream().anyMatch(l -> l.endsWith("Delete Table")),
                desk.desktop.log().toString());
        assertEquals(
                List.of(new ArchivedSubtask(
                        "Remove the sales table from Sales Report.docx",
                        AppAgentStatus.FINISH,
                        DELETE + ": rejected by the user; it did not run")),
                desk.context.previousSubtasks());
        assertEquals(Optional.of("The user chose to keep the table"), result.result());
    }

    @Test
    void aHostBuiltWithoutAUserChannelDeniesTheWaitingAction() {
        Desk desk = new Desk("confirm-rejected");
        HostAgent host = HostAgent.builder(desk.desktop, Desk.replay("confirm-rejected"))
                .config(Desk.config(true, false, 0))
                .build();
        Context context = new Context().put(Context.REQUEST, "Remove the sales table from the report");

        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();

        assertTrue(
                result.qualifiedPath().contains("AppAgent.CONFIRM"),
                result.qualifiedPath().toString());
        assertEquals(5, desk.word.table().size(), "the default channel, alwaysDeny, kept the table");
        assertEquals(
                DELETE + ": rejected by the user; it did not run",
                context.previousSubtasks().get(0).result());
    }

    @Test
    void aTimedOutConfirmationCountsAsARejection() {
        Witness user = new Witness(Decision.TIMED_OUT);
        Desk desk = desk(user, "confirm-rejected", true);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertTrue(result.qualifiedPath().contains("AppAgent.FINISH"));
        assertEquals(5, desk.word.table().size());
    }

    @Test
    void withSafeGuardOffTheActionRunsWithoutAsking() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = desk(user, "confirm-approved", false);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertTrue(result.qualifiedPath().contains("AppAgent.CONFIRM"));
        assertEquals(List.of(), user.asked(), "nobody was asked");
        assertEquals(List.of(), desk.word.table());
    }

    @Test
    void theHostAsksBeforeItSelectsAWindow() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = desk(user, "host-confirm", true);

        RoundResult result = desk.run("Get Excel ready");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.CONFIRM", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(List.of("select_application_window 'Book1 - Excel'"), user.asked());
        assertTrue(desk.desktop.log().contains("focus Book1 - Excel"));
    }

    @Test
    void theHostFailsWhenTheUserRejectsItsStep() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = desk(user, "host-confirm", true);

        RoundResult result = desk.run("Get Excel ready");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.CONFIRM", "HostAgent.FAIL", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertFalse(
                desk.desktop.log().contains("focus Book1 - Excel"),
                desk.desktop.log().toString());
        assertEquals(Optional.of("FAIL: the user rejected select_application_window 'Book1 - Excel'"), result.result());
        assertEquals(1, desk.llm.remaining(), "the host did not ask the model again");
    }

    @Test
    void anApprovedActionThatHitsADeadWindowIsAnAppError() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = desk(user, "confirm-approved", true);
        user.checking(() -> {
            desk.word.crash("closed while the user decided"); // while the user decides
            return true;
        });

        RoundResult result = desk.run("Remove the sales table from the report");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.ERROR",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                new ArchivedSubtask(
                        "Remove the sales table from Sales Report.docx",
                        AppAgentStatus.ERROR,
                        "Sales Report.docx - Word (WINWORD.EXE) stopped responding: closed while the user decided"),
                desk.context.previousSubtasks().get(0));
    }
}
