package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A status the AppAgent may not take (ASSIGN, ERROR) or that no state has is re-asked, then refused with an explicit outcome. */
class StatusGuardTest {
    private static final List<Status> APP_OFFERS = List.of(
            AppAgentStatus.CONTINUE,
            AppAgentStatus.SCREENSHOT,
            AppAgentStatus.FINISH,
            AppAgentStatus.FAIL,
            AppAgentStatus.PENDING,
            AppAgentStatus.CONFIRM);

    @Test
    void assignInsideTheAppAgentIsRefused() {
        Desk desk = new Desk("app-illegal", UserChannel.alwaysDeny(), Desk.config(true, false, 1));

        RoundResult result = desk.run("Copy the sales table");

        // ASSIGN is a HostAgent status: the AppAgent's table has no state of that name, so the
        // runtime classifies it as an unknown status of AppAgent, not as a move to the host.
        assertEquals(Outcome.UNKNOWN_STATUS, result.outcome(), result.reason());
        assertEquals(List.of("HostAgent.CONTINUE", "HostAgent.ASSIGN", "AppAgent.CONTINUE"), result.qualifiedPath());
        assertEquals(
                new RoundResult.Violation(AppAgentStatus.CONTINUE, "ASSIGN", APP_OFFERS),
                result.violation().orElseThrow());
        assertEquals(0, desk.llm.remaining(), "one corrective re-ask was spent");
        assertEquals(List.of(), desk.context.previousSubtasks(), "nothing pretends the subtask ended");
        assertEquals(1, desk.host.appAgents().size(), "no second ASSIGN happened");
    }

    @Test
    void aStatusOnlyTheSystemMayEnterIsAnIllegalTransition() {
        Desk desk = new Desk("app-error-status", UserChannel.alwaysDeny(), Desk.config(true, false, 1));

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome(), result.reason());
        assertEquals(
                new RoundResult.Violation(AppAgentStatus.CONTINUE, "ERROR", APP_OFFERS),
                result.violation().orElseThrow());
        assertEquals(List.of(), desk.context.previousSubtasks(), "the LLM cannot enter ERROR and archive the subtask");
    }

    @Test
    void anUnknownStatusIsAnUnknownStatus() {
        Desk desk = new Desk("app-unknown", UserChannel.alwaysDeny(), Desk.config(true, false, 1));

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(Outcome.UNKNOWN_STATUS, result.outcome(), result.reason());
        assertEquals("DANCE", result.violation().orElseThrow().requested());
        assertEquals(AppAgentStatus.CONTINUE, result.finalStatus());
    }

    @Test
    void aCorrectedReplyIsAcceptedAfterTheReAsk() {
        Desk desk = new Desk("app-corrected", UserChannel.alwaysDeny(), Desk.config(true, false, 1));

        RoundResult result = desk.run("Copy the sales table");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
    }
}
