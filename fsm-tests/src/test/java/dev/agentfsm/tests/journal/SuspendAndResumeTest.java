package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session that suspends at its waits instead of holding its thread: each "process" here is a new
 * journal, agent, model and device, as a new JVM would have; the counting model and device show that
 * nothing done before a wait runs again.
 */
class SuspendAndResumeTest {
    private static final String TASK = "drop the table the user names";

    /** One process's agent: fresh counting stand-ins, the user channel suspending, all through the journal. */
    private static final class Process {
        final ApprovalAgent.Model model = new ApprovalAgent.Model();
        final ApprovalAgent.Database database = new ApprovalAgent.Database();
        final ApprovalAgent agent;

        Process(Journal journal) {
            agent = new ApprovalAgent(
                    journal.llm(model), journal.driver(database), journal.user(UserChannel.suspending()));
        }
    }

    private static List<RoundResult> start(Path file) throws Exception {
        try (Journal journal = Journal.create(file)) {
            Process process = new Process(journal);
            List<RoundResult> results = Session.of(ApprovalStateManager.instance(), process.agent)
                    .recorder(journal)
                    .build()
                    .run(List.of(TASK));
            assertEquals(0, process.model.calls.get());
            return results;
        }
    }

    @Test
    void aSessionStopsAtEachWaitAndALaterProcessAnswersItWithoutRepeatingAnything(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        RoundResult first = start(file).get(0);
        assertEquals(Outcome.SUSPENDED, first.outcome(), first.reason());
        assertEquals(
                new Waiting(Waiting.Kind.ANSWER, "Which table should be dropped?", "Approval.ASK", 1, 1),
                first.waiting().orElseThrow());
        assertEquals(List.of(ApprovalStatus.ASK), first.path());
        assertTrue(first.reason().contains("waiting for an answer"), first.reason());

        // process 2: answers the question; the round goes on to DROP, asks the model, and stops at the confirmation
        try (Journal journal = Journal.open(file)) {
            assertEquals(Waiting.Kind.ANSWER, journal.waiting().orElseThrow().kind());
            journal.answer("orders");
            assertEquals(Optional.empty(), journal.waiting(), "answered");
            Process process = new Process(journal);
            RoundResult second = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
            assertEquals(Outcome.SUSPENDED, second.outcome(), second.reason());
            assertEquals(
                    new Waiting(Waiting.Kind.DECISION, "DROP TABLE orders", "Approval.DROP", 1, 2),
                    second.waiting().orElseThrow());
            assertEquals(1, process.model.calls.get());
            assertEquals(List.of(), process.database.ran);
        }

        // process 3: approves; the model is not asked again, the command runs once
        try (Journal journal = Journal.open(file)) {
            assertEquals("DROP TABLE orders", journal.waiting().orElseThrow().prompt());
            journal.confirm(Decision.APPROVED);
            Process process = new Process(journal);
            long resumed = System.nanoTime();
            RoundResult third = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
            long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - resumed);
            System.out.println("resume to the answered step's end (confirm, run, record, finish): " + micros + " µs");
            assertEquals(Outcome.COMPLETED, third.outcome(), third.reason());
            assertEquals(List.of(ApprovalStatus.ASK, ApprovalStatus.DROP, ApprovalStatus.FINISH), third.path());
            assertEquals(0, process.model.calls.get(), "the model call before the wait is replayed");
            assertEquals(List.of("DROP TABLE orders"), process.database.ran);
            assertEquals(Optional.of("ran DROP TABLE orders"), third.result());
        }

        // process 4: the ended session resumes to its end; a reply now is refused
        try (Journal journal = Journal.open(file)) {
            JournalException notWaiting =
                    assertThrows(JournalException.class, () -> journal.confirm(Decision.APPROVED));
            assertEquals(JournalException.Kind.NOT_WAITING, notWaiting.kind());
            assertTrue(
                    notWaiting.getMessage().contains("holds no session waiting for a reply"), notWaiting.getMessage());
            Process process = new Process(journal);
            RoundResult again = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
            assertEquals(Outcome.COMPLETED, again.outcome());
            assertEquals(0, process.model.calls.get());
            assertEquals(List.of(), process.database.ran);
        }
        String text = Files.readString(file);
        assertTrue(text.contains("\"type\":\"waiting\""), text);
        assertTrue(text.contains("\"type\":\"answered\""), text);
    }

    @Test
    void aRejectedActionNeverRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        start(file);
        answerAndResume(file, journal -> journal.answer("orders"));
        Process process;
        RoundResult result;
        try (Journal journal = Journal.open(file)) {
            journal.confirm(Decision.REJECTED);
            process = new Process(journal);
            result = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
        }
        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(Optional.of("not dropped: REJECTED"), result.result());
        assertEquals(List.of(), process.database.ran);
        assertEquals(0, process.model.calls.get());
    }

    @Test
    void resumedWithoutAReplyTheSessionStopsAtTheSameWaitAndWritesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        start(file);
        answerAndResume(file, journal -> journal.answer("orders"));
        long bytes = Files.size(file);
        try (Journal journal = Journal.open(file)) {
            Process process = new Process(journal);
            RoundResult result = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
            assertEquals(Outcome.SUSPENDED, result.outcome());
            assertEquals(Waiting.Kind.DECISION, result.waiting().orElseThrow().kind());
            assertEquals(0, process.model.calls.get());
        }
        assertEquals(bytes, Files.size(file), "the same wait is not written twice");
    }

    @Test
    void aReplyOfTheWrongKindOrASecondReplyIsRefusedAndWritesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        start(file);
        try (Journal journal = Journal.open(file)) {
            long bytes = Files.size(file);
            JournalException wrongKind = assertThrows(JournalException.class, () -> journal.confirm(Decision.APPROVED));
            assertEquals(JournalException.Kind.NOT_WAITING, wrongKind.kind());
            assertTrue(wrongKind.getMessage().contains("waits in Approval.ASK for answer"), wrongKind.getMessage());
            assertTrue(wrongKind.getMessage().contains("Reply with answer(text)"), wrongKind.getMessage());
            assertEquals(bytes, Files.size(file));
            journal.answer("orders");
            JournalException twice = assertThrows(JournalException.class, () -> journal.answer("users"));
            assertEquals(JournalException.Kind.NOT_WAITING, twice.kind());
            assertTrue(twice.getMessage().contains("was answered already"), twice.getMessage());
        }
        // the answer was written once, so a later process need not give it again
        try (Journal journal = Journal.open(file)) {
            assertEquals(Optional.empty(), journal.waiting());
            assertThrows(JournalException.class, () -> journal.answer("users"));
            Process process = new Process(journal);
            RoundResult result = Session.of(ApprovalStateManager.instance(), process.agent)
                    .build()
                    .resume(journal)
                    .get(0);
            assertEquals("DROP TABLE orders", result.waiting().orElseThrow().prompt());
        }
    }

    @Test
    void aSecondProcessCannotOpenAJournalAnotherHasOpen(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        start(file);
        try (Journal holder = Journal.open(file)) {
            JournalException inUse = assertThrows(JournalException.class, () -> Journal.open(file));
            assertEquals(JournalException.Kind.IN_USE, inUse.kind());
            assertEquals(Waiting.Kind.ANSWER, holder.waiting().orElseThrow().kind());
        }
    }

    @Test
    void aStateThatWaitsForAnEventSuspendsAndTakesTheEventDeliveredLater(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gate.journal");
        try (Journal journal = Journal.create(file)) {
            RoundResult result = Session.of(PatientGateStateManager.instance(), GateAgent.patient())
                    .recorder(journal)
                    .suspendEventWaits()
                    .build()
                    .run(List.of("open up"))
                    .get(0);
            assertEquals(Outcome.SUSPENDED, result.outcome(), result.reason());
            assertEquals(
                    new Waiting(Waiting.Kind.EVENT, "an event for PatientGate.WAIT", "PatientGate.WAIT", 1, 1),
                    result.waiting().orElseThrow());
        }
        GateAgent agent = GateAgent.patient();
        try (Journal journal = Journal.open(file)) {
            JournalException wrong = assertThrows(JournalException.class, () -> journal.answer("open"));
            assertTrue(wrong.getMessage().contains("Reply with deliver(event)"), wrong.getMessage());
            journal.deliver(new Event("open", "{\"by\": \"ana\"}"));
            RoundResult result = Session.of(PatientGateStateManager.instance(), agent)
                    .suspendEventWaits()
                    .build()
                    .resume(journal)
                    .get(0);
            assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
            assertEquals(List.of(PatientGateStatus.WAIT, PatientGateStatus.OPEN), result.path());
        }
        assertEquals("{\"by\": \"ana\"}", agent.taken().orElseThrow().payload());
    }

    @Test
    void aSuspendedRoundIsTheLastOneRunAndTheNextRequestsRunOnResume(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("approval.journal");
        try (Journal journal = Journal.create(file)) {
            Process process = new Process(journal);
            List<RoundResult> results = Session.of(ApprovalStateManager.instance(), process.agent)
                    .config(ApprovalAgent.CONFIG.toBuilder().maxRound(2).build())
                    .recorder(journal)
                    .build()
                    .run(List.of(TASK, "again"));
            assertEquals(1, results.size(), "the second round waits for the first");
        }
        try (Journal journal = Journal.open(file)) {
            assertEquals(List.of(TASK, "again"), journal.recordedRequests());
        }
    }

    private interface Reply {
        void give(Journal journal);
    }

    private static void answerAndResume(Path file, Reply reply) throws Exception {
        try (Journal journal = Journal.open(file)) {
            reply.give(journal);
            Session.of(ApprovalStateManager.instance(), new Process(journal).agent)
                    .build()
                    .resume(journal);
        }
    }
}
