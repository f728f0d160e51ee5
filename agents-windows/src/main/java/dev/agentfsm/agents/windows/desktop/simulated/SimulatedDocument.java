package dev.agentfsm.agents.windows.desktop.simulated;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.Rect;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A Word-like document: a heading, paragraphs and one table. The table can be selected (click on it)
 * and copied ({@code ^c}) as tab-separated text, or deleted with the toolbar's {@code Delete Table}
 * button; text typed into the body becomes a new paragraph.
 */
public final class SimulatedDocument extends SimulatedApplication {
    private static final int ROW_HEIGHT = 26;
    private static final int COLUMN_WIDTH = 110;
    private static final int TABLE_LEFT = 30;
    private static final int TABLE_TOP = 150;

    private final String heading;
    private final List<String> paragraphs = new ArrayList<>();
    private List<List<String>> table;
    private boolean tableSelected;

    /**
     * @param title the window title
     * @param bounds where the window is
     * @param heading the document's heading
     * @param paragraph the paragraph above the table
     * @param table the table's rows, the header first; every row as wide as the header
     */
    public SimulatedDocument(String title, Rect bounds, String heading, String paragraph, List<List<String>> table) {
        super(title, "WINWORD.EXE", "WINWORD.EXE#4120", bounds);
        this.heading = Objects.requireNonNull(heading, "heading");
        this.paragraphs.add(Objects.requireNonNull(paragraph, "paragraph"));
        this.table = List.copyOf(table.stream().map(List::copyOf).toList());
        for (List<String> row : this.table) {
            if (row.size() != this.table.get(0).size()) {
                throw new IllegalArgumentException("table row " + row + " has " + row.size() + " cells, the header "
                        + this.table.get(0) + " has " + this.table.get(0).size());
            }
        }
    }

    /** UFO's scenario document: {@code Sales Report.docx} with quarterly sales by region. */
    public static SimulatedDocument salesReport() {
        return new SimulatedDocument(
                "Sales Report.docx - Word",
                Rect.of(20, 20, 560, 420),
                "Quarterly Sales Report",
                "Sales by region for the first half of the year.",
                List.of(
                        List.of("Region", "Q1", "Q2"),
                        List.of("North", "120", "135"),
                        List.of("South", "95", "110"),
                        List.of("East", "143", "150"),
                        List.of("West", "88", "97")));
    }

    /** The table's rows, the header first; empty once the table was deleted. */
    public List<List<String>> table() {
        return table;
    }

    /** The document's paragraphs, in order. */
    public List<String> paragraphs() {
        return List.copyOf(paragraphs);
    }

    /** Whether the table is selected. */
    public boolean tableSelected() {
        return tableSelected;
    }

    @Override
    protected List<SimulatedControl> controls() {
        List<SimulatedControl> controls = new ArrayList<>();
        controls.add(new SimulatedControl(
                "word:delete-table", "Delete Table", "Button", Rect.of(10, TITLE_BAR + 6, 100, 24)));
        controls.add(new SimulatedControl(
                "word:body",
                "Document body",
                "Edit",
                new Rect(10, TITLE_BAR + 40, bounds().width() - 10, bounds().height() - 10)));
        if (!table.isEmpty()) {
            controls.add(new SimulatedControl("word:table", "Sales table", "Table", tableRect()));
        }
        return controls;
    }

    private Rect tableRect() {
        return Rect.of(TABLE_LEFT, TABLE_TOP, COLUMN_WIDTH * table.get(0).size(), ROW_HEIGHT * table.size());
    }

    @Override
    protected ActionResult click(SimulatedControl control) {
        switch (control.id()) {
            case "word:table" -> {
                tableSelected = true;
                return ActionResult.ok("selected the table (" + table.size() + " rows)");
            }
            case "word:delete-table" -> {
                if (table.isEmpty()) {
                    return ActionResult.failed("the document has no table to delete");
                }
                table = List.of();
                tableSelected = false;
                return ActionResult.ok("deleted the table");
            }
            default -> {
                tableSelected = false;
                return ActionResult.ok("placed the cursor in " + control.name());
            }
        }
    }

    @Override
    protected ActionResult typeText(SimulatedControl control, String text) {
        if (!control.id().equals("word:body")) {
            return super.typeText(control, text);
        }
        paragraphs.add(text);
        return ActionResult.ok("typed a paragraph of " + text.length() + " characters");
    }

    @Override
    protected ActionResult keys(String keys, SimulatedClipboard clipboard) {
        if (!keys.equalsIgnoreCase("^c")) {
            return super.keys(keys, clipboard);
        }
        if (!tableSelected) {
            return ActionResult.failed("nothing is selected in " + title() + "; select the table first");
        }
        String tsv = table.stream().map(row -> String.join("\t", row)).collect(Collectors.joining("\n"));
        clipboard.copy(tsv);
        return ActionResult.ok("copied the table:\n" + tsv);
    }

    @Override
    protected void paint(Graphics2D g, int width, int height) {
        g.setColor(new Color(0xf3, 0xf3, 0xf3));
        g.fillRect(1, TITLE_BAR, width - 2, 36);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawRect(10, TITLE_BAR + 6, 100, 24);
        g.drawString("Delete Table", 18, TITLE_BAR + 22);
        g.setFont(new Font(Font.SERIF, Font.BOLD, 20));
        g.drawString(heading, 30, TITLE_BAR + 70);
        g.setFont(new Font(Font.SERIF, Font.PLAIN, 14));
        int y = TITLE_BAR + 98;
        g.drawString(paragraphs.get(0), 30, y);
        if (!table.isEmpty()) {
            paintTable(g);
        }
        y = table.isEmpty() ? y + 26 : TABLE_TOP + ROW_HEIGHT * table.size() + 26;
        for (String paragraph : paragraphs.subList(1, paragraphs.size())) {
            g.drawString(paragraph, 30, y);
            y += 22;
        }
    }

    private void paintTable(Graphics2D g) {
        Rect r = tableRect();
        if (tableSelected) {
            g.setColor(new Color(0xcc, 0xe4, 0xf7));
            g.fillRect(r.left(), r.top(), r.width(), r.height());
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (int row = 0; row < table.size(); row++) {
            for (int col = 0; col < table.get(row).size(); col++) {
                int x = TABLE_LEFT + col * COLUMN_WIDTH;
                int y = TABLE_TOP + row * ROW_HEIGHT;
                g.setColor(Color.GRAY);
                g.drawRect(x, y, COLUMN_WIDTH, ROW_HEIGHT);
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, row == 0 ? Font.BOLD : Font.PLAIN, 13));
                g.drawString(table.get(row).get(col), x + 8, y + 18);
            }
        }
    }
}
