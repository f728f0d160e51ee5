package dev.agentfsm.cli;

import static dev.agentfsm.cli.Chromium.classOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /**
     * Model text that tries to break out of every place the page puts trace text (a script, an element, a
     * double- or single-quoted attribute, a URL), in every field the page shows. Each payload would set
     * the document's title if it ran; the page's own script must still run (it writes the position).
     */
    private static String attack(String where) {
        String run = "document.title='pwned-" + where + "'";
        return "</script><script>" + run + "</script>\"><img src=x onerror=\"" + run + "\">' onmouseover='" + run
                + "' <a href=\"javascript:" + run + "\">link</a><svg onload=\"" + run + "\"></svg>";
    }

    @Test
    void modelTextInATraceIsShownAsTextAndNeverRuns() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode move = json.createObjectNode()
                .put("event", "transition")
                .put("session", attack("session"))
                .put("round", 1)
                .put("step", 1)
                .put("agent", "LinuxAgent")
                .put("machine", "LinuxAgent")
                .put("from", "CONTINUE")
                .put("to", "FINISH")
                .put("trigger", attack("trigger"))
                .put("nanos", 1_000_000)
                .put("action", attack("action"));
        ObjectNode back = move.deepCopy()
                .put("step", 2)
                .put("from", "FINISH")
                .put("to", "CONTINUE"); // undeclared: drawn into the diagram with its trigger
        back.putObject("action").put("type", "type_text").put("text", attack("object-action"));
        ObjectNode unknown = move.deepCopy()
                .put("step", 3)
                .put("machine", attack("machine"))
                .put("from", attack("from"))
                .put("to", attack("to"));
        ObjectNode end = json.createObjectNode()
                .put("event", "roundEnd")
                .put("session", attack("session"))
                .put("round", 1)
                .put("outcome", "FAILED")
                .put("reason", attack("reason"))
                .put("finalStatus", "LinuxAgent.CONTINUE")
                .put("steps", 3)
                .put("error", attack("error"))
                .put("result", attack("result"));
        end.putArray("path");
        Path trace = Files.writeString(
                dir.resolve("hostile.jsonl"),
                json.writeValueAsString(move) + "\n" + json.writeValueAsString(back) + "\n"
                        + json.writeValueAsString(unknown) + "\n" + json.writeValueAsString(end) + "\n");

        Chromium.Loaded loaded = chromium.load(page(trace), "", dir);

        assertEquals(List.of(), loaded.console(), "nothing ran, nothing was blocked");
        String dom = loaded.dom();
        assertTrue(dom.contains("<span id=\"position\">step 1 of 4</span>"), "the page's own script ran: " + dom);
        assertTrue(dom.contains("<title>hostile.jsonl: agent-fsm trace</title>"), "no injected script ran: " + dom);
        // every element of the DOM as Chromium serialises it: attribute values in double quotes, with '"' and
        // '<' escaped, so a '<' outside them starts a real element
        Matcher tags = Pattern.compile("<([a-zA-Z][\\w-]*)((?:\\s+[^\\s=>/\"]+(?:=\"[^\"]*\")?)*)\\s*/?>")
                .matcher(dom);
        while (tags.find()) {
            String tag = tags.group();
            assertFalse(
                    List.of("img", "a", "iframe", "object", "embed").contains(tags.group(1)),
                    () -> "an element was injected: " + tag);
            Matcher attributes =
                    Pattern.compile("\\s+([^\\s=>/\"]+)(?:=\"([^\"]*)\")?").matcher(tags.group(2));
            while (attributes.find()) {
                String name = attributes.group(1);
                assertFalse(
                        name.startsWith("on") || name.equals("href") || name.equals("src"),
                        () -> "an attribute was injected: " + name + " in " + tag);
            }
        }
        for (String where : List.of("session", "trigger", "action", "machine", "from", "reason", "error", "result")) {
            assertTrue(
                    dom.contains("&lt;/script&gt;&lt;script&gt;document.title='pwned-" + where + "'&lt;/script&gt;"),
                    () -> where + " is shown as text: " + dom);
        }
        assertTrue(
                dom.contains("{\"type\":\"type_text\",\"text\":\"&lt;/script&gt;&lt;script&gt;"
                        + "document.title='pwned-object-action'"),
                "an object-valued action is shown as its JSON text: " + dom);
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
