package dev.agentfsm.tests.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One run of the {@link Tally} scenario in a directory: {@code journal}, {@code effects} (what the device
 * did) and {@code attempts} (every action the device was asked for). Starts the session, or resumes it
 * when the journal is there.
 */
final class TallyRun {
    static final String TASK = "count to the target";
    static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: 200");

    final Path dir;
    final CountingModel model;
    final LedgerDriver driver;
    final TallyAgent agent;
    final Journal journal;
    final Session session;

    private TallyRun(Path dir, int target, Duration pause, String launch, boolean resume, TransitionListener listener)
            throws IOException {
        this(dir, target, pause, launch, resume ? Journal.open(journal(dir)) : Journal.create(journal(dir)), listener);
    }

    private TallyRun(
            Path dir, int target, Duration pause, String launch, Journal journal, TransitionListener listener) {
        boolean resume = journal.session().isPresent();
        this.dir = dir;
        this.model = new CountingModel(target);
        this.driver = new LedgerDriver(effects(dir), attempts(dir), launch, pause);
        this.journal = journal;
        this.agent = new TallyAgent(journal.llm(model), journal.driver(driver), CONFIG);
        Session.Builder<TallyAgent> builder =
                Session.of(TallyStateManager.instance(), agent).listener(listener);
        this.session = (resume ? builder : builder.recorder(journal)).build();
    }

    /** A new journaled session in {@code dir}. */
    static TallyRun start(Path dir, int target, Duration pause, String launch, TransitionListener listener)
            throws IOException {
        return new TallyRun(dir, target, pause, launch, false, listener);
    }

    /** The session of the journal in {@code dir}, to resume. */
    static TallyRun resume(Path dir, int target, Duration pause, String launch, TransitionListener listener)
            throws IOException {
        return new TallyRun(dir, target, pause, launch, true, listener);
    }

    /**
     * The scenario in {@code dir} (its effects and attempts) with {@code journal}, from any store: a new
     * session when the journal was created, its session resumed when it was opened.
     */
    static TallyRun with(Path dir, int target, String launch, Journal journal, TransitionListener listener) {
        return new TallyRun(dir, target, Duration.ZERO, launch, journal, listener);
    }

    /** Runs the task, or resumes it; a journal that recorded no request yet has the task run now. */
    List<RoundResult> run(boolean resume) {
        if (!resume) {
            return session.run(List.of(TASK));
        }
        List<RoundResult> results = session.resume(journal);
        return results.isEmpty() ? session.run(List.of(TASK)) : results;
    }

    static Path journal(Path dir) {
        return dir.resolve("journal");
    }

    static Path effects(Path dir) {
        return dir.resolve("effects");
    }

    static Path attempts(Path dir) {
        return dir.resolve("attempts");
    }

    /** The WORK steps among a journal's first records: the actions the device did before the journal was cut. */
    static int workDone(List<String> records) {
        return (int) records.stream()
                .filter(r -> r.contains("\"state\":\"Tally.WORK\""))
                .count();
    }

    /**
     * Asserts that this resumed run ended as the uninterrupted one ({@code expected}) did, that only the
     * {@code target - workDone} steps the journal had not recorded asked the model and reached the device,
     * and that the device did each of {@code effects} once.
     */
    void assertResumedAs(
            RoundResult expected, RoundResult result, int target, int workDone, List<String> effects, String after)
            throws IOException {
        assertEquals(expected.outcome(), result.outcome(), after);
        assertEquals(expected.path(), result.path(), after);
        assertEquals(expected.result(), result.result(), after);
        assertEquals(target - workDone, model.calls(), after + ": only the steps not recorded ask the model");
        assertEquals(
                target - workDone,
                lines(attempts(dir)).size(),
                after + ": only the steps not recorded reach the device");
        assertEquals(effects, lines(effects(dir)), after + ": each action done once");
    }

    static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }
}
