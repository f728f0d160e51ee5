package dev.agentfsm.agents.windows.desktop.simulated;

import java.util.List;

/**
 * A chart in a {@link SimulatedSheet}.
 *
 * @param type the chart type, e.g. {@code "bar"}
 * @param range the cells it was built from, e.g. {@code "A1:C5"}
 * @param categories the labels of the first column, below the header
 * @param series one series per further column
 */
public record Chart(String type, String range, List<String> categories, List<Series> series) {

    public Chart {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    /**
     * One column of a chart's data.
     *
     * @param name the column's header
     * @param values the numbers, one per category
     */
    public record Series(String name, List<Double> values) {
        public Series {
            values = List.copyOf(values);
        }
    }
}
