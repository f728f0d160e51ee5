package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.RoundDecider.Decision;
import dev.agentfsm.runtime.RoundDecider.WorkEnd;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The round's one decider, on values alone: what follows each kind of step end, and when the round
 * may take its next step. The engines' own tests (fsm-tests' RoundOutcomeTest, fsm-temporal's
 * WorkflowRoundTest) show both engines follow it.
 */
class RoundDeciderTest {

    private static Decision decide(Status at, WorkEnd end, boolean afterOnError) {
        return RoundDecider.decide(at, end, 4, afterOnError);
    }

    private static WorkEnd.Chose chose(Status at, Status to, boolean handOff) {
        return new WorkEnd.Chose(to, at.moveTo(to), handOff);
    }

    @Test
    void aDeclaredChoiceMovesWithItsTrigger() {
        Decision.Move move = assertInstanceOf(
                Decision.Move.class,
                decide(HostStatus.CONTINUE, chose(HostStatus.CONTINUE, HostStatus.ASSIGN, false), false));
        assertEquals(HostStatus.ASSIGN, move.to());
        assertEquals(Trigger.LLM, move.trigger());
        assertEquals(Optional.empty(), move.toOnError());
        assertEquals(
                Optional.empty(),
                RoundDecider.chose(
                        HostStatus.CONTINUE,
                        HostStatus.ASSIGN,
                        HostStatus.CONTINUE.moveTo(HostStatus.ASSIGN),
                        false,
                        4));
    }

    @Test
    void anUndeclaredChoiceOrAHandOffWithoutItsAgentIsIllegal() {
        Decision.End end = assertInstanceOf(
                Decision.End.class,
                decide(HostStatus.PENDING, new WorkEnd.Chose(HostStatus.FINISH, Optional.empty(), false), false));
        assertEquals(Outcome.ILLEGAL_TRANSITION, end.outcome());
        assertEquals(
                "HostAgent.PENDING asked to move to \"FINISH\", which it does not declare; it may move to [CONTINUE, FAIL]",
                end.reason());
        assertEquals(
                Optional.of(new WorkEnd.Refused(
                        HostStatus.PENDING, "FINISH", List.of(HostStatus.CONTINUE, HostStatus.FAIL))),
                end.violation());

        Decision handOff = decide(HostStatus.ASSIGN, chose(HostStatus.ASSIGN, AppStatus.CONTINUE, false), false);
        assertEquals(Outcome.ILLEGAL_TRANSITION, ((Decision.End) handOff).outcome(), "a hand-off needs the agent");
    }

    @Test
    void aFailureGoesToOnErrorOnceAndThenEndsTheRound() {
        Decision.Move toOnError = assertInstanceOf(
                Decision.Move.class,
                decide(HostStatus.CONTINUE, new WorkEnd.Failed("java.io.IOException: gone"), false));
        assertEquals(HostStatus.ERROR, toOnError.to());
        assertEquals(Trigger.SYSTEM, toOnError.trigger());
        assertEquals(
                Optional.of("HostAgent.CONTINUE failed with java.io.IOException: gone; HostAgent moved to its onError"
                        + " state ERROR"),
                toOnError.toOnError());

        Decision.End again = assertInstanceOf(
                Decision.End.class,
                decide(HostStatus.CONTINUE, new WorkEnd.Failed("java.io.IOException: again"), true));
        assertEquals(Outcome.ERROR, again.outcome());
        assertTrue(again.failed());
        assertEquals("HostAgent.CONTINUE failed with java.io.IOException: again", again.reason());

        Decision inOnError = decide(HostStatus.ERROR, new WorkEnd.Failed("x"), false);
        assertEquals(Outcome.ERROR, ((Decision.End) inOnError).outcome(), "onError failing itself ends the round");
    }

    @Test
    void aTimeOutMovesOnlyAlongADeclaredTimeoutMove() {
        Decision.Move expired = assertInstanceOf(
                Decision.Move.class, decide(HostStatus.PENDING, new WorkEnd.TimedOut(HostStatus.FAIL), false));
        assertEquals(HostStatus.FAIL, expired.to());
        assertEquals(Trigger.TIMEOUT, expired.trigger());

        Decision notATimeout = decide(HostStatus.PENDING, new WorkEnd.TimedOut(HostStatus.CONTINUE), false);
        assertEquals(
                Outcome.ILLEGAL_TRANSITION,
                ((Decision.End) notATimeout).outcome(),
                "PENDING -> CONTINUE is a USER move");
    }

    @Test
    void anUnknownStatusEndsTheRoundWithoutAFallbackAndAnotherMachinesGoesToOnError() {
        Decision.End unknown = assertInstanceOf(
                Decision.End.class,
                decide(HostStatus.CONTINUE, new WorkEnd.UnknownStatus("HostAgent", Optional.empty(), "e"), false));
        assertEquals(Outcome.UNKNOWN_STATUS, unknown.outcome());
        assertTrue(
                unknown.reason().startsWith("HostAgent has no state for status null (asked for in CONTINUE)"),
                unknown.reason());
        assertEquals("", unknown.violation().orElseThrow().requested());

        Decision other =
                decide(HostStatus.CONTINUE, new WorkEnd.UnknownStatus("AppAgent", Optional.of("X"), "e"), false);
        assertEquals(HostStatus.ERROR, ((Decision.Move) other).to());
    }

    @Test
    void aRejectedReplyEndsWithItsOwnOutcome() {
        WorkEnd.Refused refused = new WorkEnd.Refused(HostStatus.CONTINUE, "DANCE", List.of(HostStatus.FINISH));
        Decision.End unknown = assertInstanceOf(
                Decision.End.class,
                decide(
                        HostStatus.CONTINUE,
                        new WorkEnd.Rejected(Outcome.UNKNOWN_STATUS, "no", Optional.of(refused)),
                        false));
        assertEquals(Outcome.UNKNOWN_STATUS, unknown.outcome());
        assertEquals(Optional.of(refused), unknown.violation());
        assertEquals("the LLM's reply was rejected in HostAgent.CONTINUE: no", unknown.reason());

        Decision.End malformed = assertInstanceOf(
                Decision.End.class,
                decide(HostStatus.CONTINUE, new WorkEnd.Rejected(Outcome.ERROR, "not JSON", Optional.empty()), false));
        assertEquals(Outcome.ERROR, malformed.outcome());
        assertTrue(malformed.failed(), "the rejection is the round's error");
    }

    @Test
    void aFinishedOrCancelledStepEndsTheRound() {
        Decision.End done =
                assertInstanceOf(Decision.End.class, decide(HostStatus.FINISH, new WorkEnd.Finished(), false));
        assertEquals(Outcome.COMPLETED, done.outcome());
        assertEquals("HostAgent reached FINISH, which ends the round, after 4 steps", done.reason());

        Decision.End cancelled = assertInstanceOf(
                Decision.End.class, decide(HostStatus.PENDING, new WorkEnd.Cancelled("it was stopped"), false));
        assertEquals(Outcome.CANCELLED, cancelled.outcome());
        assertEquals(
                "the round was cancelled: it was stopped, after 4 steps, in HostAgent.PENDING", cancelled.reason());
    }

    @Test
    void theRoundTakesAStepOnlyWhenItIsNotCancelledAndHasOneLeft() {
        assertEquals(
                Optional.empty(),
                RoundDecider.admit(HostStatus.CONTINUE, HostStatus.ASSIGN, 2, Optional.empty(), 2, 3));
        Decision.End cancelled = RoundDecider.admit(
                        HostStatus.CONTINUE, HostStatus.ASSIGN, 2, Optional.of("its token was cancelled"), 0, 3)
                .orElseThrow();
        assertEquals(Outcome.CANCELLED, cancelled.outcome(), "a cancellation comes before the budget");
        Decision.End spent = RoundDecider.admit(HostStatus.CONTINUE, HostStatus.ASSIGN, 3, Optional.empty(), 3, 3)
                .orElseThrow();
        assertEquals(Outcome.STEP_LIMIT, spent.outcome());
        assertTrue(
                spent.reason().endsWith("stopped in HostAgent.CONTINUE, about to move to HostAgent.ASSIGN"),
                spent.reason());
        Decision.End none = RoundDecider.admit(HostStatus.CONTINUE, HostStatus.CONTINUE, 0, Optional.empty(), 5, 5)
                .orElseThrow();
        assertTrue(none.reason().endsWith("stopped before entering HostAgent.CONTINUE"), none.reason());
    }
}
