package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.LlmClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two threads running rounds of one journaled session at once: the second is refused before it records or
 * runs anything, so the journal holds one history and resumes to the first round's end.
 */
class ConcurrentRoundsTest {
    private static final int TARGET = 6;

    @Test
    void aRoundStartedWhileAnotherRunsIsRefusedAndTheJournalHoldsOneHistory(@TempDir Path dir) throws Exception {
        CountDownLatch inStep = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountingModel counting = new CountingModel(TARGET);
        // the first model call holds the first round inside its first step until the test lets it go
        LlmClient held = request -> {
            if (inStep.getCount() > 0) {
                inStep.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return counting.complete(request);
        };
        Journal journal = Journal.create(TallyRun.journal(dir));
        Session session = session(dir, journal, held, "first").recorder(journal).build();
        CompletableFuture<List<RoundResult>> first =
                CompletableFuture.supplyAsync(() -> session.run(List.of(TallyRun.TASK)));
        inStep.await();

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> session.runRound("another"));
        assertTrue(e.getMessage().contains("one round at a time"), e.getMessage());
        int recordsWhileRunning = journal.records();
        release.countDown();
        RoundResult result = first.get().get(0);
        journal.close();
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(2, recordsWhileRunning, "the header and the first round's request; nothing of the second");

        CountingModel model = new CountingModel(TARGET);
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            List<RoundResult> again =
                    session(dir, opened, model, "second").build().resume(opened);
            assertEquals(1, again.size());
            assertEquals(result.path(), again.get(0).path());
        }
        assertEquals(0, model.calls(), "every step was replayed");
    }

    private static Session.Builder<TallyAgent> session(Path dir, Journal journal, LlmClient model, String launch) {
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 200\nmaxRound: 2");
        LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), launch, Duration.ZERO);
        TallyAgent agent = new TallyAgent(journal.llm(model), journal.driver(driver), config);
        return Session.of(TallyStateManager.instance(), agent).config(config);
    }
}
