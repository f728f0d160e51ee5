package dev.agentfsm.diagrams;

import java.util.ArrayList;
import java.util.List;

/**
 * The text inside a node, wrapped, and the size of the box around it. Descriptions are wrapped to a
 * fixed width so that a long one makes its box taller, not the picture wider.
 *
 * @param lines the lines, top to bottom
 * @param width the box's width
 * @param height the box's height
 * @param ruleAfter the number of lines above the rule that separates the name from the rest (0 for no rule)
 */
record NodeText(List<Line> lines, double width, double height, int ruleAfter) {

    static final double NAME_SIZE = 13;
    static final double TEXT_SIZE = 11;
    static final double NAME_LINE = 18;
    static final double TEXT_LINE = 14;
    static final double PADDING_X = 10;
    static final double PADDING_Y = 5;
    static final double RULE_GAP = 4;
    /** Descriptions wrap at this width. */
    static final double WRAP = 200;

    static final double MIN_WIDTH = 64;
    static final double START_SIZE = 18;
    static final double END_SIZE = 22;

    NodeText {
        lines = List.copyOf(lines);
    }

    /**
     * One line of text.
     *
     * @param text the text, unescaped
     * @param size the font size
     * @param bold set bold (a name)
     * @param italic set in italics (a note)
     */
    record Line(String text, double size, boolean bold, boolean italic) {

        double height() {
            return bold ? NAME_LINE : TEXT_LINE;
        }
    }

    /** The text and box of a node. */
    static NodeText of(DiagramGraph.Node node) {
        switch (node.kind()) {
            case START -> {
                return new NodeText(List.of(), START_SIZE, START_SIZE, 0);
            }
            case END -> {
                return new NodeText(List.of(), END_SIZE, END_SIZE, 0);
            }
            default -> {
                // a state or a hand-off: drawn with its text below
            }
        }
        List<Line> lines = new ArrayList<>();
        lines.add(new Line(node.label(), NAME_SIZE, true, false));
        if (!node.copy()) {
            for (String line : wrap(node.description(), TEXT_SIZE, WRAP)) {
                lines.add(new Line(line, TEXT_SIZE, false, false));
            }
            for (String note : node.notes()) {
                for (String line : wrap(note, TEXT_SIZE, WRAP)) {
                    lines.add(new Line(line, TEXT_SIZE, false, true));
                }
            }
        }
        double width = MIN_WIDTH;
        double height = 2 * PADDING_Y;
        for (Line line : lines) {
            width = Math.max(width, TextWidth.of(line.text(), line.size(), line.bold()) + 2 * PADDING_X);
            height += line.height();
        }
        int rule = lines.size() > 1 ? 1 : 0;
        if (rule > 0) {
            height += RULE_GAP;
        }
        return new NodeText(lines, Math.ceil(width), Math.ceil(height), rule);
    }

    /**
     * {@code text} broken into lines no wider than {@code width}: at spaces where it can, inside a word
     * too long for a line; its own line breaks are kept. Empty text has no lines.
     */
    static List<String> wrap(String text, double size, double width) {
        List<String> lines = new ArrayList<>();
        for (String paragraph : text.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1)) {
            String rest = paragraph.strip();
            if (rest.isEmpty()) {
                continue;
            }
            StringBuilder line = new StringBuilder();
            for (String word : rest.split("\\s+", -1)) { // stripped: no empty word at either end
                String candidate = line.length() == 0 ? word : line + " " + word;
                if (TextWidth.of(candidate, size, false) <= width) {
                    line.setLength(0);
                    line.append(candidate);
                    continue;
                }
                if (line.length() > 0) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                String piece = word;
                while (TextWidth.of(piece, size, false) > width) {
                    int cut = fitting(piece, size, width);
                    lines.add(piece.substring(0, cut));
                    piece = piece.substring(cut);
                }
                line.append(piece);
            }
            if (line.length() > 0) {
                lines.add(line.toString());
            }
        }
        return lines;
    }

    /** How many chars of {@code word} fit in {@code width}; at least one code point. */
    private static int fitting(String word, double size, double width) {
        int end = word.offsetByCodePoints(0, 1);
        while (end < word.length()) {
            int next = word.offsetByCodePoints(end, 1);
            if (TextWidth.of(word.substring(0, next), size, false) > width) {
                break;
            }
            end = next;
        }
        return end;
    }
}
