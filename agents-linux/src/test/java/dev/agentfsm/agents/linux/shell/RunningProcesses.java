package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    /** Waits up to {@code millis} for no process with {@code marker} to run; returns those still running. */
    static List<Long> awaitNoneWithMarker(String marker, long millis) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        List<Long> running = withMarker(marker);
        while (!running.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            running = withMarker(marker);
        }
        return running;
    }

    /** Kills every process with {@code marker}, so that a failing test leaves nothing spinning. */
    static void killAll(String marker) throws IOException {
        for (long pid : withMarker(marker)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
