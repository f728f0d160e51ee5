package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** The processes of this machine whose command line contains a marker, read from {@code /proc} (zombies left out). */
final class RunningProcesses {
    private RunningProcesses() {}

    /** The pids of the running (not zombie) processes whose command line contains {@code marker}. */
    static List<Long> withMarker(String marker) throws IOException {
        return withMarker(marker, "");
    }

    /**
     * The pids of the running processes whose command line contains {@code marker} and whose program is
     * {@code program} (by name or path; any program when empty).
     */
    static List<Long> withMarker(String marker, String program) throws IOException {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            for (Path dir : entries.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                try {
                    String cmdline = new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8);
                    String stat = Files.readString(dir.resolve("stat"));
                    char state = stat.charAt(stat.lastIndexOf(')') + 2);
                    String argv0 = cmdline.split("\0", 2)[0];
                    boolean isProgram = program.isEmpty() || argv0.equals(program) || argv0.endsWith("/" + program);
                    if (cmdline.contains(marker) && isProgram && state != 'Z' && state != 'X') {
                        pids.add(Long.parseLong(dir.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // the process ended while we looked
                }
            }
        }
        return pids;
    }

    /**
     * How many times a test looks at {@code /proc} for an event before giving up, 25 ms apart: the event
     * usually comes within a few looks; the bound (a minute) only keeps a broken build from hanging.
     */
    static final int ATTEMPTS = 2_400;

    /**
     * Waits for {@code count} running processes of {@code program} with {@code marker} and returns their
     * pids (more, if more are running by then).
     *
     * @throws AssertionError if fewer ever ran together within {@link #ATTEMPTS} looks
     */
    static List<Long> awaitRunning(String marker, String program, int count) throws Exception {
        List<Long> running = awaitLooks(() -> withMarker(marker, program), pids -> pids.size() >= count);
        if (running.size() < count) {
            throw new AssertionError("expected " + count + " processes of " + program + " with " + marker
                    + " running together; after " + ATTEMPTS + " looks: " + running);
        }
        return running;
    }

    /** Waits for every process of {@code pids} to end (or be a zombie); returns those still running. */
    static List<Long> awaitEnded(List<Long> pids) throws Exception {
        return awaitLooks(() -> stillRunning(pids), List::isEmpty);
    }

    /** One look at what a test waits for. */
    @FunctionalInterface
    interface Look<T> {
        T look() throws Exception;
    }

    /**
     * Looks until {@code done} holds, at most {@link #ATTEMPTS} times, 25 ms apart, and returns the last
     * look: the one way these tests wait on an event.
     */
    static <T> T awaitLooks(Look<T> look, Predicate<T> done) throws Exception {
        T seen = look.look();
        for (int attempt = 0; !done.test(seen) && attempt < ATTEMPTS; attempt++) {
            Thread.sleep(25);
            seen = look.look();
        }
        return seen;
    }

    /** Those of {@code pids} that are running (not ended, not zombies). */
    static List<Long> stillRunning(List<Long> pids) {
        List<Long> running = new ArrayList<>();
        for (long pid : pids) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                char state = stat.charAt(stat.lastIndexOf(')') + 2);
                if (state != 'Z' && state != 'X') {
                    running.add(pid);
                }
            } catch (IOException e) {
                // ended
            }
        }
        return running;
    }

    /** Whether process {@code pid} leads a session of its own (its session id is its pid), as a daemon does. */
    static boolean leadsASession(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields[3].equals(Long.toString(pid));
    }

    /** Kills every process with {@code marker}, so that a failing test leaves nothing spinning. */
    static void killAll(String marker) throws IOException {
        for (long pid : withMarker(marker)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
