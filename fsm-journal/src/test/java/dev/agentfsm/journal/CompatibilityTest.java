package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.MachineDoubles;
import dev.agentfsm.runtime.StateManager;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which recorded steps the HostAgent and AppAgent doubles can replay: the states and declared moves of
 * both machines, the implicit SYSTEM move to onError, each round from the initial state; the first step
 * that is not replayable is the one named.
 */
class CompatibilityTest {
    private static final StateManager<?, ?> HOST = MachineDoubles.HostStatus.CONTINUE.machine();

    @Test
    void declaredMovesHandOffsAndTheMoveToOnErrorReplay() {
        List<JournalRecord> records = List.of(
                new JournalRecord.Requests(2, List.of("a request")),
                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.ASSIGN", Trigger.LLM),
                moved(4, 2, "HostAgent.ASSIGN", "AppAgent.CONTINUE", Trigger.SYSTEM),
                moved(5, 3, "AppAgent.CONTINUE", "AppAgent.PENDING", Trigger.LLM),
                // PENDING declares no move to ERROR: the runtime takes it when PENDING's work fails
                moved(6, 4, "AppAgent.PENDING", "AppAgent.ERROR", Trigger.SYSTEM),
                moved(7, 5, "AppAgent.ERROR", "HostAgent.FINISH", Trigger.SYSTEM),
                ended(8, 6, "HostAgent.FINISH"));

        assertEquals(Optional.empty(), Compatibility.firstIncompatible(records, HOST));
    }

    @Test
    void theFirstMoveNoLongerDeclaredIsNamed() {
        List<JournalRecord> records = List.of(
                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.PENDING", Trigger.LLM),
                moved(4, 2, "HostAgent.PENDING", "HostAgent.FINISH", Trigger.USER),
                moved(5, 3, "HostAgent.FINISH", "HostAgent.CONTINUE", Trigger.LLM));

        Compatibility.Incompatible found =
                Compatibility.firstIncompatible(records, HOST).orElseThrow();

        assertEquals(4, found.record().number());
        assertEquals(
                "step 2 of round 1 moved from HostAgent.PENDING to HostAgent.FINISH by USER, a move these machines no"
                        + " longer declare",
                found.why());
    }

    @Test
    void aMoveWhoseTriggerChangedIsNamedWithTheTriggerItHasNow() {
        Compatibility.Incompatible found = Compatibility.firstIncompatible(
                        List.of(moved(3, 1, "HostAgent.CONTINUE", "HostAgent.FINISH", Trigger.USER)), HOST)
                .orElseThrow();

        assertEquals(3, found.record().number());
        assertTrue(found.why().endsWith("(CONTINUE moves to FINISH by LLM now)"), found.why());
    }

    @Test
    void aStateThatIsGoneIsNamedWhetherEnteredOrMovedTo() {
        assertEquals(
                "step 2 of round 1 entered HostAgent.AJAR, a state these machines no longer have (removed or renamed)",
                Compatibility.firstIncompatible(
                                List.of(
                                        moved(3, 1, "HostAgent.CONTINUE", "HostAgent.CONTINUE", Trigger.LLM),
                                        ended(4, 2, "HostAgent.AJAR")),
                                HOST)
                        .orElseThrow()
                        .why());
        assertTrue(Compatibility.firstIncompatible(
                        List.of(moved(3, 1, "HostAgent.CONTINUE", "Elsewhere.START", Trigger.LLM)), HOST)
                .orElseThrow()
                .why()
                .endsWith("a move to a state these machines no longer have (removed or renamed)"));
    }

    @Test
    void aRoundThatStartedElsewhereIsNamed() {
        Compatibility.Incompatible found = Compatibility.firstIncompatible(
                        List.of(ended(3, 1, "HostAgent.FINISH")), HOST)
                .orElseThrow();

        assertEquals(
                "round 1 started in HostAgent.FINISH, but this version's rounds start in HostAgent.CONTINUE (the"
                        + " initial state changed)",
                found.why());
    }

    @Test
    void theWaitASuspendedSessionResumesAtIsCheckedAsTheStepsAre() {
        // suspended for days at a round's first question; meanwhile the state it waits in was removed (no move
        // into it was recorded, which would name it), or the initial state changed
        Compatibility.Incompatible gone = Compatibility.firstIncompatible(
                        List.of(
                                ended(3, 1, "HostAgent.CONTINUE", "ILLEGAL_TRANSITION"),
                                waiting(4, 1, "HostAgent.AJAR")),
                        HOST)
                .orElseThrow();
        assertEquals(4, gone.record().number());
        assertEquals(
                "step 1 of round 1 waits in HostAgent.AJAR, a state these machines no longer have (removed or renamed)",
                gone.why());

        Compatibility.Incompatible elsewhere = Compatibility.firstIncompatible(
                        List.of(waiting(3, 1, "HostAgent.PENDING")), HOST)
                .orElseThrow();
        assertEquals(3, elsewhere.record().number());
        assertTrue(elsewhere.why().startsWith("round 1 started in HostAgent.PENDING"), elsewhere.why());

        assertEquals(
                Optional.empty(),
                Compatibility.firstIncompatible(
                        List.of(
                                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.PENDING", Trigger.LLM),
                                waiting(4, 2, "HostAgent.PENDING")),
                        HOST));
    }

    @Test
    void aRoundThatEndedInAStateThatNoLongerEndsItIsNamed() {
        // PENDING ended the round when the journal was written; in this version it ends none
        Compatibility.Incompatible found = Compatibility.firstIncompatible(
                        List.of(
                                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.PENDING", Trigger.LLM),
                                ended(4, 2, "HostAgent.PENDING")),
                        HOST)
                .orElseThrow();

        assertEquals(4, found.record().number());
        assertEquals(
                "step 2 of round 1 ended the round in HostAgent.PENDING, a state that no longer ends the round (its"
                        + " @Terminal(endsRound) changed)",
                found.why());
        // a round that ended otherwise (a refused move, a failure) says nothing about the flag
        assertEquals(
                Optional.empty(),
                Compatibility.firstIncompatible(
                        List.of(ended(3, 1, "HostAgent.CONTINUE", "ILLEGAL_TRANSITION")), HOST));
    }

    @Test
    void aRoundEndingStateStillMovesToOnErrorWhenItsWorkFails() {
        // FINISH ends the round, but a failure in its exit action sends the round to onError, which it declares not
        assertEquals(
                Optional.empty(),
                Compatibility.firstIncompatible(
                        List.of(
                                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.FINISH", Trigger.LLM),
                                moved(4, 2, "HostAgent.FINISH", "HostAgent.ERROR", Trigger.SYSTEM),
                                moved(5, 3, "HostAgent.ERROR", "HostAgent.FINISH", Trigger.SYSTEM),
                                ended(6, 4, "HostAgent.FINISH", "COMPLETED")),
                        HOST));
    }

    @Test
    void aStepThatTimedOutIsNamedWhenItsStateNoLongerTimesOutThere() {
        // PENDING still declares its TIMEOUT move to FAIL, but has no @Timeout in this version: the round takes a
        // TIMEOUT move only to the target of the state's @Timeout
        Compatibility.Incompatible found = Compatibility.firstIncompatible(
                        List.of(
                                moved(3, 1, "HostAgent.CONTINUE", "HostAgent.PENDING", Trigger.LLM),
                                moved(4, 2, "HostAgent.PENDING", "HostAgent.FAIL", Trigger.TIMEOUT)),
                        HOST)
                .orElseThrow();

        assertEquals(4, found.record().number());
        assertEquals(
                "step 2 of round 1 moved from HostAgent.PENDING to HostAgent.FAIL when its time-out ran out, but"
                        + " HostAgent.PENDING has no @Timeout now, so it would not time out",
                found.why());
    }

    private static JournalRecord.Waiting waiting(int number, int step, String state) {
        return new JournalRecord.Waiting(number, 1, step, step, "agent", state, List.of(), "ANSWER", "which table?");
    }

    @Test
    void aRefusedStatusReplaysOnlyWhileItIsStillRefused() {
        // CONTINUE declares no move to FAIL, and HostAgent has no AJAR: both still end the round as recorded
        assertEquals(
                Optional.empty(),
                Compatibility.firstIncompatible(
                        List.of(
                                refused(3, "ILLEGAL_TRANSITION", "FAIL"),
                                refused(4, "UNKNOWN_STATUS", "AJAR"),
                                // a journal written before refusals were recorded: nothing to tell
                                ended(5, 1, "HostAgent.CONTINUE", "ILLEGAL_TRANSITION")),
                        HOST));

        assertEquals(
                "step 1 of round 1 in HostAgent.CONTINUE asked to move to PENDING, which it did not declare, and"
                        + " ended the round as ILLEGAL_TRANSITION; but HostAgent.CONTINUE declares its move to PENDING"
                        + " now (by LLM), so the replay would take it instead",
                Compatibility.firstIncompatible(List.of(refused(3, "ILLEGAL_TRANSITION", "PENDING")), HOST)
                        .orElseThrow()
                        .why());
        assertEquals(
                "step 1 of round 1 in HostAgent.CONTINUE asked to move to AJAR, which it did not declare, and ended"
                        + " the round as ILLEGAL_TRANSITION; but AJAR is not a status of these machines now (removed or"
                        + " renamed), so the replay would end as UNKNOWN_STATUS instead",
                Compatibility.firstIncompatible(List.of(refused(3, "ILLEGAL_TRANSITION", "AJAR")), HOST)
                        .orElseThrow()
                        .why());
        assertEquals(
                "step 1 of round 1 in HostAgent.CONTINUE asked to move to PENDING, a status HostAgent did not have,"
                        + " and ended the round as UNKNOWN_STATUS; but HostAgent has PENDING now, so the replay would"
                        + " not end there",
                Compatibility.firstIncompatible(List.of(refused(3, "UNKNOWN_STATUS", "PENDING")), HOST)
                        .orElseThrow()
                        .why());
    }

    /** Step 1 in HostAgent.CONTINUE, which ended the round as {@code outcome} refusing {@code requested}. */
    private static JournalRecord.Step refused(int number, String outcome, String requested) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        return new JournalRecord.Step(
                number,
                1,
                1,
                1,
                "agent",
                "HostAgent.CONTINUE",
                Optional.empty(),
                Optional.of(outcome),
                Optional.of(requested),
                false,
                List.of(),
                json.objectNode(),
                json.objectNode(),
                0);
    }

    private static JournalRecord.Step moved(int number, int step, String state, String to, Trigger trigger) {
        return step(number, step, state, Optional.of(new JournalRecord.Moved(to, trigger)), Optional.empty());
    }

    private static JournalRecord.Step ended(int number, int step, String state) {
        return ended(number, step, state, "COMPLETED");
    }

    private static JournalRecord.Step ended(int number, int step, String state, String outcome) {
        return step(number, step, state, Optional.empty(), Optional.of(outcome));
    }

    private static JournalRecord.Step step(
            int number, int step, String state, Optional<JournalRecord.Moved> moved, Optional<String> ended) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        return new JournalRecord.Step(
                number,
                1,
                step,
                step,
                "agent",
                state,
                moved,
                ended,
                Optional.empty(),
                false,
                List.of(),
                json.objectNode(),
                json.objectNode(),
                0);
    }
}
