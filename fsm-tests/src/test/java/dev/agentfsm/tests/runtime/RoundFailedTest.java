package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.FailingStore;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalStore;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.trace.JfrListener;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceEntry;
import dev.agentfsm.trace.TraceReader;
import dev.agentfsm.trace.TraceReport;
import dev.agentfsm.trace.TraceStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A round that an exception leaves (here its journal's, which fails around the step, outside every interceptor of
 * the session's) has no end, and its listeners hear that once, as {@code onRoundFailed}: a tracer's round span
 * would otherwise stay open, and the JSON-lines trace and the JFR recording would just stop at its last move. A round
 * whose end was heard before its record failed is not heard failing too.
 */
class RoundFailedTest {
    /** One round of two steps: CONTINUE moves to FINISH, which completes it. */
    private static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: 3");

    /** What the listeners heard of the round's end, as lines. */
    private static class Heard implements TransitionListener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void onTransition(TransitionEvent event) {}

        @Override
        public void onRoundEnd(String session, int round, RoundResult result) {
            lines.add("end " + round + " " + result.outcome());
        }

        @Override
        public void onRoundFailed(String session, int round, Throwable failure) {
            lines.add("failed " + round + " " + failure.getMessage());
        }
    }

    /** Runs the round on a journal whose {@code failing}th append fails (the header, the requests, then the steps). */
    private static UncheckedIOException run(Path dir, int failing, TransitionListener... listeners) throws IOException {
        JournalStore store = new FailingStore(JournalStore.directory(dir, Durability.SYNC), failing);
        try (Journal journal = Journal.create(store, "linux")) {
            Session.Builder<LinuxAgent> session = Session.of(
                            LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FINISH))
                    .config(CONFIG)
                    .recorder(journal);
            for (TransitionListener listener : listeners) {
                session.listener(listener);
            }
            Session built = session.build();
            return assertThrows(UncheckedIOException.class, () -> built.runRound("list the files"));
        }
    }

    @Test
    void aRoundWhoseStepCouldNotBeRecordedIsHeardFailingOnce(@TempDir Path dir) throws IOException {
        Heard heard = new Heard();
        UncheckedIOException thrown = run(dir, 3, heard); // the first step's record

        assertEquals(List.of("failed 1 " + thrown.getMessage()), heard.lines);
    }

    @Test
    void aRoundWhoseStepCouldNotBeRecordedEndsItsTraceAndItsRecordingWithTheFailure(
            @TempDir Path dir, @TempDir Path traces) throws IOException {
        Path file = traces.resolve("trace.jsonl");
        Path recorded = traces.resolve("round.jfr");
        UncheckedIOException thrown;
        try (Recording recording = new Recording();
                JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            recording.enable(JfrListener.ROUND_FAILED_EVENT);
            recording.start();
            thrown = run(dir, 3, trace, new JfrListener()); // the first step's record
            recording.stop();
            recording.dump(recorded);
        }

        List<TraceEntry> entries;
        try (Stream<TraceEntry> read = TraceReader.entries(file)) {
            entries = read.toList();
        }
        List<TraceEntry.RoundFailed> failedLines = entries.stream()
                .filter(TraceEntry.RoundFailed.class::isInstance)
                .map(TraceEntry.RoundFailed.class::cast)
                .toList();
        assertEquals(1, failedLines.size(), "the trace's lines: " + entries);
        TraceEntry.RoundFailed failed = failedLines.get(0);
        assertEquals(failed, entries.get(entries.size() - 1), "the trace's last line");
        assertEquals(1, failed.round());
        assertEquals("java.io.UncheckedIOException", failed.exception());
        assertEquals(Optional.of(thrown.getMessage()), failed.message());
        TraceReport report =
                TraceCheck.of(List.of(LinuxAgentStateManager.instance())).check(List.of(file));
        assertFalse(report.passed(), report.table());
        assertEquals(1, report.count(TraceReport.Kind.ROUND_FAILED), report.table());
        assertEquals(0, report.count(TraceReport.Kind.UNREADABLE), report.table());
        assertEquals(1, TraceStats.of(List.of(file)).failedRounds());

        List<RecordedEvent> events = RecordingFile.readAllEvents(recorded).stream()
                .filter(event -> event.getEventType().getName().equals(JfrListener.ROUND_FAILED_EVENT)
                        && event.getString("session").equals(failed.session()))
                .toList();
        assertEquals(1, events.size());
        assertEquals(1, events.get(0).getInt("round"));
        assertEquals("java.io.UncheckedIOException", events.get(0).getString("exception"));
        assertEquals(thrown.getMessage(), events.get(0).getString("message"));
    }

    @Test
    void aRoundWhoseEndCouldNotBeRecordedWasHeardEndingNotFailing(@TempDir Path dir) throws IOException {
        Heard heard = new Heard();
        run(dir, 5, heard); // the round end's record, after the listeners heard it

        assertEquals(List.of("end 1 COMPLETED"), heard.lines);
    }

    @Test
    void aListenerThatThrowsWhenTheRoundFailsHasItsExceptionSuppressedInTheRounds(@TempDir Path dir)
            throws IOException {
        IllegalStateException broken = new IllegalStateException("no span");
        Heard heard = new Heard();
        TransitionListener throwing = new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {}

            @Override
            public void onRoundFailed(String session, int round, Throwable failure) {
                throw broken;
            }
        };

        UncheckedIOException thrown = run(dir, 3, throwing, heard);

        assertArrayEquals(new Throwable[] {broken}, thrown.getSuppressed());
        assertEquals(List.of("failed 1 " + thrown.getMessage()), heard.lines, "the next listener still hears it");
    }
}
