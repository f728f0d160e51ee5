package dev.agentfsm.agents.windows.desktop.simulated;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.Rect;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Excel-like sheet of {@value #COLUMNS} columns and {@value #ROWS} rows. A cell is selected by a
 * click, takes typed text, and takes the clipboard with {@code ^v}; a range is selected on the
 * {@code Sheet} control ({@code "A1:C5"}); {@code Insert Bar Chart} builds a bar chart from the
 * selected range. {@code Chart Wizard} opens an {@code Insert Chart} dialog that takes a few
 * screenshots to render its controls, the case UFO's SCREENSHOT state re-annotates for.
 */
public final class SimulatedSheet extends SimulatedApplication {
    static final int COLUMNS = 5;
    static final int ROWS = 8;
    private static final int CELL_WIDTH = 80;
    private static final int CELL_HEIGHT = 24;
    private static final int GRID_LEFT = 40;
    private static final int GRID_TOP = TITLE_BAR + 64;
    private static final Pattern CELL = Pattern.compile("([A-Z])([1-9][0-9]*)");
    private static final Pattern RANGE = Pattern.compile("([A-Z][1-9][0-9]*):([A-Z][1-9][0-9]*)");

    private final Map<String, String> cells = new HashMap<>();
    private final List<Chart> charts = new ArrayList<>();
    private final int dialogFrames;
    private Optional<String> activeCell = Optional.empty();
    private Optional<String> selection = Optional.empty();
    private int dialogRendering = -1;

    /**
     * @param title the window title
     * @param bounds where the window is
     * @param dialogFrames how many screenshots the chart dialog takes to show its controls
     */
    public SimulatedSheet(String title, Rect bounds, int dialogFrames) {
        super(title, "EXCEL.EXE", "EXCEL.EXE#5210", bounds);
        if (dialogFrames < 0) {
            throw new IllegalArgumentException("dialogFrames must be 0 or more, got " + dialogFrames);
        }
        this.dialogFrames = dialogFrames;
    }

    /** UFO's scenario workbook: an empty {@code Book1}, whose chart dialog renders over two screenshots. */
    public static SimulatedSheet emptyBook() {
        return new SimulatedSheet("Book1 - Excel", Rect.of(600, 40, 660, 520), 2);
    }

    /** The text of a cell such as {@code "B2"}; empty text when the cell is empty. */
    public String cell(String name) {
        return cells.getOrDefault(name, "");
    }

    /** The charts built so far, oldest first. */
    public List<Chart> charts() {
        return List.copyOf(charts);
    }

    /** Whether the chart dialog is open (rendered or still rendering). */
    public boolean dialogOpen() {
        return dialogRendering >= 0;
    }

    @Override
    protected void frame() {
        if (dialogRendering > 0) {
            dialogRendering--;
        }
    }

    @Override
    protected List<SimulatedControl> controls() {
        List<SimulatedControl> controls = new ArrayList<>();
        controls.add(new SimulatedControl(
                "excel:insert-bar-chart", "Insert Bar Chart", "Button", Rect.of(10, TITLE_BAR + 6, 120, 24)));
        controls.add(new SimulatedControl(
                "excel:chart-wizard", "Chart Wizard", "Button", Rect.of(140, TITLE_BAR + 6, 100, 24)));
        controls.add(new SimulatedControl(
                "excel:sheet",
                "Sheet",
                "Table",
                Rect.of(GRID_LEFT, GRID_TOP, CELL_WIDTH * COLUMNS, CELL_HEIGHT * ROWS)));
        for (int row = 1; row <= ROWS; row++) {
            for (int col = 0; col < COLUMNS; col++) {
                String name = name(col, row);
                controls.add(new SimulatedControl("excel:cell:" + name, name, "DataItem", cellRect(col, row)));
            }
        }
        if (dialogRendering == 0) {
            controls.add(
                    new SimulatedControl("excel:dialog:bar", "Clustered Bar", "Button", Rect.of(230, 210, 120, 28)));
            controls.add(new SimulatedControl("excel:dialog:cancel", "Cancel", "Button", Rect.of(360, 210, 80, 28)));
        }
        return controls;
    }

    @Override
    protected ActionResult click(SimulatedControl control) {
        String id = control.id();
        if (id.startsWith("excel:cell:")) {
            activeCell = Optional.of(control.name());
            selection = Optional.empty();
            return ActionResult.ok("selected cell " + control.name());
        }
        return switch (id) {
            case "excel:insert-bar-chart" -> insertBarChart();
            case "excel:chart-wizard" -> {
                dialogRendering = dialogFrames;
                yield ActionResult.ok("opened the Insert Chart dialog");
            }
            case "excel:dialog:bar" -> {
                dialogRendering = -1;
                yield insertBarChart();
            }
            case "excel:dialog:cancel" -> {
                dialogRendering = -1;
                yield ActionResult.ok("closed the Insert Chart dialog");
            }
            default -> ActionResult.ok("clicked " + control.name());
        };
    }

    @Override
    protected ActionResult typeText(SimulatedControl control, String text) {
        if (!control.id().startsWith("excel:cell:")) {
            return super.typeText(control, text);
        }
        cells.put(control.name(), text);
        activeCell = Optional.of(control.name());
        return ActionResult.ok("typed '" + text + "' into " + control.name());
    }

    @Override
    protected ActionResult select(SimulatedControl control, String value) {
        if (!control.id().equals("excel:sheet")) {
            return super.select(control, value);
        }
        Matcher m = RANGE.matcher(value.trim().toUpperCase(java.util.Locale.ROOT));
        if (!m.matches()
                || position(m.group(1)).isEmpty()
                || position(m.group(2)).isEmpty()) {
            return ActionResult.failed("'" + value + "' is not a range of this sheet; write it like A1:C5 within A1:"
                    + name(COLUMNS - 1, ROWS));
        }
        selection = Optional.of(m.group(0));
        return ActionResult.ok("selected the range " + m.group(0));
    }

    @Override
    protected ActionResult keys(String keys, SimulatedClipboard clipboard) {
        if (!keys.equalsIgnoreCase("^v")) {
            return super.keys(keys, clipboard);
        }
        if (activeCell.isEmpty()) {
            return ActionResult.failed("no cell is selected; click the cell to paste into first");
        }
        if (clipboard.text().isEmpty()) {
            return ActionResult.failed("the clipboard is empty");
        }
        int[] start = position(activeCell.get()).orElseThrow();
        String[] lines = clipboard.text().lines().toArray(String[]::new);
        int width = 0;
        for (int r = 0; r < lines.length; r++) {
            String[] values = lines[r].split("\t", -1);
            width = Math.max(width, values.length);
            for (int c = 0; c < values.length; c++) {
                if (start[0] + c >= COLUMNS || start[1] + r > ROWS) {
                    return ActionResult.failed(
                            "the clipboard (" + lines.length + " rows) does not fit below " + activeCell.get());
                }
                cells.put(name(start[0] + c, start[1] + r), values[c]);
            }
        }
        String range = activeCell.get() + ":" + name(start[0] + width - 1, start[1] + lines.length - 1);
        return ActionResult.ok("pasted " + lines.length + " rows into " + range);
    }

    private ActionResult insertBarChart() {
        if (selection.isEmpty()) {
            return ActionResult.failed("no range is selected; select the data on the Sheet first (e.g. A1:C5)");
        }
        Matcher m = RANGE.matcher(selection.get());
        m.matches();
        int[] from = position(m.group(1)).orElseThrow();
        int[] to = position(m.group(2)).orElseThrow();
        List<String> categories = new ArrayList<>();
        for (int row = from[1] + 1; row <= to[1]; row++) {
            categories.add(cell(name(from[0], row)));
        }
        List<Chart.Series> series = new ArrayList<>();
        for (int col = from[0] + 1; col <= to[0]; col++) {
            List<Double> values = new ArrayList<>();
            for (int row = from[1] + 1; row <= to[1]; row++) {
                String text = cell(name(col, row));
                try {
                    values.add(Double.parseDouble(text));
                } catch (NumberFormatException e) {
                    return ActionResult.failed("cell " + name(col, row) + " holds '" + text
                            + "', not a number; a bar chart needs numbers");
                }
            }
            series.add(new Chart.Series(cell(name(col, from[1])), values));
        }
        if (series.isEmpty() || categories.isEmpty()) {
            return ActionResult.failed("the range " + selection.get()
                    + " needs a header row, a label column and at least one column of numbers");
        }
        charts.add(new Chart("bar", selection.get(), categories, series));
        return ActionResult.ok("inserted a bar chart of " + selection.get());
    }

    private static String name(int col, int row) {
        return (char) ('A' + col) + Integer.toString(row);
    }

    private static Optional<int[]> position(String cell) {
        Matcher m = CELL.matcher(cell);
        if (!m.matches()) {
            return Optional.empty();
        }
        int col = m.group(1).charAt(0) - 'A';
        int row = Integer.parseInt(m.group(2));
        return col < COLUMNS && row <= ROWS ? Optional.of(new int[] {col, row}) : Optional.empty();
    }

    private static Rect cellRect(int col, int row) {
        return Rect.of(GRID_LEFT + col * CELL_WIDTH, GRID_TOP + (row - 1) * CELL_HEIGHT, CELL_WIDTH, CELL_HEIGHT);
    }

    @Override
    protected void paint(Graphics2D g, int width, int height) {
        g.setColor(new Color(0xf3, 0xf3, 0xf3));
        g.fillRect(1, TITLE_BAR, width - 2, 36);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.BLACK);
        g.drawRect(10, TITLE_BAR + 6, 120, 24);
        g.drawString("Insert Bar Chart", 18, TITLE_BAR + 22);
        g.drawRect(140, TITLE_BAR + 6, 100, 24);
        g.drawString("Chart Wizard", 148, TITLE_BAR + 22);
        paintGrid(g);
        if (!charts.isEmpty()) {
            paintChart(g, charts.get(charts.size() - 1), width);
        }
        if (dialogRendering >= 0) {
            paintDialog(g);
        }
    }

    private void paintGrid(Graphics2D g) {
        Optional<int[]> from = selection.map(s -> s.split(":", -1)[0]).flatMap(SimulatedSheet::position);
        Optional<int[]> to = selection.map(s -> s.split(":", -1)[1]).flatMap(SimulatedSheet::position);
        for (int col = 0; col < COLUMNS; col++) {
            g.setColor(Color.DARK_GRAY);
            g.drawString(String.valueOf((char) ('A' + col)), GRID_LEFT + col * CELL_WIDTH + 36, GRID_TOP - 6);
        }
        for (int row = 1; row <= ROWS; row++) {
            g.setColor(Color.DARK_GRAY);
            g.drawString(Integer.toString(row), 16, GRID_TOP + (row - 1) * CELL_HEIGHT + 17);
            for (int col = 0; col < COLUMNS; col++) {
                Rect r = cellRect(col, row);
                boolean selected = from.isPresent()
                        && to.isPresent()
                        && col >= from.get()[0]
                        && col <= to.get()[0]
                        && row >= from.get()[1]
                        && row <= to.get()[1];
                if (selected) {
                    g.setColor(new Color(0xd6, 0xea, 0xd8));
                    g.fillRect(r.left(), r.top(), r.width(), r.height());
                }
                g.setColor(Color.LIGHT_GRAY);
                g.drawRect(r.left(), r.top(), r.width(), r.height());
                g.setColor(Color.BLACK);
                // right of where the annotation puts a control's label, so that both stay readable
                g.drawString(cell(name(col, row)), r.left() + 26, r.top() + 17);
            }
        }
        activeCell.flatMap(SimulatedSheet::position).ifPresent(p -> {
            Rect r = cellRect(p[0], p[1]);
            g.setColor(new Color(0x21, 0x73, 0x46));
            g.drawRect(r.left(), r.top(), r.width(), r.height());
            g.drawRect(r.left() + 1, r.top() + 1, r.width() - 2, r.height() - 2);
        });
    }

    private static void paintChart(Graphics2D g, Chart chart, int width) {
        int left = GRID_LEFT;
        int top = GRID_TOP + ROWS * CELL_HEIGHT + 16;
        int chartWidth = width - left - 20;
        g.setColor(Color.WHITE);
        g.fillRect(left, top, chartWidth, 180);
        g.setColor(Color.GRAY);
        g.drawRect(left, top, chartWidth, 180);
        double max = chart.series().stream()
                .flatMap(s -> s.values().stream())
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(1);
        Color[] colors = {new Color(0x44, 0x72, 0xc4), new Color(0xed, 0x7d, 0x31), new Color(0xa5, 0xa5, 0xa5)};
        int barHeight = Math.max(
                4, 150 / Math.max(1, chart.categories().size() * chart.series().size()) - 2);
        int y = top + 12;
        int scale = chartWidth - 160;
        for (int c = 0; c < chart.categories().size(); c++) {
            g.setColor(Color.BLACK);
            g.drawString(chart.categories().get(c), left + 8, y + barHeight + 4);
            for (int s = 0; s < chart.series().size(); s++) {
                int length = (int) Math.round(chart.series().get(s).values().get(c) / max * scale);
                g.setColor(colors[s % colors.length]);
                g.fillRect(left + 70, y, Math.max(1, length), barHeight);
                y += barHeight + 2;
            }
            y += 4;
        }
        for (int s = 0; s < chart.series().size(); s++) {
            g.setColor(colors[s % colors.length]);
            g.fillRect(left + chartWidth - 70, top + 12 + s * 18, 10, 10);
            g.setColor(Color.BLACK);
            g.drawString(chart.series().get(s).name(), left + chartWidth - 55, top + 22 + s * 18);
        }
    }

    private void paintDialog(Graphics2D g) {
        g.setColor(new Color(0xfa, 0xfa, 0xfa));
        g.fillRect(200, 140, 270, 110);
        g.setColor(Color.DARK_GRAY);
        g.drawRect(200, 140, 270, 110);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString("Insert Chart", 212, 162);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        if (dialogRendering > 0) {
            g.drawString("Loading chart types...", 212, 190);
            return;
        }
        g.drawRect(230, 210, 120, 28);
        g.drawString("Clustered Bar", 248, 229);
        g.drawRect(360, 210, 80, 28);
        g.drawString("Cancel", 380, 229);
    }
}
