package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.processor.model.MachineModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;

/**
 * Every kind of text a description or {@code when} can hold, in every format: each format must
 * stay valid and show the text as it was written. The text is read back through the real consumer
 * where there is one (Graphviz for DOT, PlantUML for the SVG, a CommonMark parser for Markdown).
 */
class DiagramEscapingTest {

    static Stream<String> texts() {
        return Stream.of(
                "say \"hello\" and 'bye'",
                "<b>not bold</b> & <script>x</script> &amp;",
                "left | right || both",
                "{ braces } and [ brackets ]",
                "key: value :: more",
                "one; two;",
                "# not a heading, #35; %% not a comment",
                "line one\nline two\r\nline three",
                "non-ASCII: ünïcödé, 日本語, emoji 😀",
                "markup: **bold** //italic// --strike-- __under__ ~~wave~~ `code` [[link]] \\n back\\slash",
                "- a list? 1. no; @enduml @startuml !include x.puml",
                "1. not ordered",
                "A --> B %%{init: {}}%% ;; ```fence``` <br/> end",
                "<!-- not a comment --> '@enduml' \"@startuml\"");
    }

    @ParameterizedTest
    @MethodSource("texts")
    void mermaidKeepsTheTextAndNoSyntax(String text) {
        String mermaid = new MermaidWriter().write(DiagramMachines.describedBy(text));
        String label = MermaidWriter.text(text);
        assertTrue(mermaid.contains("ASK : " + label + "\n"), mermaid);
        assertTrue(mermaid.contains("ASK --> ANSWER : LLM#58; " + label + "\n"), mermaid);
        String bare = label.replaceAll("#\\d+;", "").replace("<br>", "");
        assertFalse(bare.matches(".*[\"#;:{}<>%|`\\[\\]\\\\].*"), "Mermaid syntax left in " + label);
        assertEquals(normalized(text), decode(label, "#", "<br>"));
    }

    @ParameterizedTest
    @MethodSource("texts")
    void plantUmlRendersTheTextAsWritten(String text) throws Exception {
        String plantUml = new PlantUmlWriter().write(DiagramMachines.describedBy(text));
        String label = PlantUmlWriter.text(text);
        String bare = label.replaceAll("&#\\d+;", "").replace("\\n", "");
        assertFalse(bare.matches(".*[\"#;:{}<>&|`*/_~=\\[\\]\\\\-].*"), "PlantUML markup left in " + label);
        assertEquals(normalized(text), decode(label, "&#", "\\n"));

        Document svg = SvgText.parse(PlantUmlSvg.render(plantUml));
        List<String> shown = SvgText.texts(svg, "text");
        for (String line : lines(text)) {
            assertTrue(shown.stream().anyMatch(s -> s.contains(line)), "'" + line + "' not shown in " + shown);
        }
    }

    @ParameterizedTest
    @MethodSource("texts")
    void graphvizParsesTheDotAndShowsTheText(String text) throws Exception {
        Path dot = ExternalTool.require("dot", "graphviz");
        String source = new DotWriter().write(DiagramMachines.describedBy(text));
        Process process = new ProcessBuilder(dot.toString(), "-Tsvg")
                .redirectErrorStream(false)
                .start();
        process.getOutputStream().write(source.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String svg = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "dot did not finish");
        assertEquals(0, process.exitValue(), "dot rejected:\n" + source + "\n" + errors);
        List<String> shown = SvgText.texts(SvgText.parse(svg), "text");
        for (String line : lines(text)) {
            assertTrue(shown.stream().anyMatch(s -> s.contains(line)), "'" + line + "' not shown in " + shown);
        }
    }

    @ParameterizedTest
    @MethodSource("texts")
    void markdownShowsTheTextAsWritten(String text) throws IOException {
        MachineModel machine = DiagramMachines.describedBy(text);
        String markdown = new MarkdownWriter().write(machine, "Desk.svg");
        Parser parser =
                Parser.builder().extensions(List.of(TablesExtension.create())).build();
        String html = HtmlRenderer.builder()
                .extensions(List.of(TablesExtension.create()))
                .build()
                .render(parser.parse(markdown));
        // <br> is the one piece of HTML the writer emits; anything else from the text would be a tag here
        Document page = SvgText.parse("<page>" + html.replace("<br>", "\n") + "</page>");
        String expected = normalized(text).strip();
        assertEquals(expected, SvgText.texts(page, "p").get(0).strip(), html);
        List<String> cells = SvgText.texts(page, "td");
        assertEquals(6 + 6 + 4, cells.size(), "a | in the text split a cell: " + cells);
        assertEquals(expected, cells.get(2), "the state's description");
        assertEquals(expected, cells.get(15), "the transition's when");
    }

    private static String normalized(String text) {
        return text.replace("\r\n", "\n");
    }

    private static List<String> lines(String text) {
        return Arrays.stream(normalized(text).split("\n"))
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
    }

    private static String decode(String label, String prefix, String lineBreak) {
        Matcher entity = Pattern.compile(Pattern.quote(prefix) + "(\\d+);").matcher(label.replace(lineBreak, "\n"));
        StringBuilder out = new StringBuilder();
        while (entity.find()) {
            entity.appendReplacement(
                    out, Matcher.quoteReplacement(Character.toString(Integer.parseInt(entity.group(1)))));
        }
        return entity.appendTail(out).toString();
    }
}
