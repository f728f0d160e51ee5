package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.user.Answer;
import dev.agentfsm.runtime.user.Decision;
import dev.agentfsm.runtime.user.UserChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** CONFIRM asks before the action runs: approved, it runs; rejected, it never does; safeGuard off, nobody is asked. */
class ConfirmTest {
    private static final String DELETE = "click_input on [1] Button 'Delete Table' in Sales Report.docx - Word";

    /**
     * A user who decides as told, and notes whether the table was still there when asked; what it does
     * {@code meanwhile} (to the desk) happens while it decides.
     */
    private static final class Witness implements UserChannel {
        final Decision decision;
        final Consumer<Desk> meanwhile;
        final List<String> asked = new ArrayList<>();
        final List<Boolean> tableWasThere = new ArrayList<>();
        Desk desk;

        Witness(Decision decision) {
            this(decision, desk -> {});
        }

        Witness(Decision decision, Consumer<Desk> meanwhile) {
            this.decision = decision;
            this.meanwhile = meanwhile;
        }

        /** A desk replaying {@code replay}, with this user and {@code safeGuard} as given. */
        Desk at(String replay, boolean safeGuard) {
            desk = new Desk(replay, this, Desk.config(safeGuard, false, 0));
            return desk;
        }

        @Override
        public Answer ask(String question, Duration timeout) {
            throw new AssertionError("no question expected, got " + question);
        }

        @Override
        public Decision confirm(String action, Duration timeout) {
            asked.add(action);
            tableWasThere.add(!desk.word.table().isEmpty());
            meanwhile.accept(desk);
            return decision;
        }
    }

    @Test
    void approvedTheWaitingActionRunsAndTheAgentContinues() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = user.at("confirm-approved", true);

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
        assertEquals(List.of(DELETE), user.asked);
        assertEquals(List.of(true), user.tableWasThere, "asked before the action ran");
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
        Desk desk = user.at("confirm-rejected", true);

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
    void aTimedOutConfirmationCountsAsARejection() {
        Witness user = new Witness(Decision.TIMED_OUT);
        Desk desk = user.at("confirm-rejected", true);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertTrue(result.qualifiedPath().contains("AppAgent.FINISH"));
        assertEquals(5, desk.word.table().size());
    }

    @Test
    void withSafeGuardOffTheActionRunsWithoutAsking() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = user.at("confirm-approved", false);

        RoundResult result = desk.run("Remove the sales table from the report");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertTrue(result.qualifiedPath().contains("AppAgent.CONFIRM"));
        assertEquals(List.of(), user.asked, "nobody was asked");
        assertEquals(List.of(), desk.word.table());
    }

    @Test
    void theHostAsksBeforeItSelectsAWindow() {
        Witness user = new Witness(Decision.APPROVED);
        Desk desk = user.at("host-confirm", true);

        RoundResult result = desk.run("Get Excel ready");

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.CONFIRM", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(List.of("select_application_window 'Book1 - Excel'"), user.asked);
        assertTrue(desk.desktop.log().contains("focus Book1 - Excel"));
    }

    @Test
    void theHostFailsWhenTheUserRejectsItsStep() {
        Witness user = new Witness(Decision.REJECTED);
        Desk desk = user.at("host-confirm", true);

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
        Witness user = new Witness(Decision.APPROVED, desk -> desk.word.crash("closed while the user decided"));
        Desk desk = user.at("confirm-approved", true);

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
