package dev.agentfsm.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a stdio server started, to end when the driver closes: its descendants, and on Linux
 * every process whose environment carries the server's mark ({@link StdioTransport#MARK}), which
 * finds a daemon that left the tree ({@code setsid} and a double fork re-parent it to init). A
 * process that clears or replaces its environment and leaves the tree is not found.
 *
 * <p>Each is asked to stop first ({@code SIGTERM}) and given a grace period ({@link McpOptions#stopGrace()}) to tidy up, as the MCP
 * specification's stdio shutdown asks: a daemon killed outright leaves its socket and pid file behind
 * (mobile-mcp's {@code mobilecli} then fails every later start with "daemon did not start listening").
 */
final class ServerProcesses {
    private static final Path PROC = Path.of("/proc");

    private ServerProcesses() {}

    /** Stops the server, its descendants and its marked processes: asked, then killed, until none is left. */
    static void end(ProcessHandle server, String mark, Duration grace) {
        byte[] needle = (StdioTransport.MARK + "=" + mark + "\0").getBytes(StandardCharsets.UTF_8);
        try {
            ProcessTree.end(server, () -> marked(needle).stream(), grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server itself was killed all the same
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
