package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DiagramGraphTest {

    @Test
    void everyNonTerminalStateWithoutTheMoveGetsAnImplicitOnErrorMove() {
        DiagramGraph graph = DiagramGraph.of(Models.desk().machine());
        List<String> onError = graph.edges().stream()
                .filter(DiagramGraph.Edge::onError)
                .map(DiagramGraph.Edge::from)
                .toList();
        assertEquals(List.of("ASK", "PENDING"), onError);
        assertEquals(
                List.of(DiagramGraph.START, "ASK", "PENDING", "FINISH", "ERROR", "Helper.CONTINUE", DiagramGraph.END),
                graph.nodes().stream().map(DiagramGraph.Node::id).toList());
    }

    @Test
    void aStateThatManyMovesLeadIntoIsDrawnOnceAndCopiedBesideTheOtherSources() throws ModelException {
        DiagramGraph graph =
                DiagramGraph.of(Models.parse("bench.Chain", Models.chain(30)).machine());
        List<DiagramGraph.Node> copies =
                graph.nodes().stream().filter(DiagramGraph.Node::copy).toList();
        // S0..S27 give up to S29; S28 reaches it by the chain and keeps the one move drawn into it
        assertEquals(28, copies.size());
        copies.forEach(copy -> assertEquals("S29", copy.label()));
        assertEquals(
                List.of("S28"),
                graph.edges().stream()
                        .filter(e -> e.to().equals("S29"))
                        .map(DiagramGraph.Edge::from)
                        .toList());
        int s3 = graph.nodes().stream().map(DiagramGraph.Node::id).toList().indexOf("S3");
        assertTrue(graph.nodes().get(s3 + 1).copy(), "a copy is listed right after its source");
        assertTrue(graph.edges().stream()
                .anyMatch(e -> e.from().equals("S3")
                        && e.to().equals(graph.nodes().get(s3 + 1).id())
                        && e.label().equals("USER: give up")));
    }

    @Test
    void aFewMovesIntoOneStateAreAllDrawnToIt() throws ModelException {
        DiagramGraph graph = DiagramGraph.of(Models.parse("bench.Chain", Models.chain(DiagramGraph.MOST_MOVES_IN + 1))
                .machine());
        assertTrue(graph.nodes().stream().noneMatch(DiagramGraph.Node::copy));
    }

    @Test
    void longTextIsWrappedAndAWordTooLongForALineIsCut() {
        List<String> lines = NodeText.wrap("a short one\n" + "x".repeat(80), NodeText.TEXT_SIZE, NodeText.WRAP);
        assertEquals("a short one", lines.get(0));
        assertTrue(lines.size() >= 3, lines.toString());
        assertEquals("x".repeat(80), String.join("", lines.subList(1, lines.size())));
        lines.forEach(line -> assertTrue(TextWidth.of(line, NodeText.TEXT_SIZE, false) <= NodeText.WRAP, line));
    }
}
