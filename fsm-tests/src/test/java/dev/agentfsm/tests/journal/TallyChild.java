package dev.agentfsm.tests.journal;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The child JVM of {@link KillAndResumeTest}: runs one {@link Tally} session per directory, at once,
 * each started or resumed from the journal in its directory, and writes {@code done} in a directory
 * when its session has ended. Prints {@code ready} once warmed up, just before the sessions start, then
 * {@code step} each time a session moves on from a step it ran in this launch (a step the journal replays is
 * not printed).
 *
 * <p>Arguments: the launch's name, the target, the pause per action in milliseconds, the directories.
 */
public final class TallyChild {
    private TallyChild() {}

    public static void main(String[] args) throws Exception {
        String launch = args[0];
        int target = Integer.parseInt(args[1]);
        Duration pause = Duration.ofMillis(Long.parseLong(args[2]));
        // beside the sessions, in the test's directory, which the test removes
        warmUp(Path.of(args[3]).resolveSibling("warm-up-" + launch));
        // before any session starts, so that every step line the parent counts comes after it
        System.out.println("ready");
        ExecutorService pool = Executors.newCachedThreadPool();
        List<Future<?>> sessions = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            Path dir = Path.of(args[i]);
            sessions.add(pool.submit(() -> {
                runOrResume(dir, launch, target, pause);
                return null;
            }));
        }
        for (Future<?> session : sessions) {
            session.get();
        }
        pool.shutdown();
        System.exit(0);
    }

    /**
     * Runs a short session without a journal first, so that the classes are loaded before {@code ready}: a
     * kill after no step then lands in the sessions' start, not in class loading.
     */
    private static void warmUp(Path dir) throws IOException {
        Files.createDirectories(dir);
        TallyAgent agent = new TallyAgent(
                new CountingModel(6),
                new LedgerDriver(TallyRun.effects(dir), TallyRun.attempts(dir), "warm-up", Duration.ZERO),
                TallyRun.CONFIG);
        dev.agentfsm.runtime.Session.of(TallyStateManager.instance(), agent)
                .build()
                .run(List.of(TallyRun.TASK));
        try (Journal journal = Journal.create(dir.resolve("journal"))) {
            TallyAgent journaled = new TallyAgent(
                    journal.llm(new CountingModel(6)),
                    journal.driver(new LedgerDriver(
                            dir.resolve("effects2"), dir.resolve("attempts2"), "warm-up", Duration.ZERO)),
                    TallyRun.CONFIG);
            dev.agentfsm.runtime.Session.of(TallyStateManager.instance(), journaled)
                    .recorder(journal)
                    .build()
                    .run(List.of(TallyRun.TASK));
        }
    }

    /** Tells the parent of each step a session ran here; the parent kills the child after a number of them. */
    private static final TransitionListener STEPS = event -> System.out.println("step");

    private static void runOrResume(Path dir, String launch, int target, Duration pause) throws IOException {
        Path journal = TallyRun.journal(dir);
        boolean resume = Files.exists(journal) && Files.size(journal) > 0;
        TallyRun run;
        try {
            run = resume
                    ? TallyRun.resume(dir, target, pause, launch, STEPS)
                    : TallyRun.start(dir, target, pause, launch, STEPS);
        } catch (JournalException e) {
            if (e.kind() != JournalException.Kind.EMPTY) {
                throw e;
            }
            // killed while writing the header: the session never began, so it starts afresh
            Files.delete(journal);
            resume = false;
            run = TallyRun.start(dir, target, pause, launch, STEPS);
        }
        RoundResult result = run.run(resume).get(0);
        run.journal.close();
        Path done = dir.resolve("done.tmp");
        Files.write(
                done,
                List.of(
                        result.outcome().name(),
                        String.join(" ", result.qualifiedPath()),
                        result.result().orElse("")));
        Files.move(done, dir.resolve("done"), StandardCopyOption.ATOMIC_MOVE);
    }
}
