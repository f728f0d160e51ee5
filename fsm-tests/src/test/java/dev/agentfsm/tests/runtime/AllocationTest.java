package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A runtime step (state lookup, handle, the decision, the table check, the switch, the step counters,
 * the path, and listener dispatch with no listeners) allocates nothing. Measured with the thread's
 * allocation counter between two steps of one round, so the round's set-up and its result (the path
 * as strings) are outside the window; no timing is involved.
 */
class AllocationTest {
    private static final int STEPS = 16_000;
    private static final int FROM = 1_000;
    private static final int TO = 15_000;
    /** Room for a rare deoptimization or safepoint artefact; a per-step allocation would be 14,000 times more. */
    private static final long TOLERANCE_BYTES = 256;

    @Test
    void aRuntimeStepAllocatesNothing() {
        List<Long> windows = new ArrayList<>();
        List<Long> wholeRounds = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            CountingAgent agent = new CountingAgent(STEPS, FROM, TO);
            Context context = new Context();
            long before = CountingAgent.allocatedByThisThread();
            RoundResult result = Round.of(CountingStateManager.instance(), agent).context(context)
                    .maxSteps(STEPS + 1).build().run();
            wholeRounds.add(CountingAgent.allocatedByThisThread() - before);
            assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
            assertEquals(STEPS + 1, result.steps());
            windows.add(agent.bytesBetween);
        }
        long best = windows.subList(1, windows.size()).stream().mapToLong(Long::longValue).min().orElseThrow();
        System.out.printf("AllocationTest: bytes allocated over %d runtime steps, per round: %s; whole rounds "
                + "(set-up, %d steps, result with a %d-entry path): %s%n", TO - FROM, windows, STEPS + 1, STEPS + 1,
                wholeRounds);
        assertTrue(best <= TOLERANCE_BYTES, "the runtime allocated " + best + " bytes over " + (TO - FROM)
                + " steps (all rounds: " + windows + ")");
    }
}
