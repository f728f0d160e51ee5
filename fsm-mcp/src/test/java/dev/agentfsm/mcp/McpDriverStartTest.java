package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.DriverException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Servers that never become usable: each is a DriverException with a one-line reason, within the start time-out. */
class McpDriverStartTest {
    /** For the server that never answers: its start time-out is what ends the wait. */
    private static final McpOptions QUICK = McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(3));
    /**
     * For servers whose exit or answer ends the wait: the time-out only bounds a hang, so a test JVM that is
     * slow to start on a loaded machine still reaches its exit or its garbage before it.
     */
    private static final McpOptions PATIENT = McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60));

    @Test
    void aProgramThatIsNotThere() {
        DriverException e = assertThrows(
                DriverException.class, () -> McpDriver.connect(McpEndpoint.stdio("/nonexistent/mcp-server"), QUICK));
        oneLine(
                e,
                "mcp:mcp-server: could not start the MCP server: '/nonexistent/mcp-server' is not an executable file;");
    }

    @Test
    void aServerThatExitsAtOnce() {
        // "exited during initialize", not "got no answer": the exit ended the wait, not the start time-out
        DriverException e =
                assertThrows(DriverException.class, () -> McpDriver.connect(TestServers.endpoint("exit"), PATIENT));
        oneLine(
                e,
                "mcp:java: could not start a session with the MCP server: the MCP server exited during initialize;"
                        + " its stderr: test server: no configuration, giving up");
    }

    @Test
    void aServerThatNeverAnswers() {
        DriverException e =
                assertThrows(DriverException.class, () -> McpDriver.connect(TestServers.endpoint("hang"), QUICK));
        oneLine(e, "mcp:java: could not start a session with the MCP server: ");
        assertTrue(e.getMessage().contains("initialize got no answer within 3000 ms"), e.getMessage());
    }

    @Test
    void aServerThatAnswersWithGarbage() {
        DriverException e =
                assertThrows(DriverException.class, () -> McpDriver.connect(TestServers.endpoint("garbage"), PATIENT));
        oneLine(e, "mcp:java: could not start a session with the MCP server: ");
    }

    @Test
    void anHttpEndpointWithNothingBehindIt() {
        DriverException e = assertThrows(
                DriverException.class, () -> McpDriver.connect(McpEndpoint.http("http://127.0.0.1:9/mcp"), QUICK));
        oneLine(e, "mcp:http://127.0.0.1:9/mcp: could not start a session with the MCP server: ");
    }

    private static void oneLine(DriverException e, String prefix) {
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().length() < 800, e.getMessage());
    }
}
