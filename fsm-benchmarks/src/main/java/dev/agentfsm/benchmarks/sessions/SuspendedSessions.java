package dev.agentfsm.benchmarks.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.Waiting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Suspended sessions cost no heap: {@code SESSIONS} journaled sessions of the {@link Cleanup} machine
 * each run until they suspend at their question ({@link Outcome#SUSPENDED}), a few at a time on a few
 * threads, and are let go: the journal closed, no thread, no session, agent or journal object kept.
 * The heap in use after a full collection, less the heap before, divided by the sessions, is what a
 * suspended session costs the JVM; the journals' bytes and their size on disk ({@code du}) are what it
 * costs the disk. Then a second JVM answers and resumes a random sample of them (the seed is printed)
 * and checks that each completes with the answer it was given, with no model call and no action made
 * again (the counting stand-ins of {@link CleanupAgent} are new in that JVM, so a replayed call that
 * went live would show). The journals are deleted at the end, unless {@code --keep}. Issue 27's target:
 * 1,000,000 suspended sessions costing no heap.
 *
 * <pre>{@code
 * java -Xmx256m -cp fsm-benchmarks/target/benchmarks.jar dev.agentfsm.benchmarks.sessions.SuspendedSessions \
 *      [SESSIONS [DIR [OUT.json]]] [--sample N] [--seed S] [--threads T] [--durability FLUSH|GROUP|SYNC]
 *      [--store files] [--keep]
 * }</pre>
 *
 * Defaults: 1,000,000 sessions, the journals in a new directory under {@code fsm-benchmarks/target},
 * JSON to {@code fsm-benchmarks/target/suspended.json}, a sample of 1,000 with a random seed, a thread per
 * processor, {@link Durability#FLUSH} for the sessions' records (written to the operating system, not
 * forced: making a million sessions is not to wait for a million forces; the wait record is written with
 * the journal's durability like every other record), {@link Durability#SYNC} for the replies in the
 * second JVM, a file per journal. Exits with 1 when a check fails.
 */
public final class SuspendedSessions {
    private static final int TARGET_SESSIONS = 1_000_000;
    private static final int PROGRESS_EVERY = 100_000;
    private static final int WARM_UP = 2_000;
    private static final String RESUME = "--resume";
    private static final long DISK_BYTES_PER_SESSION = 5_000;

    private SuspendedSessions() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(RESUME)) {
            resumeSample(args);
            return;
        }
        Options options = Options.parse(args);
        Path base = Files.createDirectories(options.directory);
        checkRoom(base, options.sessions);
        Path dir = Files.createTempDirectory(base, "suspended-");
        SessionJournals journals = SessionJournals.of(options.store, dir);
        System.out.printf(
                Locale.ROOT,
                "%,d sessions of Cleanup suspended at their question, journals in %s (%s, %s), %d threads;"
                        + " then %,d of them answered and resumed in a second JVM, seed %d%n",
                options.sessions,
                dir,
                options.store,
                options.durability,
                options.threads,
                Math.min(options.sample, options.sessions),
                options.seed);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        String loadBefore = loadAverage();

        // warm-up: load and compile what a session needs, in a store of its own that is deleted after
        SessionJournals warmUp =
                SessionJournals.of(options.store, Files.createTempDirectory(base, "suspended-warm-up-"));
        List<String> warmUpProblems =
                suspendAll(warmUp, WARM_UP, options.threads, options.durability, Optional.empty()).problems;
        delete(warmUp.directory(), options.threads);

        long before = usedAfterGc(memory);
        int threadsBefore = Thread.activeCount();
        long filesBefore = openFiles();
        long started = System.nanoTime();
        Created created =
                suspendAll(journals, options.sessions, options.threads, options.durability, Optional.of(memory));
        double createSeconds = (System.nanoTime() - started) / 1e9;
        long after = usedAfterGc(memory);
        int threadsAfter = Thread.activeCount();
        long filesAfter = openFiles();
        double heapPerSession = (double) (after - before) / options.sessions;
        long disk = diskBytes(dir);
        System.out.printf(
                Locale.ROOT,
                "%,d sessions suspended in %.1f s (%,.0f a second); heap in use after a full collection %.1f MiB"
                        + " before, %.1f MiB after: %.2f bytes per suspended session; live threads %d before, %d"
                        + " after; open files %d before, %d after; journals %,d bytes (%,.0f per session), %,d bytes on disk (%,.0f per session)%n",
                options.sessions,
                createSeconds,
                options.sessions / createSeconds,
                before / (double) (1 << 20),
                after / (double) (1 << 20),
                heapPerSession,
                threadsBefore,
                threadsAfter,
                filesBefore,
                filesAfter,
                created.journalBytes,
                (double) created.journalBytes / options.sessions,
                disk,
                (double) disk / options.sessions);

        List<String> problems = new ArrayList<>(warmUpProblems);
        problems.addAll(created.problems);
        JsonNode resumed;
        double deleteSeconds = 0;
        try {
            resumed = resumeInChild(journals, options);
        } finally {
            // the journals may take gigabytes: gone even when the resume failed, unless asked to keep them
            if (!options.keep) {
                long deleting = System.nanoTime();
                delete(dir, options.threads);
                deleteSeconds = (System.nanoTime() - deleting) / 1e9;
                System.out.printf(Locale.ROOT, "deleted %s in %.1f s%n", dir, deleteSeconds);
            }
        }
        resumed.path("problems").forEach(p -> problems.add(p.asText()));
        if (resumed.path("problemCount").asInt() > resumed.path("problems").size()) {
            problems.add("... and "
                    + (resumed.path("problemCount").asInt()
                            - resumed.path("problems").size()) + " more problems in the resumed sample");
        }

        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("suspendedSessions", options.sessions)
                .put("targetSessions", TARGET_SESSIONS)
                .put("jdk", Runtime.version().toString())
                .put("store", options.store)
                .put("durability", options.durability.name())
                .put("threads", options.threads)
                .put("createSeconds", createSeconds)
                .put("heapBeforeBytes", before)
                .put("heapAfterBytes", after)
                .put("heapBytesPerSuspendedSession", heapPerSession)
                .put("maxHeapBytes", Runtime.getRuntime().maxMemory())
                .put("liveThreadsBefore", threadsBefore)
                .put("liveThreadsAfter", threadsAfter)
                .put("openFilesBefore", filesBefore)
                .put("openFilesAfter", filesAfter)
                .put("journalBytes", created.journalBytes)
                .put("diskBytes", disk)
                .put("sample", resumed.path("sample").asInt())
                .put("seed", options.seed)
                .put("resumedCompleted", resumed.path("completed").asInt())
                .put("resumeSeconds", resumed.path("seconds").asDouble())
                .put("resumeMedianMillis", resumed.path("medianMillis").asDouble())
                .put("modelCallsRepeated", resumed.path("modelCallsRepeated").asInt())
                .put("actionsRepeated", resumed.path("actionsRepeated").asInt())
                .put("deleteSeconds", deleteSeconds)
                .put("kept", options.keep ? dir.toString() : "")
                .put("loadAverageBefore", loadBefore)
                .put("loadAverageAfter", loadAverage());
        json.putArray("problems")
                .addAll(problems.stream().limit(20).map(json::textNode).toList());
        json.put("problemCount", problems.size()).put("passed", problems.isEmpty());
        Files.createDirectories(options.out.toAbsolutePath().getParent());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(options.out.toFile(), json);
        System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(json));
        System.out.println("wrote " + options.out);
        if (!problems.isEmpty()) {
            System.exit(1);
        }
    }

    /** What the first pass left: the journals' bytes and what went wrong. */
    private record Created(long journalBytes, List<String> problems) {}

    /**
     * Runs sessions {@code 0 .. sessions-1} until each suspends, on {@code threads} threads that end when
     * all are done; prints progress every {@value #PROGRESS_EVERY} sessions when {@code memory} is given.
     */
    private static Created suspendAll(
            SessionJournals journals, int sessions, int threads, Durability durability, Optional<MemoryMXBean> memory)
            throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicLong bytes = new AtomicLong();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        long started = System.nanoTime();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(
                    () -> {
                        for (int i = next.getAndIncrement(); i < sessions; i = next.getAndIncrement()) {
                            try {
                                bytes.addAndGet(suspend(journals, i, durability));
                            } catch (IOException | RuntimeException e) {
                                problems.add("session " + i + ": " + e);
                            }
                            if ((i + 1) % PROGRESS_EVERY == 0 && memory.isPresent()) {
                                progress(i + 1, started, memory.get());
                            }
                        }
                    },
                    "suspend-" + t);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return new Created(bytes.get(), List.copyOf(problems));
    }

    /**
     * Runs session {@code i} until it suspends at its question, checks what it did, closes its journal and
     * keeps nothing of it.
     *
     * @return the journal's bytes
     */
    private static long suspend(SessionJournals journals, int i, Durability durability) throws IOException {
        String file = CleanupAgent.file(i);
        try (Journal journal = journals.create(i, durability)) {
            CleanupAgent.Model model = new CleanupAgent.Model();
            CleanupAgent.Device device = new CleanupAgent.Device();
            CleanupAgent agent = CleanupAgent.journaled(journal, model, device);
            RoundResult result = Session.of(CleanupStateManager.instance(), agent)
                    .config(CleanupAgent.CONFIG)
                    .id("session-" + i)
                    .recorder(journal)
                    .build()
                    .run(List.of(file))
                    .get(0);
            Waiting waiting = result.waiting().orElse(null);
            if (result.outcome() != Outcome.SUSPENDED
                    || waiting == null
                    || waiting.kind() != Waiting.Kind.ANSWER
                    || !waiting.prompt().startsWith("Delete " + file + "? ")
                    || model.calls != 1
                    || !device.ran.equals(List.of("stat " + file))) {
                throw new IllegalStateException("should have suspended at its question after one model call and"
                        + " one stat: " + result.outcome() + " " + result.reason() + ", waiting " + waiting
                        + ", model calls " + model.calls + ", actions " + device.ran);
            }
            return journal.bytes();
        }
    }

    private static void progress(int done, long started, MemoryMXBean memory) {
        double seconds = (System.nanoTime() - started) / 1e9;
        memory.gc();
        System.out.printf(
                Locale.ROOT,
                "  %,d suspended in %.1f s (%,.0f a second); heap in use after a collection %.1f MiB%n",
                done,
                seconds,
                done / seconds,
                memory.getHeapMemoryUsage().getUsed() / (double) (1 << 20));
    }

    // ---- the second JVM: answers and resumes a sample ----

    private static JsonNode resumeInChild(SessionJournals journals, Options options) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        SuspendedSessions.class.getName(),
                        RESUME,
                        journals.kind(),
                        journals.directory().toString(),
                        Integer.toString(options.sessions),
                        Integer.toString(Math.min(options.sample, options.sessions)),
                        Long.toString(options.seed))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = child.waitFor();
        List<String> lines = output.lines().toList();
        lines.stream().filter(l -> !l.startsWith("{")).forEach(System.out::println);
        Optional<String> result = lines.stream().filter(l -> l.startsWith("{")).reduce((a, b) -> b);
        if (exit != 0 || result.isEmpty()) {
            throw new IllegalStateException(
                    "the resuming JVM exited with " + exit + " and no result; its output: " + output);
        }
        return new ObjectMapper().readTree(result.get());
    }

    /**
     * In a JVM of its own, nothing of the first one in memory: answers each sampled session's question,
     * "yes" or "no" at random, resumes it with new stand-ins, and checks its end; prints the result as one
     * JSON line.
     */
    private static void resumeSample(String[] args) throws Exception {
        SessionJournals journals = SessionJournals.of(args[1], Path.of(args[2]));
        int sessions = Integer.parseInt(args[3]);
        int sample = Integer.parseInt(args[4]);
        long seed = Long.parseLong(args[5]);
        Random random = new Random(seed);
        Set<Integer> chosen = new LinkedHashSet<>();
        while (chosen.size() < sample) {
            chosen.add(random.nextInt(sessions));
        }
        List<String> problems = new ArrayList<>();
        int completed = 0;
        int modelCallsRepeated = 0;
        int actionsRepeated = 0;
        long[] nanos = new long[sample];
        int k = 0;
        long started = System.nanoTime();
        for (int i : chosen) {
            String file = CleanupAgent.file(i);
            String answer = (random.nextBoolean() ? "yes" : "no") + ", ticket " + random.nextInt(1_000_000);
            long from = System.nanoTime();
            try (Journal journal = journals.open(i, Durability.SYNC)) {
                Waiting waiting = journal.waiting().orElse(null);
                if (waiting == null
                        || waiting.kind() != Waiting.Kind.ANSWER
                        || !waiting.state().equals("Cleanup.ASK")
                        || !waiting.prompt().startsWith("Delete " + file + "? ")) {
                    problems.add("session " + i + " should wait in Cleanup.ASK for the answer about " + file
                            + ", the journal says " + waiting);
                    continue;
                }
                journal.answer(answer);
                CleanupAgent.Model model = new CleanupAgent.Model();
                CleanupAgent.Device device = new CleanupAgent.Device();
                CleanupAgent agent = CleanupAgent.journaled(journal, model, device);
                RoundResult result = Session.of(CleanupStateManager.instance(), agent)
                        .config(CleanupAgent.CONFIG)
                        .build()
                        .resume(journal)
                        .get(0);
                nanos[k++] = System.nanoTime() - from;
                String expected = answer.startsWith("yes")
                        ? "deleted " + file + " (answer: " + answer + ")"
                        : "kept " + file + " (answer: " + answer + ")";
                List<String> expectedActions = answer.startsWith("yes") ? List.of("rm " + file) : List.of();
                modelCallsRepeated += model.calls;
                actionsRepeated += (int)
                        device.ran.stream().filter(a -> a.startsWith("stat ")).count();
                if (result.outcome() == Outcome.COMPLETED
                        && result.result().equals(Optional.of(expected))
                        && model.calls == 0
                        && device.ran.equals(expectedActions)) {
                    completed++;
                } else {
                    problems.add("session " + i + ", answered '" + answer + "', should complete with '" + expected
                            + "' and actions " + expectedActions + " and no model call: " + result.outcome() + " "
                            + result.result() + ", " + result.reason() + ", actions " + device.ran + ", model calls "
                            + model.calls);
                }
            } catch (IOException | RuntimeException e) {
                problems.add("session " + i + ": " + e);
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        long[] times = Arrays.copyOf(nanos, k);
        Arrays.sort(times);
        double median = k == 0 ? 0 : times[k / 2] / 1e6;
        System.out.printf(
                Locale.ROOT,
                "second JVM: %,d of %,d sampled sessions (seed %d) answered, resumed and completed with their answer"
                        + " in %.1f s (median %.1f ms from opening the journal to the end); model calls made again %d,"
                        + " actions made again %d%n",
                completed,
                sample,
                seed,
                seconds,
                median,
                modelCallsRepeated,
                actionsRepeated);
        ObjectNode json = new ObjectMapper().createObjectNode();
        json.put("sample", sample)
                .put("completed", completed)
                .put("seconds", seconds)
                .put("medianMillis", median)
                .put("modelCallsRepeated", modelCallsRepeated)
                .put("actionsRepeated", actionsRepeated);
        json.putArray("problems")
                .addAll(problems.stream().limit(20).map(json::textNode).toList());
        json.put("problemCount", problems.size());
        System.out.println(new ObjectMapper().writeValueAsString(json));
    }

    // ---- measuring and cleaning up ----

    private static long usedAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** The bytes the directory's files take on the device (blocks allocated, as {@code du} counts them). */
    private static long diskBytes(Path dir) throws Exception {
        Process du = new ProcessBuilder("du", "-s", "-B1", dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String output = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (du.waitFor() != 0) {
            throw new IllegalStateException("du -s -B1 " + dir + " failed: " + output);
        }
        return Long.parseLong(output.split("\\s+")[0]);
    }

    /**
     * Deletes {@code dir} and everything in it, its subdirectories (the store's shards) on {@code threads}
     * threads: unlinking a million files is the file system's work, as creating them was.
     */
    private static void delete(Path dir, int threads) throws Exception {
        List<Path> children;
        try (var listing = Files.list(dir)) {
            children = listing.toList();
        }
        AtomicInteger next = new AtomicInteger();
        ConcurrentLinkedQueue<Exception> failures = new ConcurrentLinkedQueue<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(
                    () -> {
                        for (int i = next.getAndIncrement(); i < children.size(); i = next.getAndIncrement()) {
                            try {
                                deleteTree(children.get(i));
                            } catch (IOException e) {
                                failures.add(e);
                            }
                        }
                    },
                    "delete-" + t);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join();
        }
        if (!failures.isEmpty()) {
            throw new IOException(
                    "could not delete the journals in " + dir + "; delete the directory by hand", failures.peek());
        }
        Files.delete(dir);
    }

    private static void deleteTree(Path tree) throws IOException {
        Files.walkFileTree(tree, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Refuses to start when the file system of {@code dir} has less room than the journals will take, about
     * {@value #DISK_BYTES_PER_SESSION} bytes a session with a file each (a 4 KiB block and its directory
     * entry, measured).
     */
    private static void checkRoom(Path dir, int sessions) throws IOException {
        long need = DISK_BYTES_PER_SESSION * (sessions + (long) WARM_UP);
        long room = Files.getFileStore(dir).getUsableSpace();
        if (room < need) {
            throw new IllegalStateException(String.format(
                    Locale.ROOT,
                    "%,d suspended sessions need about %,d MB for their journals, and %s has %,d MB free; give fewer"
                            + " sessions or a DIR on a larger file system",
                    sessions,
                    need / 1_000_000,
                    dir,
                    room / 1_000_000));
        }
    }

    /** The files this process has open ({@code /proc/self/fd}): a journal left open would hold one. */
    private static long openFiles() throws IOException {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static String loadAverage() {
        try {
            return String.join(
                    " ",
                    Arrays.asList(Files.readString(Path.of("/proc/loadavg")).split(" "))
                            .subList(0, 3));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read /proc/loadavg for the report", e);
        }
    }

    /** The command line. */
    private record Options(
            int sessions,
            Path directory,
            Path out,
            int sample,
            long seed,
            int threads,
            Durability durability,
            String store,
            boolean keep) {
        static Options parse(String[] args) {
            List<String> positional = new ArrayList<>();
            int sample = 1_000;
            long seed = new Random().nextLong();
            int threads = Runtime.getRuntime().availableProcessors();
            Durability durability = Durability.FLUSH;
            String store = "files";
            boolean keep = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--sample" -> sample = Integer.parseInt(value(args, ++i));
                    case "--seed" -> seed = Long.parseLong(value(args, ++i));
                    case "--threads" -> threads = Integer.parseInt(value(args, ++i));
                    case "--durability" -> durability = Durability.valueOf(value(args, ++i));
                    case "--store" -> store = value(args, ++i);
                    case "--keep" -> keep = true;
                    default -> {
                        if (args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + args[i] + "; the options are"
                                    + " --sample N, --seed S, --threads T, --durability FLUSH|GROUP|SYNC, --store"
                                    + " files, --keep");
                        }
                        positional.add(args[i]);
                    }
                }
            }
            return new Options(
                    positional.size() > 0 ? Integer.parseInt(positional.get(0)) : TARGET_SESSIONS,
                    Path.of(positional.size() > 1 ? positional.get(1) : "fsm-benchmarks/target"),
                    Path.of(positional.size() > 2 ? positional.get(2) : "fsm-benchmarks/target/suspended.json"),
                    sample,
                    seed,
                    threads,
                    durability,
                    store,
                    keep);
        }

        private static String value(String[] args, int i) {
            if (i >= args.length) {
                throw new IllegalArgumentException(args[i - 1] + " needs a value");
            }
            return args[i];
        }
    }
}
