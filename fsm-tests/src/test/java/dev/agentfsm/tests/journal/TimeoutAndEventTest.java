package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.CancellationToken;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Timeout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Declared time-outs and external events at run time, on the {@link Gate} machine: WAIT waits at most
 * 0.3 s for an event and moves to CLOSED by TIMEOUT when none comes. The tests whose event, cancellation
 * or failure must come before the deadline run {@link PatientGate}, whose deadline is a minute: they wait
 * on the event, not on the machine being fast enough to beat 0.3 s.
 */
class TimeoutAndEventTest {
    private static final long DEADLINE_MILLIS = 300;
    /** Bounds a hang only: the run ends on its event or cancellation long before. */
    private static final long HANG_GUARD_SECONDS = 60;

    @Test
    void theGeneratedStatusDeclaresTheTimeout() {
        Timeout timeout = GateStatus.WAIT.timeout().orElseThrow();
        assertEquals(Duration.ofMillis(DEADLINE_MILLIS), timeout.after());
        assertEquals(GateStatus.CLOSED, timeout.to());
        assertEquals(Trigger.TIMEOUT, timeout.move().trigger());
        assertTrue(GateStatus.OPEN.timeout().isEmpty());
    }

    @Test
    void anEventDeliveredFromAnotherThreadEndsTheWait() throws Exception {
        GateAgent agent = GateAgent.patient();
        Moves moves = new Moves();
        Session session = Session.of(PatientGateStateManager.instance(), agent)
                .listener(moves)
                .build();
        CompletableFuture<List<RoundResult>> run = CompletableFuture.supplyAsync(() -> session.run(List.of("open up")));
        while (agent.remaining().isEmpty() && !run.isDone()) {
            Thread.onSpinWait(); // until WAIT's work began
        }
        session.deliver(new Event("open", "{\"by\": \"ana\"}"));

        RoundResult result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS).get(0);
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(PatientGateStatus.WAIT, PatientGateStatus.OPEN), result.path());
        assertEquals(List.of("1 WAIT -> OPEN by USER"), moves.moves);
        assertEquals("{\"by\": \"ana\"}", agent.taken().orElseThrow().payload());
        Duration remaining = agent.remaining().orElseThrow();
        assertTrue(
                remaining.compareTo(Duration.ZERO) > 0
                        && remaining.compareTo(PatientGateStatus.WAIT
                                        .timeout()
                                        .orElseThrow()
                                        .after())
                                <= 0,
                remaining::toString);
    }

    @Test
    void anEventDeliveredBeforeTheStateWaitsIsKeptForIt() {
        GateAgent agent = GateAgent.patient();
        Context context = new Context();
        context.inbox().deliver(Event.of("shut"));
        context.inbox().deliver(Event.of("open"));

        RoundResult result = Round.of(PatientGateStateManager.instance(), agent)
                .context(context)
                .build()
                .run();

        assertEquals(List.of(PatientGateStatus.WAIT, PatientGateStatus.SHUT), result.path(), "the oldest event first");
        assertEquals(1, context.inbox().size(), "the other event stays");
        assertEquals("open", context.inbox().poll().orElseThrow().name());
    }

    @Test
    void withoutAnEventTheRoundTakesTheTimeoutMoveAtTheDeadline() {
        Moves moves = new Moves();
        long started = System.nanoTime();
        RoundResult result = Round.of(GateStateManager.instance(), new GateAgent())
                .listener(moves)
                .build()
                .run();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(GateStatus.WAIT, GateStatus.CLOSED), result.path());
        assertEquals(List.of("1 WAIT -> CLOSED by TIMEOUT"), moves.moves);
        // not before the deadline; how long after it depends on the machine, so no upper bound
        assertTrue(millis >= DEADLINE_MILLIS, millis + " ms");
    }

    @Test
    void workThatReturnsAfterTheDeadlineTakesTheTimeoutMoveNotItsOwnDecision() {
        GateAgent agent =
                new GateAgent().busy(Duration.ofMillis(DEADLINE_MILLIS + 100)).noWait();
        agent.setStatus(GateStatus.OPEN); // what the work would decide, were it in time
        Moves moves = new Moves();

        RoundResult result = Round.of(GateStateManager.instance(), agent)
                .listener(moves)
                .build()
                .run();

        assertEquals(List.of(GateStatus.WAIT, GateStatus.CLOSED), result.path());
        assertEquals(List.of("1 WAIT -> CLOSED by TIMEOUT"), moves.moves);
    }

    @Test
    void workThatThrowsAfterTheDeadlineTakesTheTimeoutMoveNotOnError() {
        GateAgent agent = new GateAgent()
                .busy(Duration.ofMillis(DEADLINE_MILLIS + 100))
                .fails(new IllegalStateException("the motor stalled"));

        RoundResult result =
                Round.of(GateStateManager.instance(), agent).build().run();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(GateStatus.WAIT, GateStatus.CLOSED), result.path());
    }

    @Test
    void workThatThrowsInTimeStillGoesToOnError() {
        GateAgent agent = GateAgent.patient().fails(new IllegalStateException("the motor stalled"));

        RoundResult result =
                Round.of(PatientGateStateManager.instance(), agent).build().run();

        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(List.of(PatientGateStatus.WAIT, PatientGateStatus.BROKEN), result.path());
    }

    @Test
    void cancellingARoundThatWaitsEndsItCancelledNotTimedOut() throws Exception {
        GateAgent agent = GateAgent.patient();
        CancellationToken token = new CancellationToken();
        CompletableFuture<RoundResult> run =
                CompletableFuture.supplyAsync(() -> Round.of(PatientGateStateManager.instance(), agent)
                        .cancellation(token)
                        .build()
                        .run());
        while (agent.remaining().isEmpty() && !run.isDone()) {
            Thread.onSpinWait(); // until WAIT's work began
        }
        token.cancel();
        RoundResult result = run.get(HANG_GUARD_SECONDS, TimeUnit.SECONDS);

        // cancelled, not closed by the time-out: the wait ended on the cancellation
        assertEquals(Outcome.CANCELLED, result.outcome(), result.reason());
        assertEquals(List.of(PatientGateStatus.WAIT), result.path());
        assertTrue(result.reason().contains("while PatientGate.WAIT ran"), result.reason());
    }

    @Test
    void aJournaledEventAndATimeoutReplayWithoutWaiting(@TempDir Path dir) throws Exception {
        // round 1 takes an event, round 2 times out
        Path file = dir.resolve("gate.journal");
        Session first;
        try (Journal journal = Journal.create(file)) {
            first = Session.of(GateStateManager.instance(), new GateAgent())
                    .config(twoRounds())
                    .recorder(journal)
                    .build();
            first.deliver(Event.of("open"));
            assertEquals(
                    List.of(List.of(GateStatus.WAIT, GateStatus.OPEN), List.of(GateStatus.WAIT, GateStatus.CLOSED)),
                    first.run(List.of("one", "two")).stream()
                            .map(RoundResult::path)
                            .toList());
        }
        String journalText = Files.readString(file);
        assertTrue(
                journalText.contains("\"calls\":[{\"kind\":\"event\",\"event\":{\"name\":\"open\",\"payload\":\"\"}}]"),
                journalText);
        assertTrue(journalText.contains("\"calls\":[{\"kind\":\"event\",\"timedOut\":true}]"), journalText);

        // the process died before the last round end was written
        List<String> lines = Files.readAllLines(file);
        List<String> kept = lines.subList(0, lines.size() - 1);
        Files.write(file, kept);
        GateAgent again = new GateAgent();
        List<RoundResult> resumed;
        Session session = Session.of(GateStateManager.instance(), again)
                .config(twoRounds())
                .build();
        // a live wait would take this event: round 1 would end SHUT, round 2 would not time out
        session.deliver(Event.of("shut"));
        try (Journal journal = Journal.open(file)) {
            resumed = session.resume(journal);
            assertEquals(first.id(), session.id());
        }

        assertEquals(
                List.of(List.of(GateStatus.WAIT, GateStatus.OPEN), List.of(GateStatus.WAIT, GateStatus.CLOSED)),
                resumed.stream().map(RoundResult::path).toList());
        assertEquals("open", again.taken().orElseThrow().name(), "the recorded event, not a new one");
        assertEquals(1, session.context().inbox().size(), "no replayed wait took the event waiting in the inbox");
        List<String> after = Files.readAllLines(file);
        assertEquals(lines.size(), after.size(), "the resumed session wrote the round end that was missing");
        assertEquals(kept, after.subList(0, kept.size()));
        assertTrue(after.get(kept.size()).contains("\"type\":\"roundEnd\",\"round\":2"), after.get(kept.size()));
    }

    private static dev.agentfsm.runtime.RuntimeConfig twoRounds() {
        return dev.agentfsm.runtime.RuntimeConfig.parse("maxRound: 2");
    }
}
