package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContextTest {
    private final Context context = new Context();

    @Test
    void countersStartAtZeroAndBehaveLikeOtherKeys() {
        assertEquals(0, context.require(Context.ROUND_STEP));
        context.put(Context.ROUND_STEP, 300);
        assertEquals(Optional.of(300), context.get(Context.ROUND_STEP));
        assertEquals(301, context.update(Context.ROUND_STEP, n -> n + 1));
        assertEquals(301, context.require(Context.ROUND_STEP));
        context.remove(Context.ROUND_STEP);
        assertEquals(0, context.require(Context.ROUND_STEP));
        assertEquals(1, context.update(Context.SESSION_STEP, n -> n + 1), "an absent counter is updated from 0");
        assertEquals(0, context.require(Context.ROUND_STEP), "counters are independent");
    }

    @Test
    void aStepSetsTheRoundStepAndCountsTheSessionStep() {
        assertEquals(Map.of(), context.byName(), "no counter before its first use");
        context.put(Context.SESSION_STEP, 7);
        context.stepTaken(3);
        assertEquals(3, context.require(Context.ROUND_STEP));
        assertEquals(8, context.require(Context.SESSION_STEP));
        assertEquals(Map.of("round_step", 3, "session_step", 8), context.byName(), "what the journal records");
        context.remove(Context.ROUND_STEP);
        assertEquals(Map.of("session_step", 8), context.byName(), "a removed counter is absent like any key");
        context.stepTaken(1);
        assertEquals(Map.of("round_step", 1, "session_step", 9), context.byName());
    }

    @Test
    void missingValuesAreEmptyOrNamedErrors() {
        assertEquals(Optional.empty(), context.get(Context.REQUEST));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> context.require(Context.SUBTASK));
        assertEquals("context has no value for key 'subtask'", e.getMessage());
        NullPointerException npe = assertThrows(NullPointerException.class, () -> context.put(Context.REQUEST, null));
        assertEquals("value for context key request", npe.getMessage());
    }

    @Test
    void archivedSubtasksAccumulateInOrder() {
        context.archive(new ArchivedSubtask("open", AppStatus.FINISH, "opened"));
        context.archive(new ArchivedSubtask("print", AppStatus.FAIL, ""));
        assertEquals(
                List.of(
                        new ArchivedSubtask("open", AppStatus.FINISH, "opened"),
                        new ArchivedSubtask("print", AppStatus.FAIL, "")),
                context.previousSubtasks());
    }
}
