package dev.agentfsm.benchmarks.journal;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * What a session journal costs per step: sessions of the {@link Worker} machine, whose every step makes
 * one model call (a reply of about 500 bytes, UFO's Linux shape) and runs one command (about 1 KiB of
 * output), each answered at once by stand-ins, run without a journal, with a journal written but not
 * forced ({@link Durability#FLUSH}), and with every record forced to the device ({@link Durability#SYNC},
 * the default). Prints the median wall-clock time per step of each, the CPU time the session's thread
 * used per step (which a busy machine inflates less), what the journal adds to both, and the bytes it
 * writes per step.
 *
 * <pre>{@code
 * java -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.journal.JournalCost [DIR]
 * }</pre>
 *
 * The journals go to {@code DIR} (default: a new directory under {@code fsm-benchmarks/target}): put it
 * on the disk whose {@code fsync} you want to know.
 */
public final class JournalCost {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final int RUNS = 5;
    /**
     * Sessions of each kind run before measuring: 90,000 steps without a journal and with {@code FLUSH}, 15,000
     * with {@code SYNC}, until the JIT's compiled code runs the whole path. With 3 of them (900 steps) the
     * measured steps ran partly in the interpreter and in C1's code, and each figure came out 2 to 3 times
     * what it is warm.
     */
    private static final int WARM_UP_SESSIONS = 300;

    private static final int STEPS = 1000;
    private static final int SYNC_STEPS = 200;

    private JournalCost() {}

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0
                ? Files.createDirectories(Path.of(args[0]))
                : Files.createTempDirectory(Files.createDirectories(Path.of("fsm-benchmarks/target")), "journal-cost-");
        System.out.println("journals in " + dir.toAbsolutePath());
        for (int i = 0; i < WARM_UP_SESSIONS; i++) {
            session(dir, Optional.empty(), 300);
            session(dir, Optional.of(Durability.FLUSH), 300);
            session(dir, Optional.of(Durability.SYNC), 50);
        }
        Measured none = measure(dir, Optional.empty(), STEPS);
        Measured flush = measure(dir, Optional.of(Durability.FLUSH), STEPS);
        Measured sync = measure(dir, Optional.of(Durability.SYNC), SYNC_STEPS);
        System.out.println();
        System.out.println("| journal | steps per session | time per step | added by the journal | CPU per step |"
                + " CPU added | bytes per step |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        row("none", STEPS, none, Optional.empty());
        row("FLUSH (written, not forced)", STEPS, flush, Optional.of(none));
        row("SYNC (forced per step, the default)", SYNC_STEPS, sync, Optional.of(none));
    }

    private record Measured(double nanosPerStep, double cpuNanosPerStep, double bytesPerStep) {}

    /** One row of the table; {@code base} is what the journal adds to, empty for the row without one. */
    private static void row(String name, int steps, Measured m, Optional<Measured> base) {
        String added =
                base.map(b -> micros(m.nanosPerStep() - b.nanosPerStep())).orElse("");
        String cpuAdded =
                base.map(b -> micros(m.cpuNanosPerStep() - b.cpuNanosPerStep())).orElse("");
        String bytes = m.bytesPerStep() == 0 ? "" : String.format(Locale.ROOT, "%,.0f", m.bytesPerStep());
        System.out.printf(
                Locale.ROOT,
                "| %s | %,d | %s | %s | %s | %s | %s |%n",
                name,
                steps,
                micros(m.nanosPerStep()),
                added,
                micros(m.cpuNanosPerStep()),
                cpuAdded,
                bytes);
    }

    private static String micros(double nanos) {
        return String.format(Locale.ROOT, "%,.1f µs", nanos / 1000);
    }

    private static Measured measure(Path dir, Optional<Durability> durability, int steps) throws IOException {
        List<Double> perStep = new ArrayList<>();
        List<Double> cpuPerStep = new ArrayList<>();
        double bytes = 0;
        for (int run = 0; run < RUNS; run++) {
            Run result = session(dir, durability, steps);
            perStep.add((double) result.nanos() / steps);
            cpuPerStep.add((double) result.cpuNanos() / steps);
            bytes = (double) result.journalBytes() / steps;
        }
        Collections.sort(perStep);
        Collections.sort(cpuPerStep);
        return new Measured(perStep.get(RUNS / 2), cpuPerStep.get(RUNS / 2), bytes);
    }

    /** One session: its wall-clock and CPU time, and the bytes its journal wrote for its steps (0 without one). */
    private record Run(long nanos, long cpuNanos, long journalBytes) {}

    /** Runs one session of {@code steps} steps, with a journal of the given durability or without one. */
    private static Run session(Path dir, Optional<Durability> durability, int steps) throws IOException {
        RuntimeConfig config = RuntimeConfig.parse("maxStep: " + (steps + 1));
        LlmClient model = new Model(steps);
        DeviceDriver shell = StandIns.shell(id -> {});
        if (durability.isEmpty()) {
            Session session = Session.of(WorkerStateManager.instance(), new WorkerAgent(model, shell, config))
                    .build();
            return timed(session, steps, () -> 0);
        }
        Path file = Files.createTempFile(dir, "worker-", ".journal");
        Files.delete(file);
        try (Journal journal = Journal.create(file, durability.get())) {
            WorkerAgent agent = new WorkerAgent(journal.llm(model), journal.driver(shell), config);
            Session session = Session.of(WorkerStateManager.instance(), agent)
                    .recorder(journal)
                    .build();
            return timed(session, steps, journal::bytes);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Runs the session once, timed; {@code journalBytes} is read before and after. */
    private static Run timed(Session session, int steps, LongSupplier journalBytes) {
        long bytes = journalBytes.getAsLong();
        long cpu = CPU.getCurrentThreadCpuTime();
        long started = System.nanoTime();
        RoundResult result = session.run(List.of("work")).get(0);
        long nanos = System.nanoTime() - started;
        cpu = CPU.getCurrentThreadCpuTime() - cpu;
        check(result, steps);
        return new Run(nanos, cpu, journalBytes.getAsLong() - bytes);
    }

    private static void check(RoundResult result, int steps) {
        if (!result.completed() || result.steps() != steps + 1) {
            throw new IllegalStateException(
                    "the session should complete after " + steps + " steps: " + result.reason());
        }
    }

    /** Says CONTINUE until the last step, then DONE. */
    private static final class Model implements LlmClient {
        private final int steps;
        private int asked;

        Model(int steps) {
            this.steps = steps;
        }

        @Override
        public LlmReply complete(dev.agentfsm.runtime.llm.LlmRequest request) {
            asked++;
            return new LlmReply(StandIns.REPLY.formatted(asked < steps ? "WORK" : "DONE"));
        }
    }
}
