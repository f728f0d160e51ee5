package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.ProcessTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Everything a stdio server started, to end when the driver closes: its descendants, and on Linux
 * every process whose environment carries the server's mark ({@link StdioTransport#MARK}), which
 * finds a daemon that left the tree ({@code setsid} and a double fork re-parent it to init). A
 * process that clears or replaces its environment and leaves the tree is not found.
 */
final class ServerProcesses {
    private static final Path PROC = Path.of("/proc");
    private static final int MAX_PASSES = 20;
    private static final long PASS_WAIT_MILLIS = 250;

    private ServerProcesses() {}

    /** Kills the server's descendants and marked processes, then the server, until none is left. */
    static void end(ProcessHandle server, String mark) {
        byte[] needle = (StdioTransport.MARK + "=" + mark + "\0").getBytes(StandardCharsets.UTF_8);
        try {
            for (int pass = 0; pass < MAX_PASSES; pass++) {
                Map<Long, ProcessHandle> alive = new LinkedHashMap<>();
                server.descendants().filter(ProcessTree::running).forEach(p -> alive.put(p.pid(), p));
                marked(needle).stream().filter(ProcessTree::running).forEach(p -> alive.put(p.pid(), p));
                alive.remove(server.pid());
                if (alive.isEmpty()) {
                    break;
                }
                alive.values().forEach(ProcessHandle::destroyForcibly);
                awaitExit(new ArrayList<>(alive.values()));
            }
        } finally {
            server.destroyForcibly();
        }
    }

    /** The processes whose environment holds {@code needle}; none where there is no {@code /proc}. */
    private static List<ProcessHandle> marked(byte[] needle) {
        List<ProcessHandle> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path entry : entries) {
                long pid = Long.parseLong(entry.getFileName().toString());
                if (pid != self && contains(entry.resolve("environ"), needle)) {
                    ProcessHandle.of(pid).ifPresent(found::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc (not Linux): the descendants are all there is
        }
        return found;
    }

    private static boolean contains(Path environ, byte[] needle) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(environ);
        } catch (IOException | RuntimeException e) {
            return false; // gone, or not ours to read
        }
        outer:
        for (int i = 0; i <= bytes.length - needle.length; i++) {
            if (i > 0 && bytes[i - 1] != 0) {
                continue; // a variable starts after a NUL
            }
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void awaitExit(List<ProcessHandle> processes) {
        CompletableFuture<?>[] exits =
                processes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(PASS_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a zombie its parent has not reaped, or a slow exit: the next pass looks again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
