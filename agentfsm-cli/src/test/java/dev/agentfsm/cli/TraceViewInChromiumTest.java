package dev.agentfsm.cli;

import static dev.agentfsm.cli.Chromium.classOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace viewer's page in real headless Chromium: it loads without a single console message (no
 * script error, no blocked fetch), and its script highlights the states and moves of the round's path
 * and the current step.
 */
class TraceViewInChromiumTest {

    @TempDir
    Path dir;

    private Chromium chromium;

    @BeforeEach
    void chromium() {
        chromium = Chromium.require();
    }

    private Path page(Path trace) {
        Cli cli = Cli.run(
                "trace", "view", trace.toString(), "--out", dir.resolve("page").toString());
        assertEquals(0, cli.exitCode(), cli.err());
        return dir.resolve("page").resolve(trace.getFileName().toString().replace(".jsonl", ".html"));
    }

    private static String state(String dom, String status) {
        return classOf(dom, "g", "data-status=\"LinuxAgent." + status + "\"");
    }

    private static String move(String dom, String from, String to) {
        return classOf(dom, "g", "data-from=\"LinuxAgent." + from + "\" data-to=\"LinuxAgent." + to + "\"");
    }

    @Test
    void aRecordedRoundIsHighlightedStepByStep() throws Exception {
        Path page = page(DemoTrace.record(dir));

        Chromium.Loaded first = chromium.load(page, "", dir);
        assertEquals(List.of(), first.console(), "the page logs nothing: no error, nothing blocked");
        assertEquals("state visited current", state(first.dom(), "CONTINUE"), "the first step is in CONTINUE");
        assertEquals("state terminal ends-round visited", state(first.dom(), "FINISH"), "on the round's path");
        assertEquals("state terminal", state(first.dom(), "FAIL"), "not on the path");
        assertEquals("move declared taken current", move(first.dom(), "CONTINUE", "CONTINUE"));
        assertEquals("move declared taken", move(first.dom(), "CONTINUE", "FINISH"));
        assertEquals("move declared", move(first.dom(), "CONTINUE", "FAIL"));
        assertEquals("move declared", move(first.dom(), "FAIL", "FINISH"));
        assertTrue(first.dom().contains("<span id=\"position\">step 1 of 6</span>"), first.dom());

        // the hash selects a step, as the page's own links and keys set it
        Chromium.Loaded last = chromium.load(page, "#round=1&step=6", dir);
        assertEquals(List.of(), last.console());
        assertEquals("state visited", state(last.dom(), "CONTINUE"));
        assertEquals("state terminal ends-round visited current", state(last.dom(), "FINISH"), "the round ended here");
        assertEquals("move declared taken", move(last.dom(), "CONTINUE", "CONTINUE"), "no move is current at the end");
        assertEquals("step current", classOf(last.dom(), "tr", "data-round=\"0\" data-step=\"5\""));
        assertEquals("step", classOf(last.dom(), "tr", "data-round=\"0\" data-step=\"0\""));
        assertTrue(last.dom().contains("<span id=\"position\">step 6 of 6</span>"));
    }

    @Test
    void eachRoundHasItsOwnPathAndAnIllegalMoveIsDrawn() throws Exception {
        Path trace = DemoTrace.record(dir);
        Files.writeString(
                trace,
                DemoTrace.move("s-2", 1, 1, "CONTINUE", "FAIL", "LLM")
                        + DemoTrace.move("s-2", 1, 2, "FAIL", "FINISH", "SYSTEM")
                        + DemoTrace.end("s-2", 1, "COMPLETED", "FINISH", 3)
                        + DemoTrace.move("<script>alert(1)</script>", 1, 1, "CONTINUE", "FINISH", "LLM")
                        + DemoTrace.move("<script>alert(1)</script>", 1, 2, "FINISH", "CONTINUE", "LLM"),
                StandardOpenOption.APPEND);
        Path page = page(trace);

        Chromium.Loaded second = chromium.load(page, "#round=2&step=2", dir);
        assertEquals(List.of(), second.console(), "escaped text from the trace runs nothing");
        assertEquals("state terminal visited current", state(second.dom(), "FAIL"));
        assertEquals("state visited", state(second.dom(), "CONTINUE"));
        assertEquals("move declared taken", move(second.dom(), "CONTINUE", "FAIL"));
        assertEquals("move declared taken current", move(second.dom(), "FAIL", "FINISH"));
        assertEquals("move declared", move(second.dom(), "CONTINUE", "CONTINUE"), "round 1's move, not this round's");
        assertTrue(
                classOf(second.dom(), "tr", "data-round=\"0\" data-step=\"0\"").equals("step")
                        && second.dom().contains("<tr class=\"step\" data-round=\"0\" data-step=\"0\""),
                "round 1's rows");
        assertTrue(
                second.dom().matches("(?s).*<tr class=\"step\" data-round=\"0\" data-step=\"0\"[^>]*hidden=\"\".*"),
                "round 1's rows are hidden");

        Chromium.Loaded third = chromium.load(page, "#round=3&step=2", dir);
        assertEquals(List.of(), third.console());
        assertEquals("move illegal taken current", move(third.dom(), "FINISH", "CONTINUE"), "drawn, though undeclared");
        assertEquals("step current", classOf(third.dom(), "tr", "data-round=\"2\" data-step=\"1\""));
        assertTrue(third.dom().contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text");
    }

    @Test
    void aPageWithAScriptErrorOrAFetchIsCaught() throws Exception {
        // the check above can fail: a broken page's console messages are seen
        Path broken = Files.writeString(
                dir.resolve("broken.html"),
                "<!DOCTYPE html><html><head>"
                        + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'\">"
                        + "</head><body><img src=\"https://cdn.example.com/x.png\"><script>nosuch();</script></body></html>");
        Chromium.Loaded loaded = chromium.load(broken, "", dir);
        assertEquals(2, loaded.console().size(), loaded.console().toString());
        assertTrue(
                loaded.console().stream()
                        .anyMatch(line -> line.contains("Uncaught ReferenceError: nosuch is not defined")),
                loaded.console().toString());
        assertTrue(
                loaded.console().stream()
                        .anyMatch(line -> line.contains("violates the following Content Security Policy")),
                loaded.console().toString());
    }
}
