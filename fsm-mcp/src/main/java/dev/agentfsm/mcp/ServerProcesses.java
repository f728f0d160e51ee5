package dev.agentfsm.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything a stdio server started, to end when the driver closes: its descendants, and on Linux
 * every process whose environment carries the server's mark ({@link StdioTransport#MARK}), which
 * finds a daemon that left the tree ({@code setsid} and a double fork re-parent it to init). A
 * process that clears or replaces its environment and leaves the tree is not found.
 *
 * <p>Each is asked to stop first ({@code SIGTERM}) and given a grace period ({@link McpOptions#stopGrace()}) to tidy up, as the MCP
 * specification's stdio shutdown asks: a daemon killed outright leaves its socket and pid file behind
 * (mobile-mcp's {@code mobilecli} then fails every later start with "daemon did not start listening").
 *
 * <p>A server whose driver is never closed (the program forgot to, returned from {@code main}, called
 * {@code System.exit} or got {@code SIGTERM}) is ended the same way by a shutdown hook when the JVM exits:
 * a server that exits when its input ends would otherwise leave what it started running. A JVM killed
 * with {@code SIGKILL} runs no hook: then only a server that exits at the end of its input ends, and
 * what it started does not.
 */
final class ServerProcesses {
    private static final Path PROC = Path.of("/proc");
    /** The servers started and not yet ended, by their mark; the shutdown hook ends them. */
    private static final Map<String, Runnable> RUNNING = new ConcurrentHashMap<>();
    /** Guarded by {@code ServerProcesses.class}. */
    private static boolean hooked;

    private ServerProcesses() {}

    /**
     * Puts a server just started under the shutdown hook, which {@linkplain #end ends} it if the JVM exits
     * before {@link #end} is called for it.
     */
    static void endAtExit(ProcessHandle server, String mark, Duration grace) {
        synchronized (ServerProcesses.class) {
            if (!hooked) {
                Runtime.getRuntime()
                        .addShutdownHook(new Thread(ServerProcesses::endAll, "agentfsm-mcp-servers-at-exit"));
                hooked = true;
            }
        }
        RUNNING.put(mark, () -> stop(server, mark, grace));
    }

    /**
     * Stops the server, its descendants and its marked processes: asked, then killed, until none is left;
     * the shutdown hook no longer needs to.
     */
    static void end(ProcessHandle server, String mark, Duration grace) {
        stop(server, mark, grace);
        RUNNING.remove(mark);
    }

    private static void stop(ProcessHandle server, String mark, Duration grace) {
        byte[] needle = (StdioTransport.MARK + "=" + mark + "\0").getBytes(StandardCharsets.UTF_8);
        try {
            ProcessTree.end(server, () -> marked(needle).stream(), grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server itself was killed all the same
        }
    }

    /** The shutdown hook: ends every server still running, each on a thread of its own, so the graces overlap. */
    private static void endAll() {
        List<Thread> stopping = new ArrayList<>();
        for (Runnable stop : RUNNING.values()) {
            Thread thread = new Thread(stop, "agentfsm-mcp-server-stop");
            thread.start();
            stopping.add(thread);
        }
        for (Thread thread : stopping) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
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
}
