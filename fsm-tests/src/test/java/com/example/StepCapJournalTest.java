package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.Echo.EchoAgent;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.StepInterceptor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A veto in a journaled session: the journal records each step outside the session's interceptors,
 * so a vetoed step is in the journal as the step that ended the round, interceptors run again on the
 * steps a resumed session replays (and know it), and a replay whose interceptors decide otherwise
 * diverges rather than rewrite what happened.
 */
class StepCapJournalTest {

    @Test
    void aResumedSessionReplaysTheVetoAndItsInterceptorsKnowTheStepsAreReplayed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("echo.journal");
        RoundResult vetoed;
        try (Journal journal = Journal.create(file)) {
            vetoed = Session.of(EchoStateManager.instance(), new EchoAgent())
                    .recorder(journal)
                    .interceptor(new StepCap(2))
                    .build()
                    .run(List.of(" "))
                    .get(0);
        }
        assertEquals(Outcome.VETOED, vetoed.outcome(), vetoed.reason());

        List<String> replayed = new ArrayList<>();
        StepInterceptor watch = chain -> {
            replayed.add(chain.step() + (chain.replayed() ? " replayed" : " live"));
            return chain.proceed();
        };
        RoundResult resumed;
        try (Journal journal = Journal.open(file)) {
            resumed = Session.of(EchoStateManager.instance(), new EchoAgent())
                    .interceptor(new StepCap(2))
                    .interceptor(watch)
                    .build()
                    .resume(journal)
                    .get(0);
        }
        assertEquals(vetoed.outcome(), resumed.outcome());
        assertEquals(vetoed.reason(), resumed.reason());
        assertEquals(vetoed.path(), resumed.path());
        assertEquals(vetoed.steps(), resumed.steps());
        assertEquals(List.of("1 replayed", "2 replayed"), replayed, "the vetoed step 3 never reached the inner one");
    }

    @Test
    void aReplayWhoseInterceptorNoLongerVetoesDiverges(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("echo.journal");
        try (Journal journal = Journal.create(file)) {
            Session.of(EchoStateManager.instance(), new EchoAgent())
                    .recorder(journal)
                    .interceptor(new StepCap(2))
                    .build()
                    .run(List.of(" "));
        }
        try (Journal journal = Journal.open(file)) {
            Session session = Session.of(EchoStateManager.instance(), new EchoAgent())
                    .interceptor(new StepCap(10))
                    .build();
            JournalException e = assertThrows(JournalException.class, () -> session.resume(journal));
            assertEquals(JournalException.Kind.DIVERGED, e.kind());
            assertTrue(e.getMessage().contains("the journal says it ended the round as VETOED"), e.getMessage());
        }
    }
}
