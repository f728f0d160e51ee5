package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The diagram a trace page shows: the build's drawing plus data attributes and the trace's undeclared moves. */
class TraceDiagramTest {

    /** The class of the first {@code <g>} whose start tag holds {@code attributes}. */
    private static String classOf(String svg, String attributes) {
        Matcher tags = Pattern.compile("<g\\b[^>]*>").matcher(svg);
        while (tags.find()) {
            if (tags.group().contains(attributes)) {
                Matcher classes = Pattern.compile(" class=\"([^\"]*)\"").matcher(tags.group());
                return classes.find() ? classes.group(1) : "";
            }
        }
        throw new AssertionError("no <g> with " + attributes + " in " + svg);
    }

    @Test
    void everyStateAndMoveHasTheAttributesAPageFindsItBy() throws RenderException {
        String svg = TraceDiagram.svg(Models.desk().machine(), List.of());
        assertTrue(svg.startsWith("<svg class=\"machine\" data-machine=\"Desk\""), svg.substring(0, 100));
        assertEquals("state", classOf(svg, "data-status=\"Desk.ASK\""));
        assertEquals("state", classOf(svg, "data-status=\"Desk.PENDING\""));
        assertEquals("state terminal ends-round", classOf(svg, "data-status=\"Desk.FINISH\""));
        assertEquals("state terminal", classOf(svg, "data-status=\"Desk.ERROR\""));
        assertEquals("state other-machine", classOf(svg, "data-status=\"Helper.CONTINUE\""));
        assertEquals("move declared", classOf(svg, "data-from=\"Desk.ASK\" data-to=\"Desk.ASK\""));
        assertEquals("move declared", classOf(svg, "data-from=\"Desk.ASK\" data-to=\"Helper.CONTINUE\""));
        assertEquals("move declared", classOf(svg, "data-from=\"Desk.ERROR\" data-to=\"Desk.FINISH\""));
        assertEquals("move implicit", classOf(svg, "data-from=\"Desk.PENDING\" data-to=\"Desk.ERROR\""), "on error");
        assertFalse(svg.contains("data-from=\"[start]\""), "the start marker is not a move");
        assertFalse(svg.contains("<!-- agentfsm-svg"), "no fingerprint line in a page");
    }

    @Test
    void undeclaredMovesAreDrawnDashedAndAnotherMachinesStateBecomesANode() throws RenderException {
        String svg = TraceDiagram.svg(
                Models.desk().machine(),
                List.of(
                        new TraceDiagram.UndeclaredMove("FINISH", "ASK", "LLM", false),
                        new TraceDiagram.UndeclaredMove("ASK", "PENDING", "SYSTEM", true),
                        new TraceDiagram.UndeclaredMove("ASK", "ERROR", "SYSTEM", true),
                        new TraceDiagram.UndeclaredMove("PENDING", "Other.WAIT", "LLM", false),
                        new TraceDiagram.UndeclaredMove("Other.X", "ASK", "LLM", false)));
        assertEquals("move illegal", classOf(svg, "data-from=\"Desk.FINISH\" data-to=\"Desk.ASK\""));
        assertTrue(svg.contains("stroke=\"#c0392b\" stroke-dasharray=\"6,4\""), "illegal: red and dashed");
        assertEquals("move illegal", classOf(svg, "data-from=\"Desk.PENDING\" data-to=\"Other.WAIT\""));
        assertEquals("state other-machine", classOf(svg, "data-status=\"Other.WAIT\""));
        assertFalse(svg.contains("Other.X"), "moves from another machine's states are left out");
        // ASK's on-error move is implicit already: drawn once
        assertEquals(1, count(svg, "data-from=\"Desk.ASK\" data-to=\"Desk.ERROR\""));
        assertEquals(
                "move declared",
                classOf(svg, "data-from=\"Desk.ASK\" data-to=\"Desk.PENDING\""),
                "a declared move of the same pair is found first");
    }

    @Test
    void textFromTheModelOrTheTraceCannotBreakOutOfThePage() throws RenderException, ModelException {
        String breaker = "\"><script>alert(1)</script><x a='";
        ModelFile model = Models.parse(
                "example.Evil",
                "machine: Evil\npackage: example\ndescription: '</script><img src=x onerror=alert(1)>'\n"
                        + "initial: A\nstates:\n  - name: A\n    description: '\"></g></svg><script>alert(2)</script>'\n"
                        + "    transitions:\n      - to: B\n        by: LLM\n        when: '</title><script>alert(3)</script>'\n"
                        + "  - name: B\n    terminal: true\n    endsRound: true\n");
        String svg = TraceDiagram.svg(
                model.machine(),
                List.of(
                        new TraceDiagram.UndeclaredMove("B", "A", breaker, false),
                        new TraceDiagram.UndeclaredMove("A", breaker, "LLM", false)));
        assertFalse(svg.toLowerCase(java.util.Locale.ROOT).contains("<script"), svg);
        assertFalse(svg.contains("<img"), svg);
        assertTrue(svg.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"), "shown as text");
        assertTrue(svg.contains("data-to=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a='\""), svg);
        // every tag the SVG opens is one the writer writes
        Matcher tags = Pattern.compile("<([a-zA-Z]+)").matcher(svg);
        while (tags.find()) {
            assertTrue(
                    List.of("svg", "title", "defs", "marker", "path", "rect", "text", "g", "circle", "line")
                            .contains(tags.group(1)),
                    tags.group());
        }
    }

    @Test
    void theBuildsDiagramIsUnchangedByThePageMode() throws RenderException {
        String built = SvgRenderer.render(Models.desk());
        assertFalse(built.contains("data-status"), "the committed SVGs keep their bytes");
        assertFalse(built.contains("class=\"move"));
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
