package dev.agentfsm.benchmarks.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.benchmarks.SessionThreads;
import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.SharedLogJournalStore;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every completed action is durable: a child JVM runs many journaled sessions at once ({@link
 * Durability#GROUP}, one thread each, virtual on JDK 21+), reporting each step as it completes; it is
 * killed with SIGKILL at a random moment after its first step completed; a second child resumes every session to its end. Checked:
 * every step the first child reported completed is in its journal; no action of a step the journals
 * held at the kill ran again; every session ends {@code COMPLETED} with all its steps; every action
 * ran, and the only actions that ran twice are those of the steps cut off by the kill (not in the
 * journal, so they run again, with the same {@code ActionId}, as documented).
 *
 * <pre>{@code
 * java -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.journal.KillCheck \
 *      [SESSIONS [STEPS [DIR [OUT.json [SEED [files|log]]]]]]
 * }</pre>
 *
 * {@code files} (the default): a journal file per session, {@link Durability#GROUP}; {@code log}: every
 * session's journal in one shared log ({@link SharedLogJournalStore}, forced per batch), which the child
 * holds until it dies; the check and the second child open it after.
 *
 * Defaults: 1,000 sessions of 40 steps, a new directory under {@code fsm-benchmarks/target}, JSON to
 * {@code fsm-benchmarks/target/killcheck.json}, a random seed (printed; give it to repeat the kill's
 * delay). Exits with 1 when a check fails. A benchmark's program, not a test: fsm-tests'
 * {@code KillAndResumeTest} is the test of the same promise.
 */
public final class KillCheck {
    private static final String CHILD = "--child";

    private KillCheck() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(CHILD)) {
            child(
                    args[1],
                    Path.of(args[2]),
                    Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]),
                    args[5].equals("log"));
            return;
        }
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        Path base = args.length > 2
                ? Files.createDirectories(Path.of(args[2]))
                : Files.createDirectories(Path.of("fsm-benchmarks/target"));
        Path out = Path.of(args.length > 3 ? args[3] : "fsm-benchmarks/target/killcheck.json");
        long seed = args.length > 4 && !args[4].equals("-") ? Long.parseLong(args[4]) : new Random().nextLong();
        String store = args.length > 5 ? args[5] : "files";
        if (!store.equals("files") && !store.equals("log")) {
            throw new IllegalArgumentException("the store is files or log, not " + store);
        }
        boolean shared = store.equals("log");
        Random random = new Random(seed);
        System.out.printf(
                "seed %d: %,d journaled sessions of %d steps in a child JVM (%s, %s), killed at a random moment%n",
                seed, sessions, steps, SessionThreads.describe(), Journals.describe(shared));

        long maxDelay = 4000;
        for (int attempt = 1; ; attempt++) {
            Path dir = Files.createTempDirectory(base, "killcheck-");
            long delay = 50 + (long) (random.nextDouble() * maxDelay);
            Launch first = launch("run", dir, sessions, steps, delay, shared);
            if (!first.killed()) {
                System.out.printf("the child ended before the kill after %d ms; again with a shorter delay%n", delay);
                maxDelay /= 2;
                if (attempt == 5) {
                    throw new IllegalStateException("the child always ended before its kill: run more steps");
                }
                continue;
            }
            ObjectNode result = check(dir, sessions, steps, first, delay, seed, shared);
            Files.createDirectories(out.toAbsolutePath().getParent());
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), result);
            System.out.println(
                    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
            System.out.println("wrote " + out);
            if (!result.get("passed").asBoolean()) {
                System.exit(1);
            }
            return;
        }
    }

    /** What a launch of the child reported: the steps completed per session, the ends, whether it was killed. */
    private record Launch(Map<Integer, Integer> done, Map<Integer, String> ends, boolean killed) {}

    private static Launch launch(String mode, Path dir, int sessions, int steps, long killAfterMillis, boolean shared)
            throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        KillCheck.class.getName(),
                        CHILD,
                        mode,
                        dir.toString(),
                        Integer.toString(sessions),
                        Integer.toString(steps),
                        shared ? "log" : "files")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Map<Integer, Integer> done = new HashMap<>();
        Map<Integer, String> ends = new HashMap<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (!line.endsWith(" .")) {
                        continue; // cut off by the kill: not reported
                    }
                    String[] words = line.split(" ");
                    synchronized (done) {
                        switch (words[0]) {
                            case "started" -> {
                                // the child made its sessions; the kill waits for their first completed step
                            }
                            case "done" -> {
                                done.merge(Integer.parseInt(words[1]), Integer.parseInt(words[2]), Math::max);
                                done.notifyAll();
                            }
                            case "end" -> ends.put(Integer.parseInt(words[1]), words[2] + " " + words[3]);
                            default -> throw new IllegalStateException("unexpected line from the child: " + line);
                        }
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        boolean killed = false;
        if (killAfterMillis > 0) {
            // the random moment is counted from the first completed step, so that it falls while steps complete
            // rather than while the child still creates its journals
            synchronized (done) {
                while (done.isEmpty() && child.isAlive()) {
                    done.wait(100);
                }
            }
            if (!child.waitFor(killAfterMillis, TimeUnit.MILLISECONDS)) {
                child.destroyForcibly(); // SIGKILL
                killed = true;
            }
        }
        int exit = child.waitFor();
        reader.join();
        if (!killed && exit != 0) {
            throw new IllegalStateException("the " + mode + " child exited with " + exit);
        }
        synchronized (done) {
            return new Launch(Map.copyOf(done), Map.copyOf(ends), killed);
        }
    }

    private static ObjectNode check(
            Path dir, int sessions, int steps, Launch first, long delay, long seed, boolean shared) throws Exception {
        // what the journals hold after the kill: the completed steps of each session (DONE's own step aside)
        int[] journaled = new int[sessions];
        try (Journals journals = Journals.open(dir, shared)) {
            for (int i = 0; i < sessions; i++) {
                journaled[i] = journaledSteps(journals, i, steps);
            }
        }
        List<String> problems = new ArrayList<>();
        long reported = 0;
        for (Map.Entry<Integer, Integer> e : first.done().entrySet()) {
            reported += e.getValue();
            if (e.getValue() > journaled[e.getKey()]) {
                problems.add("session " + e.getKey() + " reported " + e.getValue() + " steps completed, but its"
                        + " journal holds " + journaled[e.getKey()]);
            }
        }
        Launch second = launch("resume", dir, sessions, steps, 0, shared);
        Map<Integer, List<Integer>> before = executions(dir.resolve("executions-run.log"));
        Map<Integer, List<Integer>> after = executions(dir.resolve("executions-resume.log"));
        int cutOffRerun = 0;
        int completedBeforeKill = 0;
        long journaledSteps = 0;
        for (int i = 0; i < sessions; i++) {
            journaledSteps += journaled[i];
            if (journaled[i] == steps) {
                completedBeforeKill++;
            }
            String end = second.ends().get(i);
            if (!("COMPLETED " + (steps + 1)).equals(end)) {
                problems.add("session " + i + " ended " + end + " after the resume, not COMPLETED in " + (steps + 1));
            }
            List<Integer> ranBefore = before.getOrDefault(i, List.of());
            List<Integer> ranAfter = after.getOrDefault(i, List.of());
            for (int step : ranAfter) {
                if (step <= journaled[i]) {
                    problems.add("session " + i + ": the action of step " + step + " ran again after the resume,"
                            + " though the journal held that step");
                }
            }
            if (new HashSet<>(ranBefore).size() != ranBefore.size()
                    || new HashSet<>(ranAfter).size() != ranAfter.size()) {
                problems.add("session " + i + ": an action ran twice in one launch: " + ranBefore + " / " + ranAfter);
            }
            Set<Integer> all = new HashSet<>(ranBefore);
            all.addAll(ranAfter);
            for (int step = 1; step <= steps; step++) {
                if (!all.contains(step)) {
                    problems.add("session " + i + ": the action of step " + step + " never ran");
                }
            }
            Set<Integer> twice = new HashSet<>(ranBefore);
            twice.retainAll(ranAfter);
            cutOffRerun += twice.size();
        }
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("seed", seed)
                .put("sessions", sessions)
                .put("steps", steps)
                .put("threads", SessionThreads.describe())
                .put("store", Journals.describe(shared))
                .put("killedAfterMillis", delay)
                .put("stepsReportedCompletedBeforeKill", reported)
                .put("stepsInJournalsAtKill", journaledSteps)
                .put("sessionsCompletedBeforeKill", completedBeforeKill)
                .put("cutOffActionsRunAgain", cutOffRerun)
                .put("sessionsCompletedAfterResume", (int) second.ends().values().stream()
                        .filter(("COMPLETED " + (steps + 1))::equals)
                        .count());
        json.putArray("problems")
                .addAll(problems.stream().limit(20).map(json::textNode).toList());
        json.put("problemCount", problems.size()).put("passed", problems.isEmpty());
        return json;
    }

    /** The WORK steps a session's journal holds (0 when the session never wrote a record). */
    private static int journaledSteps(Journals journals, int n, int steps) throws IOException {
        if (!journals.exists(n)) {
            return 0;
        }
        try (Journal journal = journals.open(n)) {
            return Math.min(journal.recordedSteps(), steps);
        } catch (JournalException e) {
            if (e.kind() == JournalException.Kind.EMPTY) {
                return 0;
            }
            throw e;
        }
    }

    /** The steps whose actions ran, per session, from a launch's execution log. */
    private static Map<Integer, List<Integer>> executions(Path log) throws IOException {
        Map<Integer, List<Integer>> ran = new HashMap<>();
        if (!Files.exists(log)) {
            return ran;
        }
        for (String line : Files.readAllLines(log)) {
            if (!line.endsWith(" .")) {
                continue; // cut off by the kill
            }
            String[] words = line.split(" ");
            ran.computeIfAbsent(Integer.parseInt(words[0]), k -> new ArrayList<>())
                    .add(Integer.parseInt(words[1]));
        }
        return ran;
    }

    private static Path file(Path dir, int session) {
        return dir.resolve("session-" + session + ".journal");
    }

    /** Where the sessions' journals are: a file each ({@link Durability#GROUP}), or one shared log. */
    private static final class Journals implements Closeable {
        private final Path dir;
        private final Optional<SharedLogJournalStore> log;

        private Journals(Path dir, Optional<SharedLogJournalStore> log) {
            this.dir = dir;
            this.log = log;
        }

        static Journals open(Path dir, boolean shared) throws IOException {
            return new Journals(
                    dir,
                    shared
                            ? Optional.of(SharedLogJournalStore.open(dir.resolve("log"), Durability.SYNC))
                            : Optional.empty());
        }

        static String describe(boolean shared) {
            return shared ? "one shared log, forced per batch" : "a journal file per session, GROUP";
        }

        private static String name(int n) {
            return "session-" + n + ".journal";
        }

        boolean exists(int n) throws IOException {
            if (log.isPresent()) {
                return log.get().journals().contains(name(n));
            }
            Path file = file(dir, n);
            return Files.exists(file) && Files.size(file) > 0;
        }

        Journal create(int n) throws IOException {
            return log.isPresent()
                    ? Journal.create(log.get(), name(n))
                    : Journal.create(file(dir, n), Durability.GROUP);
        }

        Journal open(int n) throws IOException {
            return log.isPresent() ? Journal.open(log.get(), name(n)) : Journal.open(file(dir, n), Durability.GROUP);
        }

        /** Removes a journal file that holds no complete record (a shared log never lists such a journal). */
        void discard(int n) throws IOException {
            if (log.isEmpty()) {
                Files.deleteIfExists(file(dir, n));
            }
        }

        @Override
        public void close() throws IOException {
            if (log.isPresent()) {
                log.get().close();
            }
        }
    }

    // ---- the child: runs or resumes every session, reporting each completed step on standard output ----

    private static void child(String mode, Path dir, int sessions, int steps, boolean shared) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        RuntimeConfig config = RuntimeConfig.parse("maxStep: " + (steps + 1));
        try (Journals journals = Journals.open(dir, shared);
                FileChannel log = FileChannel.open(
                        dir.resolve("executions-" + mode + ".log"),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND)) {
            StandIns.Executed executed = id -> {
                // the action itself: a line in the device's log, written before the shell returns
                try {
                    log.write(ByteBuffer.wrap((id.session().substring("session-".length()) + " " + id.step() + " .\n")
                            .getBytes(StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            };
            List<Callable<RoundResult>> work = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                int n = i;
                work.add(() -> session(mode, journals, n, steps, config, executed, out));
            }
            line(out, "started .");
            ExecutorService threads = SessionThreads.perSession();
            List<Future<RoundResult>> results;
            try {
                results = threads.invokeAll(work);
            } finally {
                threads.shutdown();
            }
            for (int i = 0; i < sessions; i++) {
                RoundResult r = results.get(i).get();
                line(out, "end " + i + " " + r.outcome() + " " + r.steps() + " .");
            }
        }
    }

    private static RoundResult session(
            String mode,
            Journals journals,
            int n,
            int steps,
            RuntimeConfig config,
            StandIns.Executed executed,
            PrintStream out)
            throws IOException {
        AtomicInteger completed = new AtomicInteger();
        // a move is heard after the journal wrote the step that made it: the step is reported durable
        TransitionListener report = event -> line(out, "done " + n + " " + completed.incrementAndGet() + " .");
        if (mode.equals("resume") && journals.exists(n)) {
            Journal journal;
            try {
                journal = journals.open(n);
            } catch (JournalException e) {
                if (e.kind() != JournalException.Kind.EMPTY) {
                    throw e;
                }
                journals.discard(n); // not one record complete: the session never began
                return fresh(journals, n, steps, config, executed, report);
            }
            try (journal) {
                completed.set(Math.min(journal.recordedSteps(), steps));
                WorkerAgent agent = new WorkerAgent(
                        journal.llm(StandIns.model(steps)), journal.driver(StandIns.shell(executed)), config);
                Session session = Session.of(WorkerStateManager.instance(), agent)
                        .config(config)
                        .listener(report)
                        .build();
                List<RoundResult> results = session.resume(journal);
                return results.isEmpty() ? session.run(List.of("work")).get(0) : results.get(0);
            }
        }
        journals.discard(n);
        return fresh(journals, n, steps, config, executed, report);
    }

    private static RoundResult fresh(
            Journals journals,
            int n,
            int steps,
            RuntimeConfig config,
            StandIns.Executed executed,
            TransitionListener report)
            throws IOException {
        try (Journal journal = journals.create(n)) {
            WorkerAgent agent = new WorkerAgent(
                    journal.llm(StandIns.model(steps)), journal.driver(StandIns.shell(executed)), config);
            return Session.of(WorkerStateManager.instance(), agent)
                    .config(config)
                    .id("session-" + n)
                    .recorder(journal)
                    .listener(report)
                    .build()
                    .run(List.of("work"))
                    .get(0);
        }
    }

    private static void line(PrintStream out, String text) {
        synchronized (out) {
            out.println(text);
            out.flush();
        }
    }
}
