package dev.agentfsm.agents.windows.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.ExternalTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Operator's CONFIRM before "Delete Table" on the real browser, across two JVMs: JVM 1 runs the
 * Host → Operator round on Chromium through Playwright's MCP server with a journal and a suspending user,
 * and stops at the question; JVM 2, with a browser of its own, answers it in the journal and resumes.
 * The page ({@code served-report.html}) keeps its document on this test's server, as an online word
 * processor does, and reports every click to it there, so the clicks are counted where no process can
 * fake them: approved, exactly one Delete Table click reached the page and the table is gone; rejected,
 * none did and the table stays; the table click made in JVM 1 is not made again; and JVM 2's model gets
 * only the requests after CONFIRM ({@link ConfirmInAnotherProcess} prints what each JVM did).
 */
class BrowserConfirmAcrossJvmsTest {
    private static final String DELETE = "click at (57, 18) on Button 'Delete Table' in 'Sales Report - Docs'";
    /** How long a JVM may take before the test gives up on it: a guard against a hang, not a wait. */
    private static final long PROCESS_LIMIT_MINUTES = 5;

    private static Path chromium;
    private static Path playwright;

    @BeforeAll
    static void findTheTools() {
        chromium = ExternalTools.program("chromium", "chromium");
        playwright = ExternalTools.npmCommand("playwright-mcp", "playwright-mcp", "agents-windows/src/test/playwright");
    }

    /** What one JVM printed and how it exited. */
    private record Jvm(int exit, Map<String, String> printed, String console) {
        String get(String key) {
            String value = printed.get(key);
            if (value == null) {
                fail("the JVM printed no " + key + ":\n" + console);
            }
            return value;
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Decision.class,
            names = {"APPROVED", "REJECTED"})
    void jvmOneStopsAtConfirmAndJvmTwoAnswersWithOneClickAtMost(Decision decision, @TempDir Path dir) throws Exception {
        String replay = "browser-operator-confirm-" + decision.name().toLowerCase(Locale.ROOT);
        int replies = decision == Decision.APPROVED ? 5 : 4;
        Path journal = dir.resolve("operator.journal");
        try (DocumentServer document = new DocumentServer()) {
            Jvm first = run(
                    dir,
                    "jvm1",
                    List.of(
                            "suspend",
                            journal.toString(),
                            document.base().toString(),
                            dir.resolve("jvm1").toString(),
                            playwright.toString(),
                            chromium.toString(),
                            replay));

            assertEquals(ConfirmInAnotherProcess.WAITING, first.exit(), first.console());
            assertEquals("SUSPENDED", first.get("outcome"), first.console());
            assertEquals(DELETE, first.get("waiting"), "the question names the click and what lies there");
            assertEquals(
                    "HostAgent.CONTINUE HostAgent.ASSIGN OperatorAgent.CONTINUE OperatorAgent.CONTINUE OperatorAgent.CONFIRM",
                    first.get("path"));
            assertEquals("3", first.get("modelRequests"), first.console());
            assertEquals(1, document.tableClicks(), "JVM 1 selected the table on the page");
            assertEquals(0, document.deleteClicks(), "nothing was deleted before the user answered");
            assertEquals("true", first.get("table"));

            Jvm second = run(
                    dir,
                    "jvm2",
                    List.of(
                            "resume",
                            journal.toString(),
                            document.base().toString(),
                            dir.resolve("jvm2").toString(),
                            playwright.toString(),
                            chromium.toString(),
                            replay,
                            decision.name()));

            boolean approved = decision == Decision.APPROVED;
            assertEquals(0, second.exit(), second.console());
            assertEquals("COMPLETED", second.get("outcome"), second.console());
            assertEquals(DELETE, second.get("waiting"), "JVM 2 read the question from the journal");
            List<String> path = new ArrayList<>(List.of(
                    "HostAgent.CONTINUE",
                    "HostAgent.ASSIGN",
                    "OperatorAgent.CONTINUE",
                    "OperatorAgent.CONTINUE",
                    "OperatorAgent.CONFIRM"));
            path.addAll(
                    approved
                            ? List.of("OperatorAgent.CONTINUE", "OperatorAgent.FINISH")
                            : List.of("OperatorAgent.FINISH"));
            path.addAll(List.of("HostAgent.CONTINUE", "HostAgent.FINISH"));
            assertEquals(String.join(" ", path), second.get("path"), "the resumed round is the whole round");
            assertEquals(1, document.tableClicks(), "the table click was replayed in JVM 2, not made again");
            assertEquals(approved ? 1 : 0, document.deleteClicks(), "Delete Table clicks that reached the page");
            assertEquals(approved, document.deleted());
            assertEquals(Boolean.toString(!approved), second.get("table"), "JVM 2's page shows the server's document");
            assertEquals("3", second.get("recordedModelCalls"), "the journal answered JVM 1's three model requests");
            assertEquals(
                    Integer.toString(replies - 3),
                    second.get("modelRequests"),
                    "JVM 2's model got only the requests after CONFIRM: " + second.console());
            assertEquals("0", second.get("modelRepliesLeft"), "together the JVMs asked for each reply once");
            long resumeToAnswered = Long.parseLong(second.get("resumeToAnsweredMs"));
            long startToAnswered = Long.parseLong(second.get("jvmStartToAnsweredMs"));
            assertTrue(resumeToAnswered >= 0 && startToAnswered >= resumeToAnswered, second.console());
            System.out.printf(
                    "browser CONFIRM across JVMs, %s: JVM 2 answered step %d ms after its JVM started (browser ready"
                            + " after %s ms), %d ms after resume%n",
                    decision, startToAnswered, second.get("browserReadyMs"), resumeToAnswered);
        }
    }

    /** Runs {@link ConfirmInAnotherProcess} in a JVM of its own, with this JVM's class path. */
    private static Jvm run(Path dir, String name, List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                ConfirmInAnotherProcess.class.getName()));
        command.addAll(arguments);
        Path stdout = dir.resolve(name + ".out");
        Path stderr = dir.resolve(name + ".err");
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!process.waitFor(PROCESS_LIMIT_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail(name + " did not end within " + PROCESS_LIMIT_MINUTES + " minutes; it printed:\n"
                    + Files.readString(stdout) + Files.readString(stderr));
        }
        String out = Files.readString(stdout, StandardCharsets.UTF_8);
        String console = name + " exited " + process.exitValue() + "\n" + out + "\n" + Files.readString(stderr);
        Map<String, String> printed = new LinkedHashMap<>();
        out.lines().filter(line -> line.contains("=")).forEach(line -> {
            int eq = line.indexOf('=');
            printed.put(line.substring(0, eq), line.substring(eq + 1));
        });
        return new Jvm(process.exitValue(), printed, console);
    }
}
