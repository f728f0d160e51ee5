package dev.agentfsm.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Figures from one or more JSON-lines traces, without the machines: steps per round (from the round
 * ends), how the rounds ended, and the time spent in each state (a transition's {@code nanos} is the
 * step in its {@code from} state: the state's work plus the decision; a round-ending state moves
 * nowhere, so its time is not traced). Read line by line, in constant memory: steps per round are
 * kept as a histogram, and states beyond {@value #MAX_STATES} distinct names, and outcomes beyond 64, count as {@code (other)}.
 *
 * @param files the traces read
 * @param transitions the transition lines
 * @param unreadable the lines that could not be read (see {@link TraceCheck} for where they are)
 * @param failedRounds the rounds that an exception left with no end ({@code roundFailed} lines); they are not among
 *     the rounds of {@code steps} and {@code outcomes}, which count round ends
 * @param steps steps per round, over the rounds that ended
 * @param outcomes how many rounds ended with each outcome
 * @param states the time per state, {@code Machine.STATUS}, the most time first
 */
public record TraceStats(
        List<Path> files,
        long transitions,
        long unreadable,
        long failedRounds,
        Steps steps,
        Map<String, Long> outcomes,
        List<StateTime> states) {
    /** The most distinct states timed apart. */
    public static final int MAX_STATES = 1_000;

    public TraceStats {
        files = List.copyOf(files);
        Objects.requireNonNull(steps, "steps");
        outcomes = Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
        states = List.copyOf(states);
    }

    /**
     * Steps per round.
     *
     * @param rounds the rounds that ended
     * @param min the fewest steps of a round; 0 when no round ended
     * @param max the most
     * @param total all the rounds' steps
     * @param histogram how many rounds took 1, 2, 3–4, 5–8, ... steps; only the ranges some round fell in
     */
    public record Steps(long rounds, int min, int max, long total, List<Range> histogram) {
        public Steps {
            histogram = List.copyOf(histogram);
        }

        /** The mean steps of a round; 0 when no round ended. */
        public double mean() {
            return rounds == 0 ? 0 : (double) total / rounds;
        }
    }

    /**
     * Rounds that took from {@code from} to {@code to} steps.
     *
     * @param from the fewest steps, inclusive
     * @param to the most steps, inclusive
     * @param rounds how many rounds
     */
    public record Range(int from, int to, long rounds) {}

    /**
     * The time spent in one state.
     *
     * @param state the state, {@code Machine.STATUS}
     * @param steps how many steps were taken in it
     * @param totalNanos their time, in nanoseconds
     * @param maxNanos the longest
     */
    public record StateTime(String state, long steps, long totalNanos, long maxNanos) {
        public StateTime {
            Objects.requireNonNull(state, "state");
        }

        /** The mean time of a step in the state, in nanoseconds. */
        public long meanNanos() {
            return steps == 0 ? 0 : totalNanos / steps;
        }
    }

    /**
     * Reads {@code files} and sums them up.
     *
     * @throws IOException naming the file that cannot be opened; a read failing midway throws
     *     {@link UncheckedIOException}
     */
    public static TraceStats of(List<Path> files) throws IOException {
        Tally tally = new Tally();
        for (Path file : files) {
            try (Stream<TraceEntry> entries = TraceReader.entries(file)) {
                entries.forEach(tally::add);
            }
        }
        return tally.stats(files);
    }

    /** The stats as plain-text tables, safe to print on a terminal. */
    public String table() {
        StringBuilder out = new StringBuilder();
        out.append("read ")
                .append(TraceReport.count(files.size(), "trace"))
                .append(": ")
                .append(TraceReport.count(transitions, "transition"))
                .append(", ")
                .append(TraceReport.count(steps.rounds(), "round end"));
        if (failedRounds > 0) {
            out.append(", ")
                    .append(TraceReport.count(failedRounds, "failed round"))
                    .append(" (no end: an exception left it)");
        }
        if (unreadable > 0) {
            out.append(", ").append(TraceReport.count(unreadable, "unreadable line"));
        }
        out.append('\n');
        if (steps.rounds() > 0) {
            out.append('\n')
                    .append(String.format(
                            Locale.ROOT,
                            "steps per round: min %d, mean %.1f, max %d%n",
                            steps.min(),
                            steps.mean(),
                            steps.max()));
            TextTable histogram = TextTable.of("#steps", "#rounds");
            for (Range range : steps.histogram()) {
                histogram.row(
                        range.from() == range.to() ? range.from() : range.from() + "-" + range.to(), range.rounds());
            }
            histogram.appendTo(out);
        }
        OutcomeCounts.appendTable(out, outcomes);
        if (!states.isEmpty()) {
            TextTable table = TextTable.of("state", "#steps", "#total ms", "#mean ms", "#max ms");
            for (StateTime state : states) {
                table.row(
                        state.state(),
                        state.steps(),
                        millis(state.totalNanos()),
                        millis(state.meanNanos()),
                        millis(state.maxNanos()));
            }
            out.append('\n');
            table.appendTo(out);
        }
        return out.toString();
    }

    /** The stats as one JSON object, pretty-printed; times in nanoseconds. */
    public String json() {
        return ReportJson.object("stats", json -> {
            ReportJson.files(json, files);
            json.writeNumberField("transitions", transitions);
            json.writeNumberField("unreadable", unreadable);
            json.writeNumberField("failedRounds", failedRounds);
            json.writeObjectFieldStart("stepsPerRound");
            json.writeNumberField("rounds", steps.rounds());
            json.writeNumberField("min", steps.min());
            json.writeNumberField("mean", steps.mean());
            json.writeNumberField("max", steps.max());
            json.writeArrayFieldStart("histogram");
            for (Range range : steps.histogram()) {
                json.writeStartObject();
                json.writeNumberField("from", range.from());
                json.writeNumberField("to", range.to());
                json.writeNumberField("rounds", range.rounds());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
            OutcomeCounts.writeJson(json, outcomes);
            json.writeArrayFieldStart("states");
            for (StateTime state : states) {
                json.writeStartObject();
                json.writeStringField("state", state.state());
                json.writeNumberField("steps", state.steps());
                json.writeNumberField("totalNanos", state.totalNanos());
                json.writeNumberField("meanNanos", state.meanNanos());
                json.writeNumberField("maxNanos", state.maxNanos());
                json.writeEndObject();
            }
            json.writeEndArray();
        });
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%,.1f", nanos / 1e6);
    }

    /** The figures so far. */
    private static final class Tally {
        /** Rounds by the bucket of their steps: 0 for 0 steps, 1 for 1, 2 for 2, 3 for 3–4, 4 for 5–8, ... */
        private final long[] buckets = new long[33];

        private long rounds;
        private long totalSteps;
        private int minSteps = Integer.MAX_VALUE;
        private int maxSteps;
        private long transitions;
        private long unreadable;
        private long failedRounds;
        private final OutcomeCounts outcomes = new OutcomeCounts();
        private final Map<String, long[]> states = new TreeMap<>();

        void add(TraceEntry entry) {
            if (entry instanceof TraceEntry.Transition move) {
                transitions++;
                String state = move.machine() + "." + move.from();
                if (!states.containsKey(state) && states.size() >= MAX_STATES) {
                    state = "(other)";
                }
                long[] time = states.computeIfAbsent(state, key -> new long[3]);
                time[0]++;
                time[1] += move.nanos();
                time[2] = Math.max(time[2], move.nanos());
            } else if (entry instanceof TraceEntry.RoundEnd end) {
                rounds++;
                int steps = Math.max(0, end.steps());
                totalSteps += steps;
                minSteps = Math.min(minSteps, steps);
                maxSteps = Math.max(maxSteps, steps);
                buckets[bucket(steps)]++;
                outcomes.add(end.outcome());
            } else if (entry instanceof TraceEntry.RoundFailed) {
                failedRounds++;
            } else if (entry instanceof TraceEntry.Unreadable) {
                unreadable++;
            }
        }

        /** 0 and 1 to 2 are their own buckets; then 3–4, 5–8, 9–16, ... */
        private static int bucket(int steps) {
            return steps <= 2 ? steps : 33 - Integer.numberOfLeadingZeros(steps - 1);
        }

        private static Range range(int bucket, long count) {
            if (bucket <= 2) {
                return new Range(bucket, bucket, count);
            }
            int from = (1 << (bucket - 2)) + 1;
            int to = bucket >= 32 ? Integer.MAX_VALUE : 1 << (bucket - 1);
            return new Range(from, to, count);
        }

        TraceStats stats(List<Path> files) {
            List<Range> histogram = new ArrayList<>();
            for (int bucket = 0; bucket < buckets.length; bucket++) {
                if (buckets[bucket] > 0) {
                    histogram.add(range(bucket, buckets[bucket]));
                }
            }
            Steps steps = new Steps(rounds, rounds == 0 ? 0 : minSteps, maxSteps, totalSteps, histogram);
            List<StateTime> times = new ArrayList<>();
            states.forEach((state, time) -> times.add(new StateTime(state, time[0], time[1], time[2])));
            times.sort((a, b) -> Long.compare(b.totalNanos(), a.totalNanos()));
            return new TraceStats(files, transitions, unreadable, failedRounds, steps, outcomes.sorted(), times);
        }
    }
}
