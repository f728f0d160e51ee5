package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The shutdown hook that ends the servers of drivers never closed is there only while a server runs, so a
 * program (a web app in an application server, undeployed) that closes its drivers keeps nothing of its
 * own in the JVM's list of hooks; and a server started while the JVM exits, which the hook would not see,
 * is stopped at once.
 */
class McpDriverHookTest {
    private static final String HOOK = "agentfsm-mcp-servers-at-exit";

    @Test
    void theHookIsRegisteredWhileAServerRunsAndRemovedOnceItsDriverIsClosed() throws Exception {
        List<String> lines = run("close");
        assertEquals(2, lines.size(), "the client's output: " + lines);
        assertTrue(lines.get(0).startsWith("open: ") && lines.get(0).contains(HOOK), lines.get(0));
        assertEquals("closed: ", lines.get(1), "no hook is left once the driver is closed");
    }

    @Test
    void aServerStartedWhileTheJvmExitsIsStoppedAtOnceAndItsStartFails() throws Exception {
        List<String> lines = run("at-exit");
        assertEquals(2, lines.size(), "the client's output: " + lines);
        assertTrue(
                lines.get(0).startsWith("refused: ") && lines.get(0).contains("the JVM is exiting"),
                "the start fails, saying why: " + lines.get(0));
        assertEquals("children: ", lines.get(1), "the server it started no longer runs");
    }

    /** Runs {@link HookClient} with {@code how} and returns what it printed, once it has exited. */
    private static List<String> run(String how) throws Exception {
        Process client = new ProcessBuilder(TestServers.java(
                        List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"), HookClient.class, how))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        client.getOutputStream().close();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> lines = out.lines().toList();
            assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the client JVM exited");
            return lines;
        } finally {
            client.destroyForcibly();
        }
    }
}
