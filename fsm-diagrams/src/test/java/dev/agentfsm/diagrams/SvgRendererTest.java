package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SvgRendererTest {

    /** Drawn once: every test reads the same picture. */
    private static final String SVG = render(Models.desk());

    private static final Document DOCUMENT = parse(SVG);

    @Test
    void startsWithTheFingerprintOfTheModel() {
        String first = SVG.substring(0, SVG.indexOf('\n'));
        assertEquals(Models.desk().fingerprint(), first);
        assertTrue(first.matches("<!-- agentfsm-svg [0-9a-f]{64} elk \\S+ r\\d+ -->"), first);
        assertEquals(java.util.Optional.of(first), SvgRenderer.fingerprintOf(SVG));
    }

    @Test
    void theFingerprintChangesWithTheModel() throws ModelException {
        String other = Models.deskText().replace("Ask the LLM what to do next", "Ask again");
        assertTrue(!Models.parse("example.Desk", other)
                .fingerprint()
                .equals(Models.desk().fingerprint()));
    }

    @Test
    void theSameModelGivesTheSameBytes() {
        assertEquals(SVG, render(Models.desk()));
    }

    @Test
    void drawsEveryStateHandOffAndNoteAndEscapesTheText() {
        List<String> texts = texts("text");
        for (String expected : List.of(
                "Desk",
                "Answers <b>questions</b> & \"hands\" work on",
                "ASK",
                "PENDING",
                "FINISH",
                "ERROR",
                "Helper.CONTINUE",
                "hand-off to another machine",
                "fallback for unknown statuses",
                "entered when handle() throws",
                "terminal, ends the round",
                "terminal, the round goes on",
                "ends the subtask",
                "LLM: a question for the user",
                "USER: answered",
                "on error",
                "SYSTEM: hand the work on")) {
            assertTrue(texts.contains(expected), expected + " not among " + texts);
        }
        assertEquals(
                "Desk: Answers <b>questions</b> & \"hands\" work on",
                texts("title").get(0));
    }

    @Test
    void aCharacterXmlCannotHoldIsDrawnAsASpaceAndTheRestOfItsTextIsShown() throws ModelException {
        // the escapes as the processor's YAML writer puts them: NUL, BEL, ESC, two noncharacters, a lone
        // surrogate and NEL; and a CDATA end, which XML reads as markup unless escaped
        String yaml = "machine: Odd\npackage: p\ndescription: \"a ]]> b\"\ninitial: A\nstates:\n  - name: A\n"
                + "    description: \"c \\0\\a\\e d \\uFFFE\\uFFFF e\"\n    transitions:\n      - to: A\n"
                + "        by: LLM\n        when: \"f \\uD800 g \\x85 h\"\n";
        Document svg = parse(render(Models.parse("p.Odd", yaml)));
        NodeList texts = svg.getElementsByTagName("text");
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            shown.add(texts.item(i).getTextContent());
        }
        assertEquals(List.of("Odd", "a ]]> b", "A", "c     d    e", "LLM: f   g   h"), shown);
    }

    @Test
    void terminalStatesAreGreyHandOffsGoldAndTheFallbackHasADoubleBorder() {
        Element finish = box("FINISH").get(0);
        assertEquals("#e3e3e3", finish.getAttribute("fill"));
        assertEquals("2", finish.getAttribute("stroke-width"));
        Element handOff = box("Helper.CONTINUE").get(0);
        assertEquals("#fff8dc", handOff.getAttribute("fill"));
        assertEquals("#b8860b", handOff.getAttribute("stroke"));
        assertTrue(!handOff.getAttribute("stroke-dasharray").isEmpty(), "a hand-off is dashed");
        assertEquals(2, box("PENDING").size(), "the fallback's double border");
        assertEquals("#f1f1f1", box("ASK").get(0).getAttribute("fill"));
    }

    @Test
    void theImplicitOnErrorMovesAreGreyAndDashedAndTheMarkersAreThere() {
        List<Element> paths = elements("path").stream()
                .filter(p -> p.hasAttribute("marker-end"))
                .toList();
        List<Element> onError = paths.stream()
                .filter(p -> p.getAttribute("stroke").equals("#777777"))
                .toList();
        assertEquals(2, onError.size(), "ASK and PENDING move to ERROR when handle() throws");
        onError.forEach(p -> assertEquals("6,4", p.getAttribute("stroke-dasharray")));
        // start, ASK, PENDING, FINISH, ERROR: 7 declared moves (+ the hand-off), 2 on error, the start and the end
        assertEquals(1 + 6 + 2 + 1, paths.size());
        assertEquals(3, elements("circle").size(), "the start dot and the end bull's-eye");
    }

    @Test
    void isNarrowEnoughForAReadme() {
        double width = Double.parseDouble(DOCUMENT.getDocumentElement().getAttribute("width"));
        assertTrue(width < 700, "width " + width);
    }

    private static List<Element> box(String name) {
        List<Element> rects = new ArrayList<>();
        for (Element g : elements("g")) {
            NodeList texts = g.getElementsByTagName("text");
            if (g.getElementsByTagName("g").getLength() == 0
                    && texts.getLength() > 0
                    && texts.item(0).getTextContent().equals(name)) {
                NodeList r = g.getElementsByTagName("rect");
                for (int i = 0; i < r.getLength(); i++) {
                    rects.add((Element) r.item(i));
                }
            }
        }
        assertTrue(!rects.isEmpty(), "no box for " + name);
        return rects;
    }

    private static List<String> texts(String tag) {
        return elements(tag).stream().map(Element::getTextContent).toList();
    }

    private static List<Element> elements(String tag) {
        NodeList list = DOCUMENT.getElementsByTagName(tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            elements.add((Element) list.item(i));
        }
        return elements;
    }

    static String render(ModelFile model) {
        try {
            return SvgRenderer.render(model);
        } catch (RenderException e) {
            throw new AssertionError(e);
        }
    }

    static Document parse(String svg) {
        try {
            return DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML: " + e + "\n" + svg, e);
        }
    }
}
