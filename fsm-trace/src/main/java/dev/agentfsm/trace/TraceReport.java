package dev.agentfsm.trace;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link TraceCheck} found in one or more traces: how many lines, transitions and rounds it read,
 * how the rounds ended, the problems (illegal moves, unknown machines and statuses, unreadable lines, rounds that
 * an exception left with no end)
 * with their file and line, and for each machine the runs visited, which of its declared transitions
 * they took and which they never took. {@link #table()} and {@link #json()} render it; both are safe
 * to print on a terminal whatever the trace held.
 *
 * @param files the traces read, in order
 * @param lines the lines read, blank ones included
 * @param transitions the transition lines
 * @param rounds the round-end lines
 * @param otherEvents the lines of events other than transitions, round ends and failed rounds
 * @param outcomes how many rounds ended with each outcome, as the trace names it
 * @param problems how many problems of each kind were found, the kinds found none of included
 * @param findings the problems found, with their file and line: at most {@link TraceCheck#SHOWN_PER_KIND}
 *     of each kind, in the order met; {@link #problems()} counts them all
 * @param coverage for each machine the traces visited, by name, the declared transitions they took
 */
public record TraceReport(
        List<Path> files,
        long lines,
        long transitions,
        long rounds,
        long otherEvents,
        Map<String, Long> outcomes,
        Map<Kind, Long> problems,
        List<Finding> findings,
        List<Coverage> coverage) {

    public TraceReport {
        files = List.copyOf(files);
        outcomes = Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
        Map<Kind, Long> all = new EnumMap<>(Kind.class);
        for (Kind kind : Kind.values()) {
            all.put(kind, problems.getOrDefault(kind, 0L));
        }
        problems = Collections.unmodifiableMap(all);
        findings = List.copyOf(findings);
        coverage = List.copyOf(coverage);
    }

    /** A kind of problem. */
    public enum Kind {
        /** A transition that its machine does not declare, or declares with another trigger. */
        ILLEGAL_MOVE("illegal move", "illegal moves"),
        /** A machine no machine on the class path is named. */
        UNKNOWN_MACHINE("unknown machine", "unknown machines"),
        /** A status its machine does not have. */
        UNKNOWN_STATUS("unknown status", "unknown statuses"),
        /** A line that could not be read; the other lines are still checked. */
        UNREADABLE("unreadable line", "unreadable lines"),
        /**
         * A file with lines of which none could be read, so nothing in it was checked: another kind of file given
         * by mistake (an OTLP export, a journal, a log). Its finding is at its first unreadable line.
         */
        NOT_A_TRACE("file with no trace line", "files with no trace line"),
        /**
         * A round that an exception left with no end (a {@code roundFailed} line: its journal could not be written, a
         * replay diverged, an {@link Error}). Its moves may all be legal; what failed is the run, and a check that
         * passed over it would hide the failure, so it fails the check. Last of the kinds, so that the reports of
         * traces without it keep their shape.
         */
        ROUND_FAILED("failed round", "failed rounds");

        private final String one;
        private final String many;

        Kind(String one, String many) {
            this.one = one;
            this.many = many;
        }

        /** The kind in words, {@code "illegal move"}, or its plural when {@code count} is not 1. */
        public String words(long count) {
            return count == 1 ? one : many;
        }
    }

    /**
     * One problem, where it is.
     *
     * @param kind what kind of problem
     * @param file the trace
     * @param line the line, from 1
     * @param message what is wrong, with the values involved
     */
    public record Finding(Kind kind, Path file, long line, String message) {
        public Finding {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(message, "message");
        }

        /** {@code file:line}. */
        public String where() {
            return file + ":" + line;
        }

        @Override
        public String toString() {
            return where() + ": " + kind.words(1) + ": " + message;
        }
    }

    /**
     * The declared transitions of one machine, and those the traces took.
     *
     * @param machine the machine's name
     * @param declared every transition the machine declares, state by state in declaration order
     * @param taken those the traces took at least once, in the same order
     */
    public record Coverage(String machine, List<Move> declared, List<Move> taken) {
        public Coverage {
            Objects.requireNonNull(machine, "machine");
            declared = List.copyOf(declared);
            taken = List.copyOf(taken);
        }

        /** The declared transitions the traces never took, in declaration order. */
        public List<Move> neverTaken() {
            return declared.stream().filter(move -> !taken.contains(move)).toList();
        }
    }

    /**
     * Whether every transition was checked and is declared and every round ran without an exception leaving it: no
     * illegal move, no unknown machine or status, no failed round, and no file whose lines are all unreadable.
     * Unreadable lines among readable ones (a last line cut off by a crash) do not fail a check; a file none of whose
     * lines is a trace line does, since nothing in it was checked.
     */
    public boolean passed() {
        return count(Kind.ILLEGAL_MOVE)
                        + count(Kind.UNKNOWN_MACHINE)
                        + count(Kind.UNKNOWN_STATUS)
                        + count(Kind.NOT_A_TRACE)
                        + count(Kind.ROUND_FAILED)
                == 0;
    }

    /** How many problems of {@code kind} were found. */
    public long count(Kind kind) {
        return problems.get(kind);
    }

    /** The report as plain-text tables, ending with a line that says whether the check passed. */
    public String table() {
        StringBuilder out = new StringBuilder();
        out.append("read ")
                .append(count(files.size(), "trace"))
                .append(": ")
                .append(count(lines, "line"))
                .append(", ")
                .append(count(transitions, "transition"))
                .append(", ")
                .append(count(rounds, "round end"));
        if (otherEvents > 0) {
            out.append(", ").append(count(otherEvents, "line")).append(" of other events");
        }
        out.append('\n');
        OutcomeCounts.appendTable(out, outcomes);
        if (!coverage.isEmpty()) {
            TextTable table = TextTable.of("machine", "#transitions taken", "#declared");
            TextTable never = TextTable.of("never taken", "from", "to", "trigger", "when");
            for (Coverage machine : coverage) {
                table.row(
                        machine.machine(),
                        machine.taken().size(),
                        machine.declared().size());
                for (Move move : machine.neverTaken()) {
                    never.row(machine.machine(), move.from().name(), target(move), move.trigger(), move.when());
                }
            }
            out.append('\n');
            table.appendTo(out);
            if (!never.isEmpty()) {
                out.append('\n');
                never.appendTo(out);
            }
        }
        if (!findings.isEmpty()) {
            TextTable table = TextTable.of("problem", "where", "what");
            findings.forEach(finding -> table.row(finding.kind().words(1), finding.where(), finding.message()));
            out.append('\n');
            table.appendTo(out);
            for (Kind kind : Kind.values()) {
                long shown = findings.stream()
                        .filter(finding -> finding.kind() == kind)
                        .count();
                if (count(kind) > shown) {
                    out.append("(")
                            .append(count(kind) - shown)
                            .append(" more ")
                            .append(kind.words(count(kind) - shown))
                            .append(" not shown; ")
                            .append(count(kind))
                            .append(" in all)\n");
                }
            }
        }
        out.append('\n').append(verdict()).append('\n');
        return out.toString();
    }

    /** One line: {@code PASSED: ...} or {@code FAILED: ...} with the counts of problems. */
    public String verdict() {
        List<String> problemCounts = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            if (count(kind) > 0) {
                problemCounts.add(count(kind) + " " + kind.words(count(kind)));
            }
        }
        String counts = String.join(", ", problemCounts);
        if (passed()) {
            return "PASSED: every transition (" + transitions + ") is declared by its machine"
                    + (counts.isEmpty() ? "" : "; " + counts);
        }
        return "FAILED: " + counts;
    }

    /** The report as one JSON object, pretty-printed. */
    public String json() {
        return ReportJson.object("report", json -> {
            json.writeBooleanField("passed", passed());
            ReportJson.files(json, files);
            json.writeNumberField("lines", lines);
            json.writeNumberField("transitions", transitions);
            json.writeNumberField("rounds", rounds);
            json.writeNumberField("otherEvents", otherEvents);
            OutcomeCounts.writeJson(json, outcomes);
            json.writeObjectFieldStart("problems");
            for (Kind kind : Kind.values()) {
                json.writeNumberField(kind.name(), count(kind));
            }
            json.writeEndObject();
            ReportJson.findings(json, findings);
            json.writeArrayFieldStart("coverage");
            for (Coverage machine : coverage) {
                json.writeStartObject();
                json.writeStringField("machine", machine.machine());
                json.writeNumberField("declared", machine.declared().size());
                json.writeNumberField("taken", machine.taken().size());
                json.writeArrayFieldStart("neverTaken");
                for (Move move : machine.neverTaken()) {
                    json.writeStartObject();
                    json.writeStringField("from", move.from().name());
                    json.writeStringField("to", target(move));
                    json.writeStringField("trigger", move.trigger().name());
                    json.writeStringField("when", move.when());
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
            }
            json.writeEndArray();
        });
    }

    /** A move's target as the trace names it: {@code STATUS}, or {@code Machine.STATUS} for a hand-off. */
    static String target(Move move) {
        Status to = move.to();
        return move.isHandOff() ? to.qualifiedName() : to.name();
    }

    static String count(long count, String noun) {
        return String.format(Locale.ROOT, "%,d", count) + " " + noun + (count == 1 ? "" : "s");
    }
}
