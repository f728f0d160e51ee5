package dev.agentfsm.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: a header, rows, columns padded to their widest cell, numbers right-aligned.
 * Every cell goes through {@link TraceText#cell}, so whatever a trace held is shown, not acted on.
 */
final class TextTable {
    private final List<String> header;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    private TextTable(List<String> header, boolean[] numeric) {
        this.header = header;
        this.numeric = numeric;
    }

    /** A table of these columns; a name starting with {@code #} is a numeric column (the {@code #} is not shown). */
    static TextTable of(String... columns) {
        List<String> header = new ArrayList<>();
        boolean[] numeric = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            numeric[i] = columns[i].startsWith("#");
            header.add(numeric[i] ? columns[i].substring(1) : columns[i]);
        }
        return new TextTable(header, numeric);
    }

    TextTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns");
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(TraceText.cell(String.valueOf(cell)));
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, one line per row after the header, each ending with a newline; no trailing spaces. */
    void appendTo(StringBuilder out) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        line(out, header, widths);
        for (List<String> row : rows) {
            line(out, row, widths);
        }
    }

    private void line(StringBuilder out, List<String> cells, int[] widths) {
        int start = out.length();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String padding = " ".repeat(widths[i] - cell.length());
            if (i > 0) {
                out.append("  ");
            }
            out.append(numeric[i] ? padding + cell : cell + padding);
        }
        int end = out.length();
        while (end > start && out.charAt(end - 1) == ' ') {
            end--;
        }
        out.setLength(end);
        out.append('\n');
    }
}
