package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** FINISH, FAIL and ERROR archive the subtask and hand control back as the table says; so does a failing desktop. */
class HandBackTest {
    /** The AppAgent's first step fails: its ERROR archives the subtask and hands over to the host's FINISH. */
    private static final List<String> APP_ERROR_PATH = List.of(
            "HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE", "AppAgent.ERROR", "HostAgent.FINISH");

    @Test
    void afterAnAppFailTheHostRetriesWithTheCachedAgent() {
        Desk desk = new Desk("app-fail-retry");

        RoundResult result = desk.run("Copy the revenue chart");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FAIL",
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(
                        new ArchivedSubtask(
                                "Copy the revenue chart from Sales Report.docx",
                                AppAgentStatus.FAIL,
                                "The document has no revenue chart"),
                        new ArchivedSubtask(
                                "Copy the sales table from Sales Report.docx",
                                AppAgentStatus.FINISH,
                                "The table is on the clipboard")),
                desk.context.previousSubtasks());
        assertEquals(1, desk.host.appAgents().size(), "Word's agent was reused");
        String retryPrompt = desk.llm.requests().get(2).messages().get(1).text();
        assertTrue(
                retryPrompt.contains(
                        "- Copy the revenue chart from Sales Report.docx -> FAIL: The document has no revenue chart"),
                retryPrompt);
        assertTrue(desk.desktop.clipboard().text().startsWith("Region\tQ1\tQ2"));
    }

    @Test
    void inFollowerModeTheAppsFinishEndsTheRoundAtTheHost() {
        Desk desk = new Desk(
                "follower", UserChannel.alwaysDeny(), Desk.config(true, false, 0), true, UnaryOperator.identity());

        RoundResult result = desk.run("Select the sales table");

        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.COMPLETED, result.outcome());
        assertEquals(
                AppAgentStatus.FINISH, desk.context.previousSubtasks().get(0).status());
    }

    @Test
    void anAppErrorArchivesTheSubtaskAndEndsTheRoundAtTheHost() {
        Desk desk = new Desk("assign-word");

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(APP_ERROR_PATH, result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome(), "an error that onError handled is never reported as success");
        assertTrue(result.error().orElseThrow() instanceof LlmException, String.valueOf(result.error()));
        ArchivedSubtask archived = desk.context.previousSubtasks().get(0);
        assertEquals(AppAgentStatus.ERROR, archived.status());
        assertEquals(result.error().get().getMessage(), archived.result());
    }

    @Test
    void aDesktopThatFailsUnderTheAppAgentIsAnAppError() {
        AtomicInteger asked = new AtomicInteger();
        Desk[] desk = new Desk[1];
        // Word stops responding while its agent waits for the model, so the click hits a dead window.
        UnaryOperator<LlmClient> crashWordOnSecondCall = llm -> request -> {
            if (asked.incrementAndGet() == 2) {
                desk[0].word.crash("an access violation");
            }
            return llm.complete(request);
        };
        desk[0] = new Desk(
                "app-click", UserChannel.alwaysDeny(), Desk.config(true, false, 0), false, crashWordOnSecondCall);

        RoundResult result = desk[0].run("Copy the sales table");

        assertEquals(APP_ERROR_PATH, result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        DriverException error = (DriverException) result.error().orElseThrow();
        assertEquals(
                "Sales Report.docx - Word (WINWORD.EXE) stopped responding: an access violation", error.getMessage());
        assertEquals(
                new ArchivedSubtask("Copy the sales table", AppAgentStatus.ERROR, error.getMessage()),
                desk[0].context.previousSubtasks().get(0));
        assertSame(
                desk[0].host,
                desk[0].host.appAgents().values().iterator().next().hostAgent().orElseThrow());
    }

    @Test
    void aDesktopThatFailsUnderTheHostIsAHostErrorCleanedUpInFinish() {
        Desk desk = new Desk("assign-word");
        desk.word.crash("hung");

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(List.of("HostAgent.CONTINUE", "HostAgent.ERROR", "HostAgent.FINISH"), result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        assertTrue(result.error().orElseThrow() instanceof DriverException);
        assertEquals(
                "ERROR: Sales Report.docx - Word (WINWORD.EXE) stopped responding: hung",
                result.result().orElseThrow());
        assertEquals(List.of(), desk.context.previousSubtasks());
    }

    @Test
    void anAssignToAWindowThatIsNotListedIsAnErrorNotAHandOffToThePreviousOne() {
        Desk desk = new Desk("assign-unlisted");

        RoundResult result = desk.run("Copy the sales table and chart it");

        // the second ASSIGN names window 7 of a list of two; Word, selected for the first, must not get the chart
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "HostAgent.ERROR",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(Outcome.ERROR, result.outcome());
        assertTrue(
                result.reason().contains("select_application_window needs the id of a listed window, 1 to 2; got 7"),
                result.reason());
        assertEquals(
                List.of(new ArchivedSubtask("Copy the sales table", AppAgentStatus.FINISH, "copied")),
                desk.context.previousSubtasks());
        assertEquals(2, desk.llm.remaining(), "Word's AppAgent was not asked about the chart");
    }
}
