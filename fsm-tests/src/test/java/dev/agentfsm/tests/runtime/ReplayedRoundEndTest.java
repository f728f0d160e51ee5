package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resumed session's listeners hear a round end its journal holds as replayed ({@code onReplayedRoundEnd}), never
 * again as {@code onRoundEnd}: they heard that when it was recorded. Whether a replayed step ended the round or the
 * runtime did between two steps, the listeners hear it once.
 */
class ReplayedRoundEndTest {
    /** Three steps for two rounds: the first completes in two, the second runs out after one. */
    private static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: 3\nmaxRound: 2");

    private static final List<String> REQUESTS = List.of("list the files", "show the date");

    /** What the listeners heard, as lines: moves, round ends and replayed round ends. */
    private static class Heard implements TransitionListener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void onTransition(TransitionEvent event) {
            lines.add("move " + event.round() + " " + event.from().name() + "->"
                    + event.to().name());
        }

        @Override
        public void onRoundEnd(String session, int round, RoundResult result) {
            lines.add("end " + round + " " + result.outcome() + " " + names(result));
        }

        @Override
        public void onReplayedRoundEnd(String session, int round, RoundResult result) {
            lines.add("replayed end " + round + " " + result.outcome() + " " + names(result));
        }

        private static List<String> names(RoundResult result) {
            return result.path().stream().map(s -> s.name()).toList();
        }
    }

    /** Round 1 moves to FINISH; round 2 stays in CONTINUE, and the budget ends it before its second step. */
    private static LinuxAgent agent() {
        return new LinuxAgent().script(LinuxAgentStatus.FINISH, LinuxAgentStatus.CONTINUE);
    }

    private static List<String> recorded(Path file) throws IOException {
        Heard heard = new Heard();
        try (Journal journal = Journal.create(file)) {
            List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent())
                    .config(CONFIG)
                    .recorder(journal)
                    .listener(heard)
                    .build()
                    .run(REQUESTS);
            assertEquals(
                    Outcome.STEP_LIMIT, results.get(1).outcome(), results.get(1).reason());
        }
        return heard.lines;
    }

    private static List<RoundResult> resume(Path file, TransitionListener listener) throws IOException {
        try (Journal journal = Journal.open(file)) {
            return Session.of(LinuxAgentStateManager.instance(), agent())
                    .config(CONFIG)
                    .listener(listener)
                    .build()
                    .resume(journal);
        }
    }

    @Test
    void aResumedSessionsListenersHearEachRecordedEndOnceAsReplayed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("linux.journal");
        assertEquals(
                List.of("move 1 CONTINUE->FINISH", "end 1 COMPLETED [CONTINUE, FINISH]", "end 2 STEP_LIMIT [CONTINUE]"),
                recorded(file));

        Heard heard = new Heard();
        List<RoundResult> results = resume(file, heard);

        assertEquals(
                List.of("replayed end 1 COMPLETED [CONTINUE, FINISH]", "replayed end 2 STEP_LIMIT [CONTINUE]"),
                heard.lines,
                "round 1 ended by its replayed step, round 2 by the runtime between steps: no move or end again");
        assertEquals(Outcome.COMPLETED, results.get(0).outcome());
        assertEquals(Outcome.STEP_LIMIT, results.get(1).outcome());
    }

    @Test
    void anEndTheJournalDoesNotHoldIsHeardAsAnyEnd(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("linux.journal");
        recorded(file);
        List<String> records = Files.readAllLines(file);
        assertTrue(records.get(records.size() - 1).contains("\"type\":\"roundEnd\",\"round\":2"), records.toString());
        Files.write(file, records.subList(0, records.size() - 1)); // died before round 2's end was written

        Heard heard = new Heard();
        resume(file, heard);

        assertEquals(
                List.of("replayed end 1 COMPLETED [CONTINUE, FINISH]", "end 2 STEP_LIMIT [CONTINUE]"),
                heard.lines,
                "round 2's end was reached again, not replayed: the listeners hear it as the journal now records it");
    }

    @Test
    void aListenerThatThrowsAtAReplayedEndEndsTheRoundAsAnError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("linux.journal");
        recorded(file);
        TransitionListener broken = new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {}

            @Override
            public void onReplayedRoundEnd(String session, int round, RoundResult result) {
                throw new IllegalStateException("no span for round " + round);
            }
        };

        List<RoundResult> results = resume(file, broken);

        RoundResult first = results.get(0);
        assertEquals(Outcome.ERROR, first.outcome(), first.reason());
        assertTrue(first.reason().contains(broken.getClass().getName()), first.reason());
        assertTrue(first.reason().contains("no span for round 1"), first.reason());
    }
}
