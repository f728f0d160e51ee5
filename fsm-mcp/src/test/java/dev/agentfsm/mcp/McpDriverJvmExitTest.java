package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program that ends without closing its driver (main returns, {@code System.exit}, {@code SIGTERM})
 * leaves no server behind: neither the server, which here exits when its input ends, nor the daemon the
 * server started, which nothing but the driver's ending of the server's processes would stop.
 */
class McpDriverJvmExitTest {
    private static final long GENEROUS_SECONDS = 60;

    @ParameterizedTest
    @ValueSource(strings = {"return", "exit", "wait"})
    void aServerAndWhatItStartedDoNotOutliveTheJvm(String how) throws Exception {
        Process client = new ProcessBuilder(TestServers.java(List.of(), ExitingClient.class, how))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        client.getOutputStream().close();
        List<ProcessHandle> started = new ArrayList<>();
        try {
            String line;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
                line = out.readLine();
            }
            assertTrue(line != null && line.startsWith("server "), "the client connected: " + line);
            String[] words = line.split(" ");
            ProcessHandle server = ProcessHandle.of(Long.parseLong(words[1])).orElseThrow();
            ProcessHandle daemon = ProcessHandle.of(Long.parseLong(words[3])).orElseThrow();
            started.add(server);
            started.add(daemon);
            assertTrue(ProcessTree.running(daemon), "the daemon runs while the client does");
            if (how.equals("wait")) {
                client.destroy(); // SIGTERM, as a user's kill or a container's stop sends
            }
            assertTrue(client.waitFor(GENEROUS_SECONDS, TimeUnit.SECONDS), "the client JVM exited");
            if (!how.equals("wait")) {
                assertEquals(0, client.exitValue());
            }
            assertTrue(gone(server), "the server ended with the JVM");
            assertTrue(gone(daemon), "the daemon the server started ended with the JVM");
        } finally {
            client.destroyForcibly();
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** Whether {@code process} stops running within {@link #GENEROUS_SECONDS}, looking every 25 ms. */
    private static boolean gone(ProcessHandle process) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS_SECONDS);
        while (ProcessTree.running(process)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(25);
        }
        assertFalse(ProcessTree.running(process));
        return true;
    }
}
