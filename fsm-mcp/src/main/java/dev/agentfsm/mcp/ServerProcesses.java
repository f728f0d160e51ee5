package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *
 * <p>The hook is registered only while a server runs: a program that closes its drivers holds no hook, so
 * an application server undeploying a web app that used a driver does not keep the app's classes through
 * it. A server started once the hook has begun (another thread still connecting while the JVM exits) is
 * stopped at once and its start fails: the hook would not see it.
 */
final class ServerProcesses {
    private static final Path PROC = Path.of("/proc");
    /** The servers started and not yet ended, by their mark; the shutdown hook ends them. Guarded by the class. */
    private static final Map<String, Runnable> RUNNING = new HashMap<>();
    /** The shutdown hook while a server runs, else null. Guarded by {@code ServerProcesses.class}. */
    private static Thread hook;
    /** Whether the hook has begun. Guarded by {@code ServerProcesses.class}. */
    private static boolean exiting;

    private ServerProcesses() {}

    /**
     * Puts a server just started under the shutdown hook, which {@linkplain #end ends} it if the JVM exits
     * before {@link #end} is called for it.
     *
     * @throws DriverException when the JVM is already exiting; the server has then been ended
     */
    static void endAtExit(ProcessHandle server, String mark, Duration grace) throws DriverException {
        synchronized (ServerProcesses.class) {
            if (!exiting) {
                try {
                    if (hook == null) {
                        Thread registered = new Thread(ServerProcesses::endAll, "agentfsm-mcp-servers-at-exit");
                        Runtime.getRuntime().addShutdownHook(registered);
                        hook = registered;
                    }
                    RUNNING.put(mark, () -> stop(server, mark, grace));
                    return;
                } catch (IllegalStateException e) {
                    exiting = true; // the JVM began to exit before any server ran
                }
            }
        }
        stop(server, mark, grace);
        throw new DriverException("the JVM is exiting: the MCP server (pid " + server.pid()
                + ") was stopped as soon as it started; connect before the program ends, not from a shutdown hook");
    }

    /**
     * Stops the server, its descendants and its marked processes: asked, then killed, until none is left;
     * the shutdown hook no longer needs to, and is removed when no other server runs.
     */
    static void end(ProcessHandle server, String mark, Duration grace) {
        try {
            stop(server, mark, grace);
        } finally {
            synchronized (ServerProcesses.class) {
                RUNNING.remove(mark);
                if (RUNNING.isEmpty() && hook != null && !exiting) {
                    try {
                        Runtime.getRuntime().removeShutdownHook(hook);
                        hook = null;
                    } catch (IllegalStateException e) {
                        // the JVM began to exit and the hook is about to run: it finds nothing to end
                    }
                }
            }
        }
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
        List<Runnable> stops;
        synchronized (ServerProcesses.class) {
            exiting = true;
            stops = List.copyOf(RUNNING.values());
        }
        List<Thread> stopping = new ArrayList<>();
        for (Runnable stop : stops) {
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
