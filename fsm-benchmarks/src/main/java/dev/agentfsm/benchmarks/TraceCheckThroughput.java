package dev.agentfsm.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.benchmarks.machines.AppAgentStatus;
import dev.agentfsm.benchmarks.machines.HostAgentStatus;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.trace.TraceCheck;
import dev.agentfsm.trace.TraceReport;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Measures {@link TraceCheck} on a large trace: lines per second and peak memory. Not a JMH benchmark
 * (a check is one long pass over a file, seconds long, where JMH's machinery adds nothing); run it by
 * hand, under a small heap to show that memory does not grow with the trace:
 *
 * <pre>
 * java -Xmx32m -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.TraceCheckThroughput 1000000 target/trace-1m.jsonl
 * </pre>
 *
 * The trace, written first if the file does not exist, is made by the runtime's own {@link JsonLinesTrace}:
 * rounds of UFO's Word-then-Excel path over the benchmark's HostAgent and AppAgent (nine transitions,
 * two hand-offs each way, and the round's end: ten lines a round). The check runs once to warm up,
 * then {@value #RUNS} times; the median is reported. Memory: the most heap still in use after a
 * garbage collection during the measured runs (what the check keeps alive, from the JVM's GC
 * notifications), the heap pools' peak use (garbage included, so bounded by {@code -Xmx} rather than by
 * the check), and the process's peak resident set size.
 */
public final class TraceCheckThroughput {
    private static final int RUNS = 5;
    private static final Status[][] PATH = {
        {HostAgentStatus.CONTINUE, HostAgentStatus.ASSIGN}, {HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE},
        {AppAgentStatus.CONTINUE, AppAgentStatus.FINISH}, {AppAgentStatus.FINISH, HostAgentStatus.CONTINUE},
        {HostAgentStatus.CONTINUE, HostAgentStatus.ASSIGN}, {HostAgentStatus.ASSIGN, AppAgentStatus.CONTINUE},
        {AppAgentStatus.CONTINUE, AppAgentStatus.FINISH}, {AppAgentStatus.FINISH, HostAgentStatus.CONTINUE},
        {HostAgentStatus.CONTINUE, HostAgentStatus.FINISH},
    };

    private TraceCheckThroughput() {}

    /** @param args the number of lines (a multiple of 10) and the trace file, written if missing */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TraceCheckThroughput LINES FILE; got " + Arrays.toString(args));
        }
        long lines = Long.parseLong(args[0]);
        Path file = Path.of(args[1]);
        if (!Files.exists(file)) {
            long started = System.nanoTime();
            write(file, lines / (PATH.length + 1));
            System.out.printf(
                    Locale.ROOT,
                    "wrote %s: %,d bytes in %.1f s%n",
                    file,
                    Files.size(file),
                    (System.nanoTime() - started) / 1e9);
        }
        TraceCheck check = TraceCheck.onClassPath(TraceCheckThroughput.class.getClassLoader());
        TraceReport warmUp = check.check(List.of(file));
        if (!warmUp.passed() || warmUp.count(TraceReport.Kind.UNREADABLE) > 0) {
            throw new IllegalStateException("the trace does not check cleanly:\n" + warmUp.table());
        }
        System.gc();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        AtomicLong liveAfterGc =
                watchLiveHeap(heap.stream().map(MemoryPoolMXBean::getName).toList());
        List<Double> seconds = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            long started = System.nanoTime();
            TraceReport report = check.check(List.of(file));
            seconds.add((System.nanoTime() - started) / 1e9);
            if (report.lines() != warmUp.lines()) {
                throw new IllegalStateException("run " + run + " read " + report.lines() + " lines");
            }
        }
        long peakHeap =
                heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
        double median = seconds.stream().sorted().toList().get(RUNS / 2);
        Runtime runtime = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "%s: %,d lines (%,d transitions, %,d rounds), %,d MB%n",
                file,
                warmUp.lines(),
                warmUp.transitions(),
                warmUp.rounds(),
                Files.size(file) / 1_000_000);
        System.out.printf(
                Locale.ROOT,
                "check, median of %d runs: %.2f s, %,.0f lines/s (runs: %s s)%n",
                RUNS,
                median,
                warmUp.lines() / median,
                seconds.stream().map(s -> String.format(Locale.ROOT, "%.2f", s)).toList());
        System.out.printf(
                Locale.ROOT,
                "memory: at most %.1f MB of heap live after a GC during the runs; peak heap use %.1f MB"
                        + " (max heap %.0f MB); peak RSS %s%n",
                liveAfterGc.get() / 1e6,
                peakHeap / 1e6,
                runtime.maxMemory() / 1e6,
                peakRss().orElse("unknown"));
    }

    private static void write(Path file, long rounds) throws IOException {
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            List<Status> path = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                path.clear();
                for (int step = 0; step < PATH.length; step++) {
                    Status from = PATH[step][0];
                    Status to = PATH[step][1];
                    path.add(from);
                    Trigger trigger = from.moveTo(to).orElseThrow().trigger();
                    trace.onTransition(new TransitionEvent(
                            "bench", round, step + 1, from.machine().name(), from, to, trigger, 1_000_000L + step));
                }
                path.add(HostAgentStatus.FINISH);
                trace.onRoundEnd(
                        "bench",
                        round,
                        new RoundResult(
                                Outcome.COMPLETED,
                                "HostAgent reached FINISH",
                                HostAgentStatus.FINISH,
                                path,
                                path.size(),
                                Optional.empty(),
                                Optional.empty(),
                                Optional.of("done"),
                                List.of(),
                                Optional.empty()));
            }
        }
    }

    /**
     * The most heap (the given pools) in use just after any garbage collection from now on, kept up to
     * date by the collectors' notifications.
     */
    private static AtomicLong watchLiveHeap(List<String> heapPools) {
        AtomicLong most = new AtomicLong();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(
                        (notification, handback) -> {
                            if (notification
                                    .getType()
                                    .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                                        (CompositeData) notification.getUserData());
                                long live = info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
                                        .filter(pool -> heapPools.contains(pool.getKey()))
                                        .mapToLong(pool -> pool.getValue().getUsed())
                                        .sum();
                                most.accumulateAndGet(live, Math::max);
                            }
                        },
                        null,
                        null);
            }
        }
        return most;
    }

    /** The process's peak resident set size, from Linux's /proc/self/status. */
    private static Optional<String> peakRss() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("VmHWM:"))
                    .map(line -> line.substring("VmHWM:".length()).strip())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
