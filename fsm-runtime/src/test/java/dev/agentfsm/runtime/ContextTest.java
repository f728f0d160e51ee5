package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContextTest {
    private final Context context = new Context();

    @Test
    void countersStartAtZeroAndBehaveLikeOtherKeys() {
        assertEquals(0, context.require(Context.ROUND_STEP));
        context.counter(Context.ROUND_STEP).value = 7;
        assertEquals(Optional.of(7), context.get(Context.ROUND_STEP));
        context.put(Context.ROUND_STEP, 300);
        assertEquals(300, context.require(Context.ROUND_STEP));
        assertEquals(301, context.update(Context.ROUND_STEP, n -> n + 1));
        assertEquals(302, context.counter(Context.ROUND_STEP).increment());
        context.remove(Context.ROUND_STEP);
        assertEquals(0, context.require(Context.ROUND_STEP));
        assertEquals(0, context.require(Context.SESSION_STEP), "counters are independent");
        IllegalArgumentException notACounter = assertThrows(IllegalArgumentException.class,
                () -> context.counter(Context.Key.of("plain")));
        assertEquals("context key 'plain' is not a counter", notACounter.getMessage());
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
        context.archive(new ArchivedSubtask("open", "FINISH", "opened"));
        context.archive(new ArchivedSubtask("print", "FAIL", ""));
        assertEquals(List.of("open", "print"), context.previousSubtasks().stream().map(ArchivedSubtask::subtask).toList());
    }
}
