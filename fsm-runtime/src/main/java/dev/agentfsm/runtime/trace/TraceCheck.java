package dev.agentfsm.runtime.trace;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Checks JSON-lines traces against machines: every transition must be one its machine declares, with
 * the trigger it declares, or one of the runtime's own moves (by {@code SYSTEM} to the machine's
 * {@code onError} or {@code fallback} state). Reports illegal moves, unknown machines and statuses and
 * unreadable lines with their file and line, counts the rounds' outcomes, and lists the declared
 * transitions the runs never took. Traces are read line by line ({@link TraceReader}): memory depends
 * on the machines, not on the size of the traces.
 *
 * <pre>{@code
 * TraceReport report = TraceCheck.onClassPath(getClass().getClassLoader()).check(List.of(Path.of("trace.jsonl")));
 * if (!report.passed()) {
 *     System.err.print(report.table());
 * }
 * }</pre>
 *
 * <p>A {@code TraceCheck} holds only the machines; each {@link #check} starts afresh, so one instance
 * may serve many threads.
 */
public final class TraceCheck {
    /** How many problems of each kind a report lists with their lines; the others are counted. */
    public static final int SHOWN_PER_KIND = 100;

    private final Map<String, StateManager<?, ?>> machines;

    private TraceCheck(Map<String, StateManager<?, ?>> machines) {
        this.machines = machines;
    }

    /**
     * A check against every machine registered on the class loader's path ({@link StateManager#discover}).
     *
     * @throws IllegalStateException when no machine is registered (the message says how to fix that), or
     *     when two machines share a name, which a trace could not tell apart
     */
    public static TraceCheck onClassPath(ClassLoader loader) {
        return of(StateManager.discover(loader));
    }

    /**
     * A check against these machines.
     *
     * @throws IllegalStateException when two of them share a name, which a trace could not tell apart
     */
    public static TraceCheck of(Collection<? extends StateManager<?, ?>> machines) {
        Map<String, StateManager<?, ?>> byName = new TreeMap<>();
        for (StateManager<?, ?> machine : machines) {
            StateManager<?, ?> other = byName.putIfAbsent(machine.name(), machine);
            if (other != null && other != machine) {
                throw new IllegalStateException("two machines are named " + machine.name() + " ("
                        + other.getClass().getName() + " and " + machine.getClass().getName()
                        + "), and a trace names machines by name only; check with a class path that holds one of them");
            }
        }
        return new TraceCheck(Map.copyOf(byName));
    }

    /** The machines' names, sorted. */
    public List<String> machines() {
        return List.copyOf(new TreeMap<>(machines).keySet());
    }

    /**
     * Reads and checks {@code files}, one after the other.
     *
     * @throws IOException naming the file that cannot be opened ({@link java.nio.file.NoSuchFileException}
     *     when it does not exist); a read failing midway throws {@link java.io.UncheckedIOException}
     */
    public TraceReport check(List<Path> files) throws IOException {
        Tally tally = new Tally();
        for (Path file : files) {
            try (Stream<TraceEntry> entries = TraceReader.entries(file)) {
                entries.forEach(entry -> tally.add(file, entry));
            }
            tally.endFile();
        }
        return tally.report(files);
    }

    /** What one check has found so far; bounded by the machines and {@link #SHOWN_PER_KIND}. */
    private final class Tally {
        private long lines;
        private long lastLine;
        private long transitions;
        private long rounds;
        private long otherEvents;
        private final OutcomeCounts outcomes = new OutcomeCounts();
        private final Map<TraceReport.Kind, Long> problems = new EnumMap<>(TraceReport.Kind.class);
        private final List<TraceReport.Finding> findings = new ArrayList<>();
        /** The machines visited, by name, and the declared moves taken. */
        private final Map<String, Set<Move>> taken = new TreeMap<>();

        void add(Path file, TraceEntry entry) {
            lastLine = entry.line();
            if (entry instanceof TraceEntry.Transition transition) {
                transition(file, transition);
            } else if (entry instanceof TraceEntry.RoundEnd end) {
                roundEnd(file, end);
            } else if (entry instanceof TraceEntry.Unreadable unreadable) {
                find(TraceReport.Kind.UNREADABLE, file, unreadable.line(), unreadable.problem());
            } else {
                otherEvents++;
            }
        }

        void endFile() {
            lines += lastLine;
            lastLine = 0;
        }

        private void transition(Path file, TraceEntry.Transition move) {
            transitions++;
            Optional<Status> from = status(file, move.line(), move.machine(), move.from(), "\"from\"");
            if (from.isEmpty()) {
                return;
            }
            Optional<Status> to = status(file, move.line(), move.toMachine(), move.toStatus(), "\"to\"");
            if (to.isEmpty()) {
                return;
            }
            Set<Move> machineTaken = visit(from.get().machine());
            visit(to.get().machine());
            Optional<Move> declared = from.get().moveTo(to.get());
            if (declared.isPresent() && declared.get().trigger().name().equals(move.trigger())) {
                machineTaken.add(declared.get());
            } else if (!(move.trigger().equals("SYSTEM") && runtimesOwn(from.get(), to.get()))) {
                find(TraceReport.Kind.ILLEGAL_MOVE, file, move.line(), illegal(move, from.get(), declared));
            }
        }

        /** A move the runtime makes by itself: to the onError state after a failure, to the fallback for an unknown status. */
        private boolean runtimesOwn(Status from, Status to) {
            TransitionTable<?> table = from.machine().table();
            return (table.onError().filter(status -> status == to).isPresent() && from != to)
                    || table.fallback().filter(status -> status == to).isPresent();
        }

        private String illegal(TraceEntry.Transition move, Status from, Optional<Move> declared) {
            String what = from.machine().name() + ": " + from.name() + " -> " + move.to() + " by "
                    + TraceText.quote(move.trigger());
            if (declared.isPresent()) {
                return what + " is declared by " + declared.get().trigger() + ", not " + TraceText.quote(move.trigger());
            }
            List<String> targets = from.moves().stream()
                    .map(declaredMove -> TraceReport.target(declaredMove) + " (" + declaredMove.trigger() + ")")
                    .toList();
            return what + " is not declared; " + from.name()
                    + (targets.isEmpty() ? " declares no moves" : " may move to " + String.join(", ", targets));
        }

        private void roundEnd(Path file, TraceEntry.RoundEnd end) {
            rounds++;
            outcomes.add(end.outcome());
            if (!end.finalStatus().isEmpty()) {
                int dot = end.finalStatus().indexOf('.');
                if (dot < 0) {
                    find(TraceReport.Kind.UNKNOWN_STATUS, file, end.line(), "the round's \"finalStatus\" "
                            + TraceText.quote(end.finalStatus()) + " names no machine; it is written Machine.STATUS");
                } else {
                    status(file, end.line(), end.finalStatus().substring(0, dot), end.finalStatus().substring(dot + 1),
                            "the round's \"finalStatus\"");
                }
            }
        }

        /** The status named, or empty after reporting why there is none. */
        private Optional<Status> status(Path file, long line, String machineName, String statusName, String field) {
            StateManager<?, ?> machine = machines.get(machineName);
            if (machine == null) {
                find(TraceReport.Kind.UNKNOWN_MACHINE, file, line, "no machine on the class path is named "
                        + TraceText.quote(machineName) + " (in " + field + "); the machines are "
                        + String.join(", ", machines()));
                return Optional.empty();
            }
            Optional<? extends Status> status = machine.table().parse(statusName);
            if (status.isEmpty()) {
                find(TraceReport.Kind.UNKNOWN_STATUS, file, line, machine.name() + " has no status "
                        + TraceText.quote(statusName) + " (in " + field + "); its statuses are "
                        + String.join(", ", machine.table().statuses().stream().map(Status::name).toList()));
                return Optional.empty();
            }
            return Optional.of(status.get());
        }

        private Set<Move> visit(StateManager<?, ?> machine) {
            return taken.computeIfAbsent(machine.name(), name -> new LinkedHashSet<>());
        }

        private void find(TraceReport.Kind kind, Path file, long line, String message) {
            long count = problems.merge(kind, 1L, Long::sum);
            if (count <= SHOWN_PER_KIND) {
                findings.add(new TraceReport.Finding(kind, file, line, message));
            }
        }

        TraceReport report(List<Path> files) {
            List<TraceReport.Coverage> coverage = new ArrayList<>();
            taken.forEach((name, moves) -> {
                List<Move> declared = machines.get(name).table().moves();
                coverage.add(new TraceReport.Coverage(name, declared,
                        declared.stream().filter(moves::contains).toList()));
            });
            return new TraceReport(files, lines, transitions, rounds, otherEvents, outcomes.sorted(), problems, findings,
                    coverage);
        }
    }
}
