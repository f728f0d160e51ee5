package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each bug that {@code ufo-code-facts.md} finds in UFO's round and session loops, as a test showing
 * that agent-fsm's runtime does not have it. The section of the notes is named on each test.
 */
class UfoCodeBugsTest {
    private final Context context = new Context().put(Context.REQUEST, "print the report");
    private final RecordingListener listener = new RecordingListener();

    private RoundResult host(HostAgent host) {
        return Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(listener)
                .build()
                .run();
    }

    /** §0, §1.2: UFO checks is_round_end() before handle(), so FINISH/ERROR never run theirs. */
    @Test
    void roundEndIsCheckedAfterHandleSoTerminalStatesRunTheirExitAction() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH);
        RoundResult result =
                Round.of(LinuxAgentStateManager.instance(), agent).build().run();
        assertEquals(Outcome.COMPLETED, result.outcome());
        assertEquals(List.of("CONTINUE@1/1", "FINISH@2/2"), agent.log(), "FINISH's handle ran");
    }

    /** §1.4: AppAgent ERROR's archive_subtask is unreachable in UFO because ERROR ends the round first. */
    @Test
    void anErrorStateArchivesTheSubtask() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN);
        new AppAgent(host).script(new IOException("control not found"));
        RoundResult result = host(host);
        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                List.of(new ArchivedSubtask("subtask of print the report", AppAgentStatus.ERROR, "")),
                context.previousSubtasks());
    }

    /**
     * §0, §1.3: HostAgentStatus.CONFIRM has no state class, so UFO falls to the None state and the round silently
     * ends. Here the LLM's "CONFIRM" is parsed by the machine, which has no such status.
     */
    @Test
    void aStatusWithNoStateIsUnknownStatusNotASilentEnd() {
        HostAgent host = new HostAgent().script(ScriptedAgent.reportsText("CONFIRM"));
        RoundResult result =
                Round.of(UfoCodeHostAgentStateManager.instance(), host).build().run();
        assertEquals(Outcome.UNKNOWN_STATUS, result.outcome());
        assertFalse(result.completed());
        assertEquals(
                new RoundResult.Violation(
                        UfoCodeHostAgentStatus.CONTINUE,
                        "CONFIRM",
                        List.of(
                                UfoCodeHostAgentStatus.CONTINUE,
                                UfoCodeHostAgentStatus.PENDING,
                                UfoCodeHostAgentStatus.FINISH,
                                UfoCodeHostAgentStatus.FAIL)),
                result.violation().orElseThrow());
        assertTrue(result.reason().contains("UfoCodeHostAgent has no state for status \"CONFIRM\""), result.reason());
        assertEquals(List.of(UfoCodeHostAgentStatus.CONTINUE), result.path());
    }

    /** §2.4: in v3 a failed processor leaves status None; the None state ends the round and nothing says why. */
    @Test
    void aMissingStatusIsReportedNotSilentlyEnded() {
        HostAgent host = new HostAgent().script(ScriptedAgent.reportsText(""));
        RoundResult result =
                Round.of(UfoCodeHostAgentStateManager.instance(), host).build().run();
        assertEquals(Outcome.UNKNOWN_STATUS, result.outcome());
        assertEquals("", result.violation().orElseThrow().requested());

        HostAgent nullStatus = new HostAgent().script((ScriptedAgent.Step) (a, c) -> a.setStatus(null));
        RoundResult refused = Round.of(UfoCodeHostAgentStateManager.instance(), nullStatus)
                .build()
                .run();
        assertEquals(Outcome.ERROR, refused.outcome(), "BaseAgent refuses a null status outright");
        assertEquals("status of agent HostAgent", refused.error().orElseThrow().getMessage());
    }

    /** §1.7: Galaxy's none_state restarts the agent invisibly; a fallback here is a visible, traced move. */
    @Test
    void aFallbackIsAVisibleMove() {
        LinuxAgent agent = new LinuxAgent().script(ScriptedAgent.reportsText("CONFIRM"));
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .listener(listener)
                .build()
                .run();
        assertEquals(List.of("LinuxAgent.CONTINUE", "LinuxAgent.FAIL", "LinuxAgent.FINISH"), result.qualifiedPath());
        assertEquals("1 LinuxAgent LinuxAgent.CONTINUE -> FAIL by SYSTEM", listener.moves.get(0));
    }

    /** §0, §2.4: nothing in UFO v3 sets ERROR; an exception ends the round with no error status. */
    @Test
    void anExceptionSetsTheErrorStatusAndTheErrorOutcome() {
        List<Status> statusInOnError = new ArrayList<>();
        HostAgent host = new HostAgent().script(new IllegalStateException("LLM down"), (ScriptedAgent.Step)
                (a, c) -> statusInOnError.add(a.status()));
        RoundResult result = host(host);
        assertEquals(
                List.of(HostAgentStatus.ERROR),
                statusInOnError,
                "the agent's status is ERROR while its onError state runs");
        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals("LLM down", result.error().orElseThrow().getMessage());
    }

    /** §2.1: UFO's is_error() looks only at the final state's name, so an error that ends in FINISH is not an error. */
    @Test
    void anErrorIsReportedEvenWhenTheMachineEndsInFinish() {
        HostAgent host = new HostAgent().script(new IOException("disk full"));
        RoundResult result = host(host);
        assertEquals(HostAgentStatus.FINISH, result.finalStatus());
        assertEquals(Outcome.ERROR, result.outcome());
        assertFalse(result.completed());
    }

    /** §2.3, §2.2: hitting MAX_STEP records no failure, and SessionManager reports the session COMPLETED. */
    @Test
    void theStepLimitIsNeverSuccessAndSaysWhereTheRoundStopped() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN);
        new AppAgent(host); // keeps reporting CONTINUE
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .config(RuntimeConfig.parse("maxStep: 10"))
                .build()
                .run();
        assertEquals(Outcome.STEP_LIMIT, result.outcome());
        assertFalse(result.completed());
        assertEquals(10, result.steps());
        assertEquals(AppAgentStatus.CONTINUE, result.finalStatus());
        assertTrue(result.reason().contains("stopped in AppAgent.CONTINUE"), result.reason());
    }

    /**
     * §2.3: UFO counts a step only when the processor did not raise (and not for states that run none), so a
     * failing step costs nothing against MAX_STEP; here every state entered takes its step, failing or not.
     */
    @Test
    void aStepWhoseWorkFailsStillTakesItsStepFromTheBudget() {
        LinuxAgent agent = new LinuxAgent().script(new IOException("disk full")); // then keeps reporting CONTINUE
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(RuntimeConfig.parse("maxStep: 3\nmaxRound: 2"))
                .build();
        List<RoundResult> results = session.run(List.of("list files", "show date"));
        assertEquals(Outcome.ERROR, results.get(0).outcome());
        assertEquals(1, results.get(0).steps());
        assertEquals(Outcome.STEP_LIMIT, results.get(1).outcome());
        assertEquals(2, results.get(1).steps(), "the failed step was taken from the session's budget of 3");
        assertEquals(3, session.steps());
    }

    /** §1.6: LinuxSession/MobileSession don't reset the agent between rounds, so round 2 starts in FINISH. */
    @Test
    void everyRoundOfASessionStartsAfresh() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH, LinuxAgentStatus.FINISH);
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(RuntimeConfig.parse("maxRound: 2"))
                .build();
        List<RoundResult> results = session.run(List.of("list files", "show date"));
        assertEquals(
                List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH),
                results.get(1).path());
        assertEquals(Outcome.COMPLETED, results.get(1).outcome());
        assertEquals(2, agent.resets());
    }

    /** §1.4, §1.9: AppAgent FAIL goes to the host's FINISH in UFO, so the host never gets to retry. */
    @Test
    void aFailedSubtaskGivesTheHostAnotherChance() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script(AppAgentStatus.FAIL, AppAgentStatus.FINISH);
        RoundResult result = host(host);
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
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                result.qualifiedPath());
        assertEquals(
                List.of(AppAgentStatus.FAIL, AppAgentStatus.FINISH),
                context.previousSubtasks().stream().map(ArchivedSubtask::status).toList());
    }

    /** §2.4: exceptions outside the processor (create_subagent ...) escape UFO's Round.run and Session.run. */
    @Test
    void anExceptionInAStatesDecisionIsARoundResultNotAnEscape() {
        HostAgent alone = new HostAgent().script(HostAgentStatus.ASSIGN); // no AppAgent to hand off to
        RoundResult result = host(alone);
        assertEquals(Outcome.ERROR, result.outcome());
        NullPointerException e =
                assertInstanceOf(NullPointerException.class, result.error().orElseThrow());
        assertTrue(e.getMessage().contains("ASSIGN -> AppAgent.CONTINUE needs the AppAgent agent"), e.getMessage());
        assertEquals(
                List.of(
                        HostAgentStatus.CONTINUE,
                        HostAgentStatus.ASSIGN,
                        HostAgentStatus.ERROR,
                        HostAgentStatus.FINISH),
                result.path(),
                "the error went through onError");
    }

    /** §1.3: CONTINUE's next_state is get_state(status), so any registered status is reachable from it. */
    @Test
    void aRegisteredButUndeclaredStatusIsAnIllegalTransition() {
        HostAgent host = new HostAgent().script(HostAgentStatus.FAIL);
        RoundResult result = host(host);
        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome());
        assertEquals("FAIL", result.violation().orElseThrow().requested());
    }

    /** §1.2, §1.9: next_agent must come from the decision, and the agent taking over gets its status set. */
    @Test
    void aHandOffSwitchesTheAgentAndSetsItsStatus() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        AppAgent app = new AppAgent(host);
        List<String> seen = new ArrayList<>();
        app.script((ScriptedAgent.Step) (a, c) -> {
            seen.add(a.name() + " " + a.status().qualifiedName());
            a.setStatus(AppAgentStatus.FINISH);
        });
        host(host);
        assertEquals(List.of("AppAgent AppAgent.CONTINUE"), seen);
        assertSame(host, app.host().orElseThrow());
        assertEquals("2 HostAgent HostAgent.ASSIGN -> AppAgent.CONTINUE by SYSTEM", listener.moves.get(1));
        assertEquals("3 AppAgent AppAgent.CONTINUE -> FINISH by LLM", listener.moves.get(2));
    }
}
