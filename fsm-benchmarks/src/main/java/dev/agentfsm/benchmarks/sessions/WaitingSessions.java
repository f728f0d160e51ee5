package dev.agentfsm.benchmarks.sessions;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.benchmarks.SessionThreads;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import javax.management.ObjectName;

/**
 * Heap per session waiting at a question: {@code SESSIONS} sessions of the {@link Question} machine run
 * at once, one thread each, until every one waits in PENDING for its answer; then the heap in use after
 * a full collection, less what was in use before the sessions were made, divided by the sessions, is
 * the bytes a waiting session holds (its session, agent, context, blackboard, inbox and round, and its
 * thread: on JDK 21+ a virtual thread, whose parked stack is on the heap; on JDK 17 a platform thread,
 * whose stack is not). It also prints how many processor cores the process kept busy while the sessions
 * waited and nothing happened ({@value #IDLE_MILLIS} ms). Then each gets its answer and must complete. Issue 27's target: 100,000 waiting
 * sessions in at most 1 GiB of heap.
 *
 * <pre>{@code
 * java -Xmx1g -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.sessions.WaitingSessions \
 *      [SESSIONS [OUT.json [--histogram]]]
 * }</pre>
 *
 * Defaults: 100,000 sessions on virtual threads (JDK 21+); on JDK 17, 2,000 (a platform thread each:
 * the operating system's limit on threads, 32,768 processes and threads on the project's machine,
 * rules out 100,000), with the heap of 100,000 projected from them. JSON to {@code
 * fsm-benchmarks/target/sessions.json}. {@code --histogram} prints the classes that hold the most
 * heap while the sessions wait ({@code jcmd <pid> GC.class_histogram}).
 */
public final class WaitingSessions {
    private static final int TARGET_SESSIONS = 100_000;
    private static final long GIB = 1L << 30;
    private static final long IDLE_MILLIS = 3000;

    private WaitingSessions() {}

    public static void main(String[] args) throws Exception {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : SessionThreads.virtual() ? TARGET_SESSIONS : 2_000;
        Path out = Path.of(args.length > 1 ? args[1] : "fsm-benchmarks/target/sessions.json");
        boolean histogram = args.length > 2 && args[2].equals("--histogram");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 10");
        warmUp(config);
        long before = usedAfterGc(memory);

        CountDownLatch waiting = new CountDownLatch(sessions);
        List<Session> all = new ArrayList<>(sessions);
        List<Future<List<RoundResult>>> results = new ArrayList<>(sessions);
        ExecutorService threads = SessionThreads.perSession();
        long started = System.nanoTime();
        for (int i = 0; i < sessions; i++) {
            Session session = Session.of(QuestionStateManager.instance(), new QuestionAgent(config, waiting))
                    .config(config)
                    .build();
            all.add(session);
            String request = "logs/archive-" + i + ".tar.gz";
            results.add(threads.submit(() -> session.run(List.of(request))));
        }
        waiting.await();
        long parkedNanos = System.nanoTime() - started;
        long used = usedAfterGc(memory);
        // what the waiting sessions cost the processors while nothing happens
        long cpuBefore = processCpuNanos();
        long idleFrom = System.nanoTime();
        Thread.sleep(IDLE_MILLIS);
        double busyCores = (double) (processCpuNanos() - cpuBefore) / (System.nanoTime() - idleFrom);
        if (histogram) {
            printHistogram();
        }
        double perSession = (double) (used - before) / sessions;
        double projected = perSession * TARGET_SESSIONS;

        for (Session session : all) {
            session.deliver(new Event("answer", "yes"));
        }
        for (Future<List<RoundResult>> result : results) {
            RoundResult r = result.get().get(0);
            if (!r.completed() || r.steps() != 3) {
                throw new IllegalStateException("a session should complete in 3 steps once answered: " + r.reason());
            }
        }
        threads.shutdown();

        System.out.printf(
                Locale.ROOT,
                "%,d sessions waiting at a question (%s), parked in %.1f s: %,.0f bytes of heap each;"
                        + " %,d sessions: %.1f MiB (%s 1 GiB); heap in use %.1f MiB before, %.1f MiB waiting, max %.0f MiB;"
                        + " while they waited, the process used %.2f cores%n",
                sessions,
                SessionThreads.describe(),
                parkedNanos / 1e9,
                perSession,
                TARGET_SESSIONS,
                projected / (1 << 20),
                projected <= GIB ? "within" : "over",
                before / (double) (1 << 20),
                used / (double) (1 << 20),
                Runtime.getRuntime().maxMemory() / (double) (1 << 20),
                busyCores);
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("sessions", sessions)
                .put("threads", SessionThreads.describe())
                .put("bytesPerWaitingSession", perSession)
                .put("heapBeforeBytes", before)
                .put("heapWaitingBytes", used)
                .put("maxHeapBytes", Runtime.getRuntime().maxMemory())
                .put("targetSessions", TARGET_SESSIONS)
                .put("heapForTargetBytes", projected)
                .put("measuredAtTarget", sessions >= TARGET_SESSIONS)
                .put("coresBusyWhileWaiting", busyCores);
        Files.createDirectories(out.toAbsolutePath().getParent());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), json);
        System.out.println("wrote " + out);
    }

    /** Runs a few sessions through, so that the classes are loaded before the baseline. */
    private static void warmUp(RuntimeConfig config) throws Exception {
        CountDownLatch waiting = new CountDownLatch(10);
        ExecutorService threads = SessionThreads.perSession();
        List<Session> sessions = new ArrayList<>();
        List<Future<List<RoundResult>>> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Session session = Session.of(QuestionStateManager.instance(), new QuestionAgent(config, waiting))
                    .config(config)
                    .build();
            sessions.add(session);
            results.add(threads.submit(() -> session.run(List.of("warm-up"))));
        }
        waiting.await();
        sessions.forEach(s -> s.deliver(Event.of("answer")));
        for (Future<List<RoundResult>> result : results) {
            result.get();
        }
        threads.shutdown();
    }

    private static long usedAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void printHistogram() throws Exception {
        String histogram = (String) ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram",
                        new Object[] {null},
                        new String[] {String[].class.getName()});
        histogram.lines().limit(30).forEach(System.out::println);
    }
}
