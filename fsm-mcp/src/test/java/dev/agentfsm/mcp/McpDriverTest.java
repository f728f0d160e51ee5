package dev.agentfsm.mcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The driver against a real MCP server (the SDK's server classes in a child JVM, over stdio). */
class McpDriverTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static McpDriver driver;

    @BeforeAll
    static void start() throws DriverException {
        driver = McpDriver.connect(TestServers.endpoint("serve"), McpOptions.DEFAULTS.withMaxResultChars(1_000));
    }

    @AfterAll
    static void stop() {
        driver.close();
    }

    @Test
    void theServersToolsAreOfferedWithDescriptionAndSchema() {
        List<String> names = driver.tools().stream().map(ToolSpec::name).toList();
        assertEquals(
                List.of("echo", "add", "timed", "calls", "picture", "fail", "slow", "big", "spawn", "grow", "quit"),
                names.subList(0, 11));
        ToolSpec echo = driver.tools().get(0);
        assertEquals(Map.of("text", "string, what to repeat"), echo.parameters());
        assertTrue(
                echo.inputSchema().orElseThrow().contains("\"required\":[\"text\"]"),
                echo.inputSchema().get());
        assertEquals("agentfsm-test-server 1.0", driver.serverName());
    }

    @Test
    void aCallReturnsTheToolsText() throws DriverException {
        ActionResult result = driver.execute(new Action("echo", Map.of("text", "hello")), TIMEOUT);
        assertTrue(result.success(), result.toString());
        assertEquals("hello", result.output());
        assertTrue((Long) result.data().get(McpDriver.NANOS) > 0);
    }

    @Test
    void imagesAreKeptForTheNextPrompt() throws DriverException {
        ActionResult result = driver.execute(new Action("picture", Map.of()), TIMEOUT);
        assertEquals("a picture:\n[image 1: image/png]", result.output());
        List<Image> images = McpDriver.images(result);
        assertEquals(1, images.size());
        assertArrayEquals(TestServer.png(), images.get(0).data());
    }

    @Test
    void isErrorIsAFailedResultWithTheServersText() throws DriverException {
        ActionResult result = driver.execute(new Action("fail", Map.of()), TIMEOUT);
        assertFalse(result.success());
        assertEquals(Optional.of("the disk is on fire"), result.reason());
    }

    @Test
    void argumentsThatBreakTheSchemaAreNotSent() throws DriverException {
        int before = calls();
        ActionResult missing = driver.execute(new Action("add", Map.of("a", 1)), TIMEOUT);
        ActionResult wrongType = driver.execute(new Action("add", Map.of("a", 1, "b", "two")), TIMEOUT);
        ActionResult extra = driver.execute(new Action("echo", Map.of("text", "x", "loud", true)), TIMEOUT);
        assertEquals(before, calls(), "no call reached the server");
        for (ActionResult bad : List.of(missing, wrongType, extra)) {
            assertFalse(bad.success());
            assertTrue(
                    bad.reason().orElseThrow().contains("do not match its JSON Schema"),
                    bad.reason().get());
        }
        assertTrue(missing.reason().get().contains("b"), missing.reason().get());
        ActionResult good = driver.execute(new Action("add", Map.of("a", 1, "b", 2.5)), TIMEOUT);
        assertEquals("3.5", good.output());
        assertEquals(before + 1, calls());
    }

    @Test
    void anUnknownToolIsAFailedResult() throws DriverException {
        ActionResult result = driver.execute(new Action("delete_everything", Map.of()), TIMEOUT);
        assertTrue(
                result.reason()
                        .orElseThrow()
                        .startsWith("there is no tool \"delete_everything\"; the tools are echo, add"),
                result.reason().get());
    }

    @Test
    void aResultIsCapped() throws DriverException {
        ActionResult result = driver.execute(new Action("big", Map.of()), TIMEOUT);
        assertTrue(result.output().startsWith("x".repeat(1_000)));
        assertTrue(
                result.output().endsWith("... (100000 chars)"), result.output().substring(990));
    }

    @Test
    void aCallPastItsTimeOutIsADriverErrorAndTheSessionGoesOn() throws DriverException {
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.execute(new Action("slow", Map.of("millis", 5_000)), Duration.ofMillis(300)));
        assertEquals("mcp:java: tools/call slow got no answer within 300 ms", e.getMessage());
        assertEquals(
                "hi",
                driver.execute(new Action("echo", Map.of("text", "hi")), TIMEOUT)
                        .output());
    }

    @Test
    void listChangedRefreshesTheTools() throws Exception {
        driver.execute(new Action("grow", Map.of()), TIMEOUT);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // bounds a hang only
        while (driver.tools().stream().noneMatch(t -> t.name().equals("extra")) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(
                driver.tools().stream().anyMatch(t -> t.name().equals("extra")),
                driver.tools().toString());
        assertEquals(
                "extra", driver.execute(new Action("extra", Map.of()), TIMEOUT).output());
    }

    @Test
    void closeKillsTheServerAndWhatItStarted() throws Exception {
        McpDriver own = McpDriver.connect(TestServers.endpoint("serve"), McpOptions.DEFAULTS);
        long pid = Long.parseLong(
                own.execute(new Action("spawn", Map.of()), TIMEOUT).output());
        ProcessHandle child = ProcessHandle.of(pid).orElseThrow();
        assertTrue(ProcessTree.running(child));
        own.close();
        child.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS); // bounds a hang only
        assertFalse(ProcessTree.running(child));
    }

    @Test
    void aServerThatExitsIsADriverErrorWithItsLastWords() throws Exception {
        McpDriver own = McpDriver.connect(TestServers.endpoint("serve"), McpOptions.DEFAULTS);
        try {
            long start = System.nanoTime();
            DriverException e =
                    assertThrows(DriverException.class, () -> own.execute(new Action("quit", Map.of()), TIMEOUT));
            assertEquals(
                    "mcp:java: the MCP server exited during tools/call quit; its stderr: test server: quitting as asked",
                    e.getMessage());
            assertTrue(
                    Duration.ofNanos(System.nanoTime() - start).compareTo(TIMEOUT) < 0, "before the call's time-out");
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            DriverException next = assertThrows(
                    DriverException.class, () -> own.execute(new Action("echo", Map.of("text", "hi")), TIMEOUT));
            assertTrue(next.getMessage().startsWith("mcp:java: the MCP server exited before echo"), next.getMessage());
            assertTrue(next.getMessage().contains("test server: quitting as asked"), next.getMessage());
        } finally {
            own.close();
        }
    }

    private static int calls() throws DriverException {
        return Integer.parseInt(
                driver.execute(new Action("calls", Map.of()), TIMEOUT).output());
    }
}
