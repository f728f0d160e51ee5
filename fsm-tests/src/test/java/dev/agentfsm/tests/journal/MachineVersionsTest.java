package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three versions of one machine: {@link Tally} (v1), {@link dev.agentfsm.tests.journal.v2.Tally} (v2 adds
 * PAUSE and its moves) and {@link dev.agentfsm.tests.journal.v3.Tally} (v3 removes WORK's move to itself).
 * A journal written by v1 resumes on v2, for real: its steps are replayed by v2 and the session goes on
 * live. v3, compiled by javac with the processor as a user's build runs it, against v2's committed
 * model and with {@code -Aagentfsm.breakingChange=error}, fails naming the removed move; fsm-journal
 * refuses v1's journal on v3 ({@code JournalBadInputTest}).
 */
class MachineVersionsTest {
    private static final int TARGET = 8;
    private static final Path SOURCES = Path.of("src/test/java/dev/agentfsm/tests/journal");

    @TempDir
    Path dir;

    @Test
    void aJournalWrittenByV1ResumesOnV2() throws Exception {
        TallyRun v1 = TallyRun.start(dir, TARGET, Duration.ZERO, "v1", new Moves());
        RoundResult uninterrupted = v1.run(false).get(0);
        v1.journal.close();
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        int kept = 7; // the header, the requests and five steps
        Files.write(TallyRun.journal(dir), journal.subList(0, kept));
        int workDone = TallyRun.workDone(journal.subList(0, kept));
        assertEquals(5, workDone, "WORK 1 to 5; the fifth chose REST");
        List<String> effects = TallyRun.lines(TallyRun.effects(dir)).subList(0, workDone);
        Files.write(TallyRun.effects(dir), effects); // what the device did before v1's process died
        Files.delete(TallyRun.attempts(dir));

        CountingModel model = new CountingModel(TARGET);
        TallyAgent agent;
        RoundResult resumed;
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v2", Duration.ZERO);
            agent = new TallyAgent(opened.llm(model), opened.driver(driver), TallyRun.CONFIG);
            Session session = Session.of(dev.agentfsm.tests.journal.v2.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();
            List<RoundResult> results = session.resume(opened);
            assertEquals(1, results.size());
            resumed = results.get(0);
        }

        assertEquals(Outcome.COMPLETED, resumed.outcome(), resumed.reason());
        assertEquals(uninterrupted.qualifiedPath(), resumed.qualifiedPath(), "the same walk, on v2's statuses");
        assertEquals(
                dev.agentfsm.tests.journal.v2.TallyStateManager.instance(),
                resumed.path().get(0).machine(),
                "v2 ran it");
        assertEquals(TARGET - workDone, model.calls(), "the recorded WORK steps were replayed, not asked again");
        assertEquals(TARGET - workDone, TallyRun.lines(TallyRun.attempts(dir)).size(), "nor done again on the device");
        assertEquals(TARGET, TallyRun.lines(TallyRun.effects(dir)).size(), "every item appended once");
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6, 7, 8),
                agent.added(),
                "the agent's state is rebuilt from the journal, then goes on");
        List<String> after = TallyRun.lines(TallyRun.journal(dir));
        assertEquals(journal.subList(0, kept), after.subList(0, kept), "v1's records stay as they were");
        assertEquals(journal.size(), after.size(), "v2 recorded the rest of the session");
    }

    @Test
    void aJournalWhoseRoundEndedInFinishIsRefusedByV4WhereFinishNoLongerEndsIt() throws Exception {
        TallyRun v1 = TallyRun.start(dir, TARGET, Duration.ZERO, "v1", new Moves());
        v1.run(false);
        v1.journal.close();
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        Files.delete(TallyRun.attempts(dir));
        int finish = journal.size() - 1; // the last record is the round's end, FINISH's step the one before it

        CountingModel model = new CountingModel(TARGET);
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v4", Duration.ZERO);
            TallyAgent agent = new TallyAgent(opened.llm(model), opened.driver(driver), TallyRun.CONFIG);
            Session session = Session.of(dev.agentfsm.tests.journal.v4.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind(), e.getMessage());
            assertEquals(finish, e.record().orElseThrow(), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .startsWith(
                                    "journal " + TallyRun.journal(dir) + ", record " + finish + ": step 10 of round 1"
                                            + " ended the round in Tally.FINISH, a state that no longer ends the round (its"
                                            + " @Terminal(endsRound) changed). The journal was written by another version of"
                                            + " Tally"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("(with its endsRound and @Timeout as they were)"), e.getMessage());
            assertEquals(0, model.calls());
        }
        assertEquals(journal, TallyRun.lines(TallyRun.journal(dir)), "nothing written");
        assertEquals(List.of(), TallyRun.lines(TallyRun.attempts(dir)), "nothing done on the device");
    }

    @Test
    void aJournalCutBeforeFinishResumesOnV4AndEndsInDone() throws Exception {
        TallyRun v1 = TallyRun.start(dir, TARGET, Duration.ZERO, "v1", new Moves());
        v1.run(false);
        v1.journal.close();
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        int kept = 7; // the header, the requests and five steps
        Files.write(TallyRun.journal(dir), journal.subList(0, kept));
        int workDone = TallyRun.workDone(journal.subList(0, kept));
        Files.write(TallyRun.effects(dir), TallyRun.lines(TallyRun.effects(dir)).subList(0, workDone));
        Files.delete(TallyRun.attempts(dir));

        CountingModel model = new CountingModel(TARGET);
        RoundResult resumed;
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v4", Duration.ZERO);
            TallyAgent agent = new TallyAgent(opened.llm(model), opened.driver(driver), TallyRun.CONFIG);
            resumed = Session.of(dev.agentfsm.tests.journal.v4.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build()
                    .resume(opened)
                    .get(0);
        }

        assertEquals(Outcome.COMPLETED, resumed.outcome(), resumed.reason());
        List<String> path = resumed.qualifiedPath();
        assertEquals(List.of("Tally.FINISH", "Tally.DONE"), path.subList(path.size() - 2, path.size()), "v4's end");
        assertEquals(TARGET - workDone, model.calls(), "the recorded steps were replayed, not asked again");
        assertEquals(TARGET, TallyRun.lines(TallyRun.effects(dir)).size(), "every item appended once");
    }

    @Test
    void aJournalWhoseRoundEndedAsAnIllegalTransitionIsRefusedByV5WhichDeclaresThatMove() throws Exception {
        // v1's WORK does not declare FAIL: the model's third answer ends the round as ILLEGAL_TRANSITION
        List<RoundResult> recorded;
        try (Journal journal = Journal.create(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v1", Duration.ZERO);
            TallyAgent agent = new TallyAgent(
                    journal.llm(new AskingFor(new CountingModel(TARGET), 3, "FAIL")),
                    journal.driver(driver),
                    TallyRun.CONFIG);
            recorded = Session.of(TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .recorder(journal)
                    .build()
                    .run(List.of(TallyRun.TASK));
        }
        assertEquals(
                Outcome.ILLEGAL_TRANSITION,
                recorded.get(0).outcome(),
                recorded.get(0).reason());
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        int illegal = journal.size() - 1; // the last record is the round's end, WORK's third step the one before it
        Files.delete(TallyRun.attempts(dir));

        CountingModel model = new CountingModel(TARGET);
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v5", Duration.ZERO);
            TallyAgent agent =
                    new TallyAgent(opened.llm(new AskingFor(model, 3, "FAIL")), opened.driver(driver), TallyRun.CONFIG);
            Session session = Session.of(dev.agentfsm.tests.journal.v5.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind(), e.getMessage());
            assertEquals(illegal, e.record().orElseThrow(), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .startsWith("journal " + TallyRun.journal(dir) + ", record " + illegal
                                    + ": step 3 of round 1 in Tally.WORK asked to move to FAIL, which it did not"
                                    + " declare, and ended the round as ILLEGAL_TRANSITION; but Tally.WORK declares"
                                    + " its move to FAIL now (by LLM), so the replay would take it instead"),
                    e.getMessage());
            assertEquals(0, model.calls(), "refused before anything was replayed");
        }
        assertEquals(journal, TallyRun.lines(TallyRun.journal(dir)), "nothing written");
        assertEquals(List.of(), TallyRun.lines(TallyRun.attempts(dir)), "nothing done on the device");
    }

    @Test
    void aJournalWhoseRoundEndedAsAnUnknownStatusIsRefusedByV2WhichHasThatStatus() throws Exception {
        // v1 has no PAUSE: the model's third answer ends the round as UNKNOWN_STATUS
        List<RoundResult> recorded;
        try (Journal journal = Journal.create(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v1", Duration.ZERO);
            TallyAgent agent = new TallyAgent(
                    journal.llm(new AskingFor(new CountingModel(TARGET), 3, "PAUSE")),
                    journal.driver(driver),
                    TallyRun.CONFIG);
            recorded = Session.of(TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .recorder(journal)
                    .build()
                    .run(List.of(TallyRun.TASK));
        }
        assertEquals(
                Outcome.UNKNOWN_STATUS,
                recorded.get(0).outcome(),
                recorded.get(0).reason());
        List<String> journal = TallyRun.lines(TallyRun.journal(dir));
        int unknown = journal.size() - 1;

        CountingModel model = new CountingModel(TARGET);
        try (Journal opened = Journal.open(TallyRun.journal(dir))) {
            LedgerDriver driver = new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "v2", Duration.ZERO);
            TallyAgent agent = new TallyAgent(
                    opened.llm(new AskingFor(model, 3, "PAUSE")), opened.driver(driver), TallyRun.CONFIG);
            Session session = Session.of(dev.agentfsm.tests.journal.v2.TallyStateManager.instance(), agent)
                    .config(TallyRun.CONFIG)
                    .build();

            JournalException e = assertThrows(JournalException.class, () -> session.resume(opened));

            assertEquals(JournalException.Kind.OTHER_MACHINES, e.kind(), e.getMessage());
            assertEquals(unknown, e.record().orElseThrow(), e.getMessage());
            assertTrue(
                    e.getMessage()
                            .contains("step 3 of round 1 in Tally.WORK asked to move to PAUSE, a status Tally did not"
                                    + " have, and ended the round as UNKNOWN_STATUS; but Tally has PAUSE now"),
                    e.getMessage());
            assertEquals(0, model.calls(), "refused before anything was replayed");
        }
        assertEquals(journal, TallyRun.lines(TallyRun.journal(dir)), "nothing written");
    }

    /** A model that, on its {@code at}-th answer, names {@code status} as the next one. */
    private record AskingFor(CountingModel counting, int at, String status) implements LlmClient {
        @Override
        public LlmReply complete(LlmRequest request) {
            LlmReply reply = counting.complete(request);
            return counting.calls() == at
                    ? new LlmReply(
                            reply.content().replaceFirst("\"status\": \"\\w+\"", "\"status\": \"" + status + "\""))
                    : reply;
        }
    }

    @Test
    void v3FailsTheBuildAgainstV2sModelNamingTheRemovedMove() throws IOException {
        Path baseline = committedModel("v2", "v3");

        Compiled strict = compile("v3", "-Aagentfsm.baseline=" + baseline, "-Aagentfsm.breakingChange=error");

        assertEquals(1, strict.exit(), strict.output());
        String source = SOURCES.resolve("v3/Tally.java").toString();
        assertTrue(
                strict.output()
                        .contains(
                                source + ":" + lineOf(SOURCES.resolve("v3/Tally.java"), "@State(value = \"WORK\"")
                                        + ": error: [agentfsm:BreakingChange] WORK no longer declares its move to WORK by LLM,"
                                        + " which Tally's committed model "
                                        + baseline.resolve("dev.agentfsm.tests.journal.v3.Tally.yaml")
                                        + " declares: a journal that recorded that move no longer resumes; keep @Transition(to ="
                                        + " Work.class, by = Trigger.LLM) on WORK until the sessions that may need it have ended"),
                strict.output());
        assertTrue(strict.output().contains("\n1 error\n"), strict.output());

        Compiled lenient = compile("v3", "-Aagentfsm.baseline=" + baseline);

        assertEquals(0, lenient.exit(), lenient.output());
        assertTrue(
                lenient.output()
                        .contains(": warning: [agentfsm:BreakingChange] WORK no longer declares its move to WORK"),
                lenient.output());
    }

    @Test
    void v2BreaksNothingAgainstV1sModel() throws IOException {
        Compiled compiled =
                compile("v2", "-Aagentfsm.baseline=" + committedModel("", "v2"), "-Aagentfsm.breakingChange=error");

        assertEquals(0, compiled.exit(), compiled.output());
        assertFalse(compiled.output().contains("[agentfsm:"), compiled.output());
    }

    /**
     * A baseline directory holding the model this build's processor wrote for version {@code from}, under
     * the name version {@code to} looks it up by. The three versions live side by side in one build, so
     * each has its own package; a repository that keeps one version commits the model under its one name.
     */
    private Path committedModel(String from, String to) throws IOException {
        String pkg = "dev.agentfsm.tests.journal";
        String resource = "META-INF/agentfsm/" + pkg + (from.isEmpty() ? "" : "." + from) + ".Tally.yaml";
        Path baseline = Files.createDirectories(dir.resolve("baseline-" + to));
        try (InputStream model = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(model, "the build wrote no " + resource);
            Files.copy(model, baseline.resolve(pkg + "." + to + ".Tally.yaml"));
        }
        return baseline;
    }

    /** What javac printed and its exit code. */
    private record Compiled(int exit, String output) {}

    /**
     * Compiles one version with its agent, as a user's build does: javac, this build's processor on the
     * processor path, the runtime on the class path; nothing of this module's own classes, which hold the
     * types generated for every version already.
     */
    private Compiled compile(String version, String... options) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no system Java compiler");
        String libraries = libraries();
        List<String> arguments = new ArrayList<>(List.of(
                "-d",
                Files.createDirectories(dir.resolve(version + "-classes")).toString(),
                "-s",
                Files.createDirectories(dir.resolve(version + "-sources")).toString(),
                "-cp",
                libraries,
                "-processorpath",
                libraries));
        arguments.addAll(Arrays.asList(options));
        arguments.add(SOURCES.resolve(version + "/Tally.java").toString());
        arguments.add(SOURCES.resolve("TallyAgent.java").toString());
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int exit = javac.run(null, output, output, arguments.toArray(String[]::new));
        return new Compiled(exit, output.toString(StandardCharsets.UTF_8));
    }

    /** The test's class path without this module's classes. */
    private static String libraries() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry ->
                        !Path.of(entry).toAbsolutePath().startsWith(Path.of("").toAbsolutePath()))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static int lineOf(Path file, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(file + " has no line with " + text);
    }
}
