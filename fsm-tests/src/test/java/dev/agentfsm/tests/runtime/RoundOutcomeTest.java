package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.CancellationToken;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every {@link Outcome} a round can end with, on machines the processor generated. */
class RoundOutcomeTest {
    private final RecordingListener listener = new RecordingListener();
    private final Context context = new Context();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private RoundResult run(LinuxAgent agent, int maxStep) {
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(context)
                .config(maxStep(maxStep))
                .listener(listener)
                .build()
                .run();
    }

    private static RuntimeConfig maxStep(int maxStep) {
        return RuntimeConfig.parse("maxStep: " + maxStep);
    }

    @Test
    void completedInARoundEndingStateWithPathStepsAndResult() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.CONTINUE, (ScriptedAgent.Step) (a, c) -> {
            c.put(Context.ROUND_RESULT, "3 files");
            a.setStatus(LinuxAgentStatus.FINISH);
        });
        RoundResult result = run(agent, 10);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertTrue(result.completed());
        assertEquals(
                List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH), result.path());
        assertEquals(LinuxAgentStatus.FINISH, result.finalStatus());
        assertEquals(3, result.steps());
        assertEquals(Optional.of("3 files"), result.result());
        assertEquals(Optional.empty(), result.error());
        assertEquals(Optional.empty(), result.violation());
        assertEquals("LinuxAgent reached FINISH, which ends the round, after 3 steps", result.reason());
        assertEquals(
                List.of("CONTINUE@1/1", "CONTINUE@2/2", "FINISH@3/3"),
                agent.log(),
                "each state sees its own status and the current step counters; FINISH's handle ran");
        assertEquals(
                List.of(
                        "1 LinuxAgent LinuxAgent.CONTINUE -> CONTINUE by LLM",
                        "2 LinuxAgent LinuxAgent.CONTINUE -> FINISH by LLM"),
                listener.moves);
        assertEquals(List.of(result), listener.ends);
        assertEquals(3, context.require(Context.ROUND_STEP));
    }

    @Test
    void stepLimitIsItsOwnOutcomeAndNeverSuccess() {
        LinuxAgent agent = new LinuxAgent(); // no script: CONTINUE keeps reporting CONTINUE
        RoundResult result = run(agent, 4);
        assertEquals(Outcome.STEP_LIMIT, result.outcome());
        assertFalse(result.completed());
        assertEquals(4, result.steps());
        assertEquals(4, result.path().size());
        assertEquals(LinuxAgentStatus.CONTINUE, result.finalStatus());
        assertTrue(
                result.reason()
                        .startsWith(
                                "the step budget of 4 steps was spent (4 by this round) before a "
                                        + "round-ending state was reached; stopped in LinuxAgent.CONTINUE, about to move to LinuxAgent.CONTINUE"),
                result.reason());
        assertEquals(3, listener.moves.size(), "the refused fifth move is not announced");
    }

    @Test
    void errorWithoutOnErrorEndsTheRoundAtOnce() {
        IOException boom = new IOException("disk full");
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.CONTINUE, boom);
        RoundResult result = run(agent, 10);
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.CONTINUE), result.path());
        assertEquals(LinuxAgentStatus.CONTINUE, result.finalStatus());
        assertEquals(
                "LinuxAgent.CONTINUE failed with java.io.IOException: disk full; LinuxAgent declares no "
                        + "onError state",
                result.reason());
    }

    @Test
    void errorWithOnErrorRunsTheOnErrorStateAndStillReportsError() {
        HostAgent host = new HostAgent();
        IllegalStateException boom = new IllegalStateException("no window");
        List<Optional<Exception>> seenInError = new ArrayList<>();
        host.script(boom, (ScriptedAgent.Step) (a, c) -> seenInError.add(c.get(Context.ERROR)));
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(listener)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow());
        assertEquals(List.of(Optional.of(boom)), seenInError, "the onError state's exit action sees the exception");
        assertEquals(List.of(HostAgentStatus.CONTINUE, HostAgentStatus.ERROR, HostAgentStatus.FINISH), result.path());
        assertEquals(HostAgentStatus.FINISH, result.finalStatus(), "the machine went on to its round-ending state");
        assertEquals(
                List.of("CONTINUE@1/1", "ERROR@2/2", "FINISH@3/3"),
                host.log(),
                "the onError state's handle ran with status ERROR");
        assertEquals("1 HostAgent HostAgent.CONTINUE -> ERROR by SYSTEM", listener.moves.get(0));
        assertTrue(
                result.reason()
                        .startsWith(
                                "HostAgent.CONTINUE failed with java.lang.IllegalStateException: "
                                        + "no window; HostAgent moved to its onError state ERROR; then HostAgent reached FINISH"),
                result.reason());

        host.script(HostAgentStatus.FINISH);
        Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();
        assertEquals(Optional.empty(), context.get(Context.ERROR), "a new round starts without the last one's error");
    }

    @Test
    void anOnErrorStateThatFailsEndsTheRound() {
        HostAgent host = new HostAgent();
        IOException first = new IOException("first");
        IOException second = new IOException("second");
        host.script(first, second);
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(first, result.error().orElseThrow());
        assertEquals(List.of(second), List.of(first.getSuppressed()));
        assertEquals(List.of(HostAgentStatus.CONTINUE, HostAgentStatus.ERROR), result.path());
        assertEquals(HostAgentStatus.ERROR, result.finalStatus());
    }

    @Test
    void illegalTransitionNamesFromRequestedAndTheDeclaredTargets() {
        HostAgent host = new HostAgent()
                .script(HostAgentStatus.FAIL); // a status HostAgent has, but not a move CONTINUE declares
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();
        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome());
        RoundResult.Violation violation = result.violation().orElseThrow();
        assertEquals(
                new RoundResult.Violation(
                        HostAgentStatus.CONTINUE,
                        "FAIL",
                        List.of(
                                HostAgentStatus.CONTINUE,
                                HostAgentStatus.ASSIGN,
                                HostAgentStatus.FINISH,
                                HostAgentStatus.PENDING,
                                HostAgentStatus.CONFIRM,
                                HostAgentStatus.ERROR)),
                violation);
        assertEquals(
                "HostAgent.CONTINUE asked to move to \"FAIL\", which it does not declare; it may move to "
                        + "[CONTINUE, ASSIGN, FINISH, PENDING, CONFIRM, ERROR]",
                result.reason());
        assertEquals(Optional.empty(), result.error());
        assertEquals(List.of(HostAgentStatus.CONTINUE), result.path());
    }

    @Test
    void unknownStatusWithoutFallbackIsItsOwnOutcome() {
        HostAgent host = new HostAgent().script(ScriptedAgent.reportsText("CONFIRMED"));
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();
        assertEquals(Outcome.UNKNOWN_STATUS, result.outcome());
        assertEquals("CONFIRMED", result.violation().orElseThrow().requested());
        assertEquals(HostAgentStatus.CONTINUE, result.violation().orElseThrow().from());
        assertEquals(List.of(HostAgentStatus.CONTINUE), result.path(), "not through onError");
        assertEquals(Optional.empty(), result.error());
        assertTrue(
                result.reason()
                        .startsWith("HostAgent has no state for status \"CONFIRMED\" (asked for in "
                                + "CONTINUE) and declares no fallback; known statuses: [CONTINUE, ASSIGN, FINISH, PENDING, "
                                + "CONFIRM, ERROR, FAIL]"),
                result.reason());
    }

    @Test
    void unknownStatusWithFallbackMovesToTheFallbackVisibly() {
        LinuxAgent agent = new LinuxAgent().script(ScriptedAgent.reportsText("PENDING"));
        RoundResult result = run(agent, 10);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FAIL, LinuxAgentStatus.FINISH), result.path());
        assertEquals("1 LinuxAgent LinuxAgent.CONTINUE -> FAIL by SYSTEM", listener.moves.get(0));
        assertEquals(List.of("CONTINUE@1/1", "FAIL@2/2", "FINISH@3/3"), agent.log());
    }

    @Test
    void cancelledByTheToken() {
        CancellationToken token = new CancellationToken();
        LinuxAgent agent =
                new LinuxAgent().script(LinuxAgentStatus.CONTINUE, (ScriptedAgent.Step) (a, c) -> token.cancel());
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .cancellation(token)
                .build()
                .run();
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertEquals(2, result.steps());
        assertEquals(
                "the round was cancelled: its CancellationToken was cancelled, after 2 steps, in "
                        + "LinuxAgent.CONTINUE",
                result.reason());
    }

    @Test
    void cancelledByInterruptingTheThread() {
        LinuxAgent agent = new LinuxAgent()
                .script((ScriptedAgent.Step) (a, c) -> Thread.currentThread().interrupt());
        RoundResult result = run(agent, 10);
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertEquals(1, result.steps());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
    }

    @Test
    void cancelledWhenHandleIsInterruptedWhileWaiting() {
        LinuxAgent agent = new LinuxAgent().script((ScriptedAgent.Step) (a, c) -> {
            throw new InterruptedException("waiting for the user");
        });
        RoundResult result = run(agent, 10);
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertTrue(
                result.reason().contains("its thread was interrupted while LinuxAgent.CONTINUE ran"), result.reason());
        assertTrue(Thread.currentThread().isInterrupted());
    }

    @Test
    void aCancelledTokenStopsTheRoundBeforeItsFirstStep() {
        CancellationToken token = new CancellationToken();
        token.cancel();
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH);
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .cancellation(token)
                .build()
                .run();
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertEquals(0, result.steps());
        assertEquals(List.of(), result.path());
        assertEquals(List.of(), agent.log());
    }

    @Test
    void aRejectedReplyEndsTheRoundWithItsOutcomeAndNotThroughOnError() {
        List<Status> offered = List.of(HostAgentStatus.CONTINUE, HostAgentStatus.FINISH);
        HostAgent host = new HostAgent()
                .script(new ReplyRejectedException(
                        Outcome.ILLEGAL_TRANSITION,
                        HostAgentStatus.CONTINUE,
                        "FAIL",
                        offered,
                        "{\"status\":\"FAIL\"}",
                        "FAIL is not offered"));
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .build()
                .run();
        assertEquals(Outcome.ILLEGAL_TRANSITION, result.outcome());
        assertEquals(
                new RoundResult.Violation(HostAgentStatus.CONTINUE, "FAIL", offered),
                result.violation().orElseThrow());
        assertEquals(List.of(HostAgentStatus.CONTINUE), result.path(), "not through onError");

        ReplyRejectedException malformed = new ReplyRejectedException(
                Outcome.ERROR,
                HostAgentStatus.CONTINUE,
                "",
                List.of(HostAgentStatus.CONTINUE),
                "not json",
                "the reply is not JSON");
        RoundResult error = Round.of(HostAgentStateManager.instance(), new HostAgent().script(malformed))
                .build()
                .run();
        assertEquals(Outcome.ERROR, error.outcome());
        assertSame(malformed, error.error().orElseThrow());
        assertEquals(List.of(HostAgentStatus.CONTINUE), error.path());
    }

    @Test
    void aListenerThatThrowsEndsTheRoundAsError() {
        IllegalStateException broken = new IllegalStateException("disk full");
        TransitionListener failing = new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {
                throw broken;
            }
        };
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH);
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .listener(failing)
                .listener(listener)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(broken, result.error().orElseThrow());
        assertTrue(
                result.reason().contains("failed on the transition LinuxAgent.CONTINUE -> LinuxAgent.FINISH"),
                result.reason());
        assertEquals(List.of(), listener.moves, "the move was not made");
        assertEquals(List.of(result), listener.ends, "the others still hear how the round ended");
    }

    @Test
    void aListenerThatThrowsAtTheEndTurnsTheResultIntoAnError() {
        TransitionListener failing = new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {}

            @Override
            public void onRoundEnd(String session, int round, RoundResult result) {
                throw new IllegalStateException("closed");
            }
        };
        RoundResult result = Round.of(
                        LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FINISH))
                .listener(failing)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertTrue(
                result.reason()
                        .endsWith("the round itself ended as COMPLETED: LinuxAgent reached FINISH, "
                                + "which ends the round, after 2 steps"),
                result.reason());
    }

    /** A listener that fails at every round's end, as a trace writing to a closed file does. */
    private static final class FailingAtEnd implements TransitionListener {
        final IllegalStateException failure = new IllegalStateException("trace closed");

        @Override
        public void onTransition(TransitionEvent event) {}

        @Override
        public void onRoundEnd(String session, int round, RoundResult result) {
            throw failure;
        }
    }

    @Test
    void aListenerThatThrowsAtTheEndKeepsTheRoundsOwnErrorAsTheCause() {
        IOException boom = new IOException("window closed");
        AppAgent app = new AppAgent(new HostAgent());
        app.script(boom);
        FailingAtEnd failing = new FailingAtEnd();
        RoundResult result = Round.of(AppAgentStateManager.instance(), app)
                .listener(failing)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow(), "the round's own failure is not hidden by the listener's");
        assertEquals(List.of(failing.failure), List.of(boom.getSuppressed()));
        assertTrue(
                result.reason().contains("the round itself ended as ERROR: AppAgent.CONTINUE failed with"),
                result.reason());
    }

    @Test
    void aListenerThatThrowsAtTheEndOfASuspendedRoundLeavesItSuspendedWithItsWait() {
        LinuxAgent agent = new LinuxAgent().script((ScriptedAgent.Step) (a, c) -> {
            throw new Waiting.Suspension(Waiting.Kind.ANSWER, "which directory?");
        });
        FailingAtEnd failing = new FailingAtEnd();
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(RuntimeConfig.parse("maxRound: 2"))
                .listener(failing)
                .build();

        List<RoundResult> results = session.run(List.of("list the files", "show the date"));

        assertEquals(1, results.size(), "the session stops at the wait, to be resumed; the second request waits too");
        RoundResult result = results.get(0);
        assertEquals(Outcome.SUSPENDED, result.outcome(), result.reason());
        Waiting waiting = result.waiting().orElseThrow();
        assertEquals(Waiting.Kind.ANSWER, waiting.kind());
        assertEquals("which directory?", waiting.prompt());
        assertSame(failing.failure, result.error().orElseThrow());
        assertTrue(
                result.reason()
                        .startsWith(
                                "listener " + FailingAtEnd.class.getName() + " failed at the end of the round with"
                                        + " java.lang.IllegalStateException: trace closed; the round itself ended as SUSPENDED:"),
                result.reason());
    }

    @Test
    void aRoundRunsOnce() {
        Round round = Round.of(LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FINISH))
                .build();
        round.run();
        IllegalStateException e = assertThrows(IllegalStateException.class, round::run);
        assertEquals("this round of LinuxAgent has already run; build a new Round for another run", e.getMessage());
    }

    @Test
    void theStepLimitIsTheAgentsMaxStepUnlessTheRoundIsGivenOtherSettings() {
        LinuxAgent agent = new LinuxAgent(maxStep(3)); // no script: CONTINUE keeps reporting CONTINUE
        RoundResult own =
                Round.of(LinuxAgentStateManager.instance(), agent).build().run();
        assertEquals(Outcome.STEP_LIMIT, own.outcome());
        assertEquals(3, own.steps());

        RoundResult given = Round.of(LinuxAgentStateManager.instance(), agent)
                .config(maxStep(5))
                .build()
                .run();
        assertEquals(Outcome.STEP_LIMIT, given.outcome());
        assertEquals(5, given.steps());
    }

    @Test
    void aStepLimitBelowOneIsRefusedWithTheValue() {
        RuntimeConfig d = RuntimeConfig.defaults();
        RuntimeConfig.ConfigException e = assertThrows(
                RuntimeConfig.ConfigException.class,
                () -> d.toBuilder().maxStep(0).build());
        assertEquals("maxStep: 0 is not allowed; expected a whole number, at least 1", e.getMessage());
    }
}
