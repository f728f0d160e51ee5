package dev.agentfsm.benchmarks.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.benchmarks.SessionThreads;
import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.SharedLogJournalStore;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Steps per second of many concurrent sessions, without a journal, with a journal file per session in each
 * {@link Durability}, and with every session's journal in one shared log ({@code LOG}: a {@link
 * SharedLogJournalStore}, forced per batch), in the same run: sessions of the {@link Worker} machine (a model call and a
 * command per step, answered at once by {@link StandIns}), one thread each (virtual on JDK 21+). Each
 * configuration runs {@code REPEATS} times, interleaved, after a warm-up; the median is reported. Issue
 * 27's target: with a journal whose records are forced before the next step ({@code LOG}, also {@code GROUP}
 * and {@code SYNC}), at least half the throughput without one.
 *
 * <pre>{@code
 * java -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.journal.ConcurrentJournals \
 *      [SESSIONS [STEPS [DIR [OUT.json [DURABILITIES [MODEL_MILLIS]]]]]]
 * }</pre>
 *
 * Defaults: 1,000 sessions of 20 steps, journals in a new directory under {@code fsm-benchmarks/target}
 * (put {@code DIR} on the disk whose {@code fsync} you want to know), JSON to {@code
 * fsm-benchmarks/target/journals.json}, the journals {@code GROUP,SYNC,FLUSH,LOG} (the run without a
 * journal always comes first), and a model that answers at once ({@code MODEL_MILLIS} makes each reply
 * take that long, so that the sessions wait as for a model, and the journal's work hides in the waits).
 */
public final class ConcurrentJournals {
    private static final int REPEATS = 3;
    private static final String NONE = "none";
    /** Every session's journal in one {@link SharedLogJournalStore}, forced per batch. */
    static final String LOG = "LOG";

    /**
     * Runs of every configuration, all its sessions, before the measured ones: at least 60,000 steps each, until
     * the JIT's compiled code runs the whole path. With one run of 200 sessions (4,000 steps) the measured runs
     * without a journal still sped up from one repeat to the next (149,000, 305,000, 693,000 steps per second),
     * so the median measured a JIT at work.
     */
    private static final int WARM_UP_RUNS = 3;
    /** The records per batch of each measured {@code LOG} run: how many sessions shared a force. */
    private static final List<Double> LINES_PER_FORCE = new ArrayList<>();

    private ConcurrentJournals() {}

    public static void main(String[] args) throws Exception {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Path dir = args.length > 2
                ? Files.createDirectories(Path.of(args[2]))
                : Files.createTempDirectory(Files.createDirectories(Path.of("fsm-benchmarks/target")), "journals-");
        Path out = Path.of(args.length > 3 ? args[3] : "fsm-benchmarks/target/journals.json");
        System.out.printf(
                "%,d sessions of %d steps on %s; journals in %s%n",
                sessions, steps, SessionThreads.describe(), dir.toAbsolutePath());
        List<String> configurations = new ArrayList<>(List.of(NONE));
        for (String name : (args.length > 4 ? args[4] : "GROUP,SYNC,FLUSH," + LOG).split(",")) {
            if (!name.equals(LOG)) {
                Durability.valueOf(name); // refuses a name that is neither a durability nor LOG
            }
            configurations.add(name);
        }
        long modelMillis = args.length > 5 ? Long.parseLong(args[5]) : 0;
        if (modelMillis > 0) {
            System.out.printf(
                    "the model answers after %d ms: at most %,.0f steps per second%n",
                    modelMillis, sessions * 1000.0 / modelMillis);
        }
        for (int w = 0; w < WARM_UP_RUNS; w++) {
            for (String c : configurations) {
                run(dir, c, sessions, steps, modelMillis);
            }
        }
        LINES_PER_FORCE.clear();
        List<List<Double>> rates = new ArrayList<>();
        configurations.forEach(c -> rates.add(new ArrayList<>()));
        for (int r = 0; r < REPEATS; r++) {
            for (int i = 0; i < configurations.size(); i++) {
                rates.get(i).add(run(dir, configurations.get(i), sessions, steps, modelMillis));
            }
        }
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("sessions", sessions)
                .put("steps", steps)
                .put("modelMillis", modelMillis)
                .put("threads", SessionThreads.describe());
        if (!LINES_PER_FORCE.isEmpty()) {
            json.put("logLinesPerForce", median(LINES_PER_FORCE));
            System.out.printf(
                    Locale.ROOT,
                    "%nLOG wrote %s records per batch (one write and one force each), median %.0f%n",
                    LINES_PER_FORCE.stream()
                            .map(x -> String.format(Locale.ROOT, "%.0f", x))
                            .toList(),
                    median(LINES_PER_FORCE));
        }
        ObjectNode medians = json.putObject("stepsPerSecond");
        System.out.println();
        System.out.println("| journal | steps per second (median of " + REPEATS + ") | runs | × without |");
        System.out.println("|---|---:|---|---:|");
        double none = median(rates.get(0));
        for (int i = 0; i < configurations.size(); i++) {
            String name = configurations.get(i);
            double median = median(rates.get(i));
            medians.put(name, median);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %,.0f | %s | %.2f |%n",
                    name,
                    median,
                    String.join(
                            ", ",
                            rates.get(i).stream()
                                    .map(x -> String.format(Locale.ROOT, "%,.0f", x))
                                    .toList()),
                    median / none);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), json);
        System.out.println("wrote " + out);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** Runs {@code sessions} sessions at once, each to its end; returns their steps per second together. */
    private static double run(Path dir, String configuration, int sessions, int steps, long modelMillis)
            throws Exception {
        Path runDir = Files.createTempDirectory(dir, configuration + "-");
        RuntimeConfig config = RuntimeConfig.parse("maxStep: " + (steps + 1));
        Optional<SharedLogJournalStore> log = configuration.equals(LOG)
                ? Optional.of(SharedLogJournalStore.open(runDir.resolve("log"), Durability.SYNC))
                : Optional.empty();
        List<Callable<RoundResult>> work = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
            String name = "session-" + i + ".journal";
            Path file = runDir.resolve(name);
            work.add(() -> session(
                    () -> log.isPresent()
                            ? Journal.create(log.get(), name)
                            : Journal.create(file, Durability.valueOf(configuration)),
                    !configuration.equals(NONE),
                    config,
                    steps,
                    modelMillis));
        }
        long started = System.nanoTime();
        List<Future<RoundResult>> results;
        ExecutorService threads = SessionThreads.perSession();
        try {
            results = threads.invokeAll(work);
        } finally {
            threads.shutdown();
        }
        long nanos = System.nanoTime() - started;
        if (log.isPresent()) {
            log.get().close();
            LINES_PER_FORCE.add((double) log.get().lines() / log.get().batches());
        }
        for (Future<RoundResult> result : results) {
            RoundResult r = result.get();
            if (!r.completed() || r.steps() != steps + 1) {
                throw new IllegalStateException("a session should complete after " + (steps + 1) + " steps: "
                        + r.outcome() + ", " + r.reason());
            }
        }
        try (Stream<Path> files = Files.walk(runDir)) {
            files.sorted(Comparator.reverseOrder())
                    .filter(f -> !f.equals(runDir))
                    .forEach(f -> {
                        try {
                            Files.delete(f);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
        Files.delete(runDir);
        return (double) sessions * (steps + 1) / (nanos / 1e9);
    }

    /** Makes a session's journal: a file of its own, or its journal in the shared log. */
    private interface NewJournal {
        Journal create() throws IOException;
    }

    private static RoundResult session(
            NewJournal newJournal, boolean journaled, RuntimeConfig config, int steps, long modelMillis)
            throws IOException {
        StandIns.Executed nothing = id -> {};
        if (!journaled) {
            WorkerAgent agent = new WorkerAgent(StandIns.model(steps, modelMillis), StandIns.shell(nothing), config);
            return Session.of(WorkerStateManager.instance(), agent)
                    .config(config)
                    .build()
                    .run(List.of("work"))
                    .get(0);
        }
        try (Journal journal = newJournal.create()) {
            WorkerAgent agent = new WorkerAgent(
                    journal.llm(StandIns.model(steps, modelMillis)), journal.driver(StandIns.shell(nothing)), config);
            return Session.of(WorkerStateManager.instance(), agent)
                    .config(config)
                    .recorder(journal)
                    .build()
                    .run(List.of("work"))
                    .get(0);
        }
    }
}
