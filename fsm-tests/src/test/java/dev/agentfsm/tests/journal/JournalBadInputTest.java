package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals that must not be resumed as they are: each is an explicit error naming what is wrong,
 * and nothing runs (no model call, no device action, no record written); a torn last record is the
 * one damage that is repaired, by dropping it.
 */
class JournalBadInputTest {
    private static final int TARGET = 8;

    @TempDir
    Path dir;

    private List<String> journal;

    @BeforeEach
    void recordAWholeSession() throws Exception {
        TallyRun run = TallyRun.start(dir, TARGET, Duration.ZERO, "first", new Moves());
        run.run(false);
        run.journal.close();
        journal = TallyRun.lines(TallyRun.journal(dir));
        Files.delete(TallyRun.attempts(dir));
    }

    @Test
    void aTornLastRecordIsDroppedAndItsStepRunsAgain() throws Exception {
        List<String> kept = journal.subList(0, 6);
        String torn = journal.get(6).substring(0, journal.get(6).length() / 2);
        Files.writeString(TallyRun.journal(dir), String.join("\n", kept) + "\n" + torn);

        TallyRun resumed = TallyRun.resume(dir, TARGET, Duration.ZERO, "second", new Moves());
        assertEquals(torn.length(), resumed.journal.droppedBytes());
        RoundResult result = resumed.run(true).get(0);
        resumed.journal.close();

        assertEquals(8 + 1 + 1, result.steps(), "eight WORK, one REST, FINISH");
        int replayedWork = 4; // records 3 to 6: WORK 1 to 4
        assertEquals(TARGET - replayedWork, resumed.model.calls());
        List<String> after = TallyRun.lines(TallyRun.journal(dir));
        assertEquals(journal.size(), after.size());
        assertEquals(kept, after.subList(0, kept.size()), "the torn bytes are gone, the records before them stay");
    }

    @Test
    void aCorruptedRecordInTheMiddleIsAnErrorNamingTheRecord() throws Exception {
        List<String> damaged = new ArrayList<>(journal);
        damaged.set(4, damaged.get(4).replace("item-3", "item-9"));
        Files.write(TallyRun.journal(dir), damaged);
        long offset = (journal.get(0) + journal.get(1) + journal.get(2) + journal.get(3))
                        .getBytes(StandardCharsets.UTF_8)
                        .length
                + 4;

        JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));

        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(5, e.record().orElseThrow());
        assertTrue(
                e.getMessage().contains("is corrupt at record 5 (line 5, byte " + offset + "): its checksum"),
                e.getMessage());
        assertTrue(e.getMessage().contains("truncate -s " + offset), e.getMessage());
        assertNothingRan(damaged);
    }

    @Test
    void aDamagedLastCompleteRecordIsCorruptionNotATornRecord() throws Exception {
        List<String> damaged = new ArrayList<>(journal);
        int last = damaged.size() - 1;
        damaged.set(last, damaged.get(last).replace("COMPLETED", "COMPLETEX"));
        Files.write(TallyRun.journal(dir), damaged);

        JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));

        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(journal.size(), e.record().orElseThrow());
    }

    @Test
    void recordsOutOfOrderAreCorruption() throws Exception {
        List<String> swapped = new ArrayList<>(journal);
        swapped.set(3, journal.get(4));
        swapped.set(4, journal.get(3));
        Files.write(TallyRun.journal(dir), swapped);

        JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));

        assertEquals(4, e.record().orElseThrow());
        assertTrue(e.getMessage().contains("it is numbered 5 where record 4 belongs"), e.getMessage());
    }

    @Test
    void aFileThatIsNoJournalIsAnErrorAtItsFirstLine() throws Exception {
        Files.writeString(TallyRun.journal(dir), "machine: Tally\nsteps: 3\n");

        JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));

        assertEquals(JournalException.Kind.CORRUPT, e.kind());
        assertEquals(1, e.record().orElseThrow());
        assertTrue(e.getMessage().contains("it does not end with its checksum"), e.getMessage());
    }

    @Test
    void aJournalWithNoCompleteRecordHasNothingToResume() throws Exception {
        Files.writeString(TallyRun.journal(dir), journal.get(0).substring(0, 40));

        JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));

        assertEquals(JournalException.Kind.EMPTY, e.kind());
        assertTrue(e.getMessage().contains("holds no complete record (40 bytes of a torn one)"), e.getMessage());
    }

    @Test
    void aJournalOfAVersionOfTheMachineThatNoLongerDeclaresARecordedMoveIsRefusedNamingTheRecord() throws Exception {
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            CountingModel model = new CountingModel(TARGET);
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v3", Duration.ZERO);
            TallyAgent agent = new TallyAgent(opened.llm(model), opened.driver(driver), TallyRun.CONFIG);
            // v3's WORK no longer moves to itself, which the journal's first step did
            Session session = Session.of(dev.agentfsm.tests.journal.v3.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind());
            assertEquals(3, e.record().orElseThrow());
            assertTrue(
                    e.getMessage()
                            .contains("journal " + TallyRun.journal(dir) + ", record 3: step 1 of round 1 moved from"
                                    + " Tally.WORK to Tally.WORK by LLM, a move these machines no longer declare."
                                    + " The journal was written by another version of Tally (fingerprint sha256:"),
                    e.getMessage());
            assertTrue(
                    e.getMessage()
                            .contains("nothing was resumed. Resume it with the build that wrote it, declare that"
                                    + " state or move again (with its endsRound and @Timeout as they were), or start a"
                                    + " new session"),
                    e.getMessage());
            assertEquals(0, model.calls());
        }
        assertNothingRan(journal);
    }

    @Test
    void aJournalOfAnotherMachineIsRefused() throws Exception {
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            Session session =
                    Session.of(GateStateManager.instance(), new GateAgent()).build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind());
            assertTrue(e.getMessage().contains("it records Tally [Tally]"), e.getMessage());
            assertTrue(e.getMessage().contains("this session runs Gate [Gate]"), e.getMessage());
        }
        assertNothingRan(journal);
    }

    @Test
    void otherSettingsAreRefused() throws Exception {
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            TallyAgent agent = new TallyAgent(
                    opened.llm(new CountingModel(TARGET)),
                    opened.driver(new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "x", Duration.ZERO)),
                    TallyRun.CONFIG);
            Session session = Session.of(TallyStateManager.instance(), agent)
                    .config(RuntimeConfig.parse("maxStep: 20"))
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind());
            assertTrue(
                    e.getMessage().contains("maxStep 200 and maxRound 1; this session has maxStep 20 and maxRound 1"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("(maxStep: 200, maxRound: 1)"), e.getMessage());
        }
        assertNothingRan(journal);
    }

    @Test
    void aRecordedStepThatReplaysDifferentlyStopsTheResume() throws Exception {
        // the model's recorded reply in step 2 says FINISH, with a good checksum: the replay finishes there,
        // but the journal says step 2 moved on to WORK
        List<String> edited = new ArrayList<>(journal);
        edited.set(3, recrc(edited.get(3).replace("\\\"status\\\": \\\"WORK\\\"", "\\\"status\\\": \\\"FINISH\\\"")));
        Files.write(TallyRun.journal(dir), edited.subList(0, 6));

        TallyRun resumed = TallyRun.resume(dir, TARGET, Duration.ZERO, "second", new Moves());
        JournalException e = assertThrows(JournalException.class, () -> resumed.run(true));
        resumed.journal.close();

        assertEquals(JournalException.Kind.DIVERGED, e.kind());
        assertEquals(4, e.record().orElseThrow());
        assertTrue(
                e.getMessage()
                        .contains("the replayed step 2 of round 1 in Tally.WORK moved to Tally.FINISH by LLM,"
                                + " but the journal says it moved to Tally.WORK by LLM"),
                e.getMessage());
        assertNothingRan(edited.subList(0, 6));
    }

    @Test
    void anAgentWhoseModelIsNotWrappedByTheJournalIsCaughtAtTheFirstReplayedStep() throws Exception {
        Files.write(TallyRun.journal(dir), journal.subList(0, 5));
        CountingModel model = new CountingModel(TARGET);
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            TallyAgent agent = new TallyAgent(
                    model,
                    opened.driver(new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "x", Duration.ZERO)),
                    TallyRun.CONFIG);
            Session session = Session.of(TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.DIVERGED, e.kind());
            assertTrue(
                    e.getMessage()
                            .contains("call 0 of the replayed step 1 of round 1 is action, but the journal"
                                    + " recorded llm there"),
                    e.getMessage());
        }
        assertEquals(1, model.calls(), "the unwrapped model was called, and resuming stopped right there");
        assertEquals(List.of(), TallyRun.lines(TallyRun.attempts(dir)), "no action ran");
    }

    @Test
    void aJournalIsNeverOverwritten() {
        JournalException e = assertThrows(JournalException.class, () -> Journal.create(TallyRun.journal(dir)));

        assertEquals(JournalException.Kind.MISUSE, e.kind());
        assertTrue(e.getMessage().contains("already exists and holds"), e.getMessage());
    }

    @Test
    void aJournalOpenInOneSessionCannotBeOpenedAgain() throws Exception {
        try (Journal first = Journal.open(TallyRun.journal(dir))) {
            JournalException e = assertThrows(JournalException.class, () -> Journal.open(TallyRun.journal(dir)));
            assertEquals(JournalException.Kind.IN_USE, e.kind());
            assertTrue(first.replaying());
        }
    }

    @Test
    void anOpenedJournalCannotStartANewSession() throws Exception {
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            TallyAgent agent = new TallyAgent(
                    opened.llm(new CountingModel(TARGET)),
                    opened.driver(new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "x", Duration.ZERO)),
                    TallyRun.CONFIG);
            Session.Builder<TallyAgent> builder =
                    Session.of(TallyStateManager.instance(), agent).recorder(opened);

            JournalException e = assertThrows(JournalException.class, builder::build);

            assertEquals(JournalException.Kind.MISUSE, e.kind());
            assertTrue(e.getMessage().contains("resume it with session.resume(journal)"), e.getMessage());
        }
        assertNothingRan(journal);
    }

    @Test
    void aWrapperOfAJournalNoSessionWritesRefusesToCall() throws Exception {
        Path other = dir.resolve("other.journal");
        try (Journal unattached = Journal.create(other)) {
            CountingModel model = new CountingModel(TARGET);
            JournalException e = assertThrows(
                    JournalException.class,
                    () -> unattached.llm(model).complete(LlmRequest.of(List.of(ChatMessage.user("count 0")))));

            assertEquals(JournalException.Kind.MISUSE, e.kind());
            assertTrue(e.getMessage().contains("which no session writes"), e.getMessage());
            assertEquals(0, model.calls());
        }
    }

    /** The journal is as it was, and no action reached the device. */
    private void assertNothingRan(List<String> expected) throws Exception {
        assertEquals(expected, TallyRun.lines(TallyRun.journal(dir)));
        assertEquals(List.of(), TallyRun.lines(TallyRun.attempts(dir)));
    }

    /** The line with its checksum made right again: a record that was edited, not damaged. */
    private static String recrc(String line) {
        int at = line.lastIndexOf(",\"crc\":\"");
        String body = line.substring(0, at) + "}";
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return line.substring(0, at) + ",\"crc\":\"" + String.format(Locale.ROOT, "%08x", crc.getValue()) + "\"}";
    }
}
