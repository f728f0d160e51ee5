package dev.agentfsm.trace;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Checks JSON-lines traces against machines: every transition must be one its machine declares, with
 * the trigger it declares, or one of the runtime's own moves (by {@code SYSTEM} to the machine's
 * {@code onError} or {@code fallback} state). Reports illegal moves, unknown machines and statuses,
 * rounds that an exception left with no end ({@code roundFailed} lines) and unreadable lines with their file and line, counts the rounds' outcomes, and lists the declared
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
    /** Names that more than one machine has, with their managers' classes: a trace cannot tell them apart. */
    private final Map<String, List<String>> ambiguous;

    private TraceCheck(Map<String, StateManager<?, ?>> machines, Map<String, List<String>> ambiguous) {
        this.machines = machines;
        this.ambiguous = ambiguous;
    }

    /**
     * A check against every machine registered on the class loader's path ({@link StateManager#discover}).
     *
     * @throws IllegalStateException when no machine is registered (the message says how to fix that)
     */
    public static TraceCheck onClassPath(ClassLoader loader) {
        return of(StateManager.discover(loader));
    }

    /**
     * A check against these machines. A trace names machines by name only, so the moves of a machine
     * that shares its name with another (of another package) are reported as unknown, naming both.
     */
    public static TraceCheck of(Collection<? extends StateManager<?, ?>> machines) {
        Map<String, StateManager<?, ?>> byName = new TreeMap<>();
        Map<String, List<String>> ambiguous = new TreeMap<>();
        for (StateManager<?, ?> machine : machines) {
            StateManager<?, ?> other = byName.putIfAbsent(machine.name(), machine);
            if (other != null && other.getClass() != machine.getClass()) {
                ambiguous
                        .computeIfAbsent(
                                machine.name(),
                                name -> new ArrayList<>(List.of(other.getClass().getName())))
                        .add(machine.getClass().getName());
            }
        }
        ambiguous.keySet().forEach(byName::remove);
        Map<String, List<String>> classes = new TreeMap<>();
        ambiguous.forEach((name, types) -> classes.put(name, List.copyOf(types)));
        return new TraceCheck(Map.copyOf(byName), Map.copyOf(classes));
    }

    /** The machine a trace names {@code name}: empty when none has the name, or more than one. */
    public Optional<StateManager<?, ?>> machine(String name) {
        return Optional.ofNullable(machines.get(name));
    }

    /** The machines' names, sorted. */
    public List<String> machines() {
        Set<String> names = new TreeSet<>(machines.keySet());
        names.addAll(ambiguous.keySet());
        return List.copyOf(names);
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
            tally.endFile(file);
        }
        return tally.report(files);
    }

    /**
     * One transition of a trace, resolved against the machines: its statuses when the machines have
     * them, the declared move it took, or the problem that makes it illegal or unknown.
     *
     * @param problem what is wrong with the move, if anything: {@link TraceReport.Kind#ILLEGAL_MOVE},
     *     {@link TraceReport.Kind#UNKNOWN_MACHINE} or {@link TraceReport.Kind#UNKNOWN_STATUS}
     * @param message the problem in words, with the values involved; empty when there is none
     * @param from the status moved from, when its machine has it
     * @param to the status moved to, when its machine has it
     * @param declared the declared move taken; empty for the runtime's own moves and for problems
     */
    public record MoveCheck(
            Optional<TraceReport.Kind> problem,
            String message,
            Optional<Status> from,
            Optional<Status> to,
            Optional<Move> declared) {
        public MoveCheck {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(declared, "declared");
        }

        /** Whether the move is legal: declared, or one the runtime makes by itself. */
        public boolean legal() {
            return problem.isEmpty();
        }

        /** Whether the move is the runtime's own: by SYSTEM to the onError state after a failure, or to the fallback. */
        public boolean runtimesOwn() {
            return legal() && declared.isEmpty();
        }
    }

    /** Checks one transition against the machines. */
    public MoveCheck check(TraceEntry.Transition move) {
        Lookup from = lookup(move.machine(), move.from(), "\"from\"");
        if (from.status().isEmpty()) {
            return new MoveCheck(
                    Optional.of(from.kind()), from.message(), Optional.empty(), Optional.empty(), Optional.empty());
        }
        Lookup to = lookup(move.toMachine(), move.toStatus(), "\"to\"");
        if (to.status().isEmpty()) {
            return new MoveCheck(
                    Optional.of(to.kind()), to.message(), from.status(), Optional.empty(), Optional.empty());
        }
        Optional<Move> declared = from.status().get().moveTo(to.status().get());
        if (declared.isPresent() && declared.get().trigger().name().equals(move.trigger())) {
            return new MoveCheck(Optional.empty(), "", from.status(), to.status(), declared);
        }
        if (move.trigger().equals("SYSTEM")
                && runtimesOwn(from.status().get(), to.status().get())) {
            return new MoveCheck(Optional.empty(), "", from.status(), to.status(), Optional.empty());
        }
        return new MoveCheck(
                Optional.of(TraceReport.Kind.ILLEGAL_MOVE),
                illegal(move, from.status().get(), declared),
                from.status(),
                to.status(),
                Optional.empty());
    }

    /** A move the runtime makes by itself: to the onError state after a failure, to the fallback for an unknown status. */
    private static boolean runtimesOwn(Status from, Status to) {
        TransitionTable<?> table = from.machine().table();
        return (table.onError().filter(status -> status == to).isPresent() && from != to)
                || table.fallback().filter(status -> status == to).isPresent();
    }

    private static String illegal(TraceEntry.Transition move, Status from, Optional<Move> declared) {
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

    /** A status found by name, or why there is none. */
    private record Lookup(Optional<Status> status, TraceReport.Kind kind, String message) {}

    private Lookup lookup(String machineName, String statusName, String field) {
        StateManager<?, ?> machine = machines.get(machineName);
        if (ambiguous.containsKey(machineName)) {
            return new Lookup(
                    Optional.empty(),
                    TraceReport.Kind.UNKNOWN_MACHINE,
                    "more than one machine on the class path"
                            + " is named " + TraceText.quote(machineName) + " ("
                            + String.join(", ", ambiguous.get(machineName))
                            + "), and a trace names machines by name only; check with a class path that holds one of them");
        }
        if (machine == null) {
            return new Lookup(
                    Optional.empty(),
                    TraceReport.Kind.UNKNOWN_MACHINE,
                    "no machine on the class path is named " + TraceText.quote(machineName) + " (in " + field
                            + "); the machines are " + String.join(", ", machines()));
        }
        Optional<? extends Status> status = machine.table().parse(statusName);
        if (status.isEmpty()) {
            return new Lookup(
                    Optional.empty(),
                    TraceReport.Kind.UNKNOWN_STATUS,
                    machine.name() + " has no status "
                            + TraceText.quote(statusName) + " (in " + field + "); its statuses are "
                            + String.join(
                                    ", ",
                                    machine.table().statuses().stream()
                                            .map(Status::name)
                                            .toList()));
        }
        return new Lookup(Optional.of(status.get()), TraceReport.Kind.UNKNOWN_STATUS, "");
    }

    /**
     * {@code gzip} or {@code zip} when {@code file} starts as such a file does: a trace kept compressed (a CI
     * artifact, a rotated log) is given as it is more often than any other file that is not a trace.
     */
    private static Optional<String> compressedAs(Path file) throws IOException {
        byte[] head = new byte[4];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        }
        if (read >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return Optional.of("gzip");
        }
        if (read == 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            return Optional.of("zip");
        }
        return Optional.empty();
    }

    /** What one check has found so far; bounded by the machines and {@link #SHOWN_PER_KIND}. */
    private final class Tally {
        private long lines;
        private long lastLine;
        /** The current file's lines read as entries, and its first unreadable one. */
        private long readInFile;

        private TraceEntry.Unreadable firstUnreadable;
        private long unreadableInFile;
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
            } else if (entry instanceof TraceEntry.RoundFailed failed) {
                find(
                        TraceReport.Kind.ROUND_FAILED,
                        file,
                        failed.line(),
                        "session " + TraceText.quote(failed.session()) + ", round " + failed.round() + " failed with "
                                + TraceText.quote(failed.failure()) + " and has no end (an exception left it: a"
                                + " journal that could not be written, a replay that diverged, or an Error); the"
                                + " application's log has the exception with its stack trace");
            } else if (entry instanceof TraceEntry.Unreadable unreadable) {
                find(TraceReport.Kind.UNREADABLE, file, unreadable.line(), unreadable.problem());
                if (unreadableInFile++ == 0) {
                    firstUnreadable = unreadable;
                }
                return;
            } else {
                otherEvents++;
            }
            readInFile++;
        }

        void endFile(Path file) throws IOException {
            if (readInFile == 0 && firstUnreadable != null) {
                find(TraceReport.Kind.NOT_A_TRACE, file, firstUnreadable.line(), notATrace(file));
            }
            lines += lastLine;
            lastLine = 0;
            readInFile = 0;
            unreadableInFile = 0;
            firstUnreadable = null;
        }

        /** Why {@code file}, whose lines were all unreadable, is no trace: a compressed one is named as such. */
        private String notATrace(Path file) throws IOException {
            Optional<String> compressed = compressedAs(file);
            if (compressed.isPresent()) {
                return "it is a " + compressed.get() + " file (its first bytes are a " + compressed.get() + " header),"
                        + " so none of its lines is a trace line and nothing in it was checked; decompress it and"
                        + " check the trace inside";
            }
            return (unreadableInFile == 1
                            ? "its one non-blank line is not a trace line"
                            : "none of its " + TraceReport.count(unreadableInFile, "non-blank line")
                                    + " is a trace line")
                    + ", so nothing in it was checked (the first: " + firstUnreadable.problem()
                    + "); give the JSON-lines trace the runtime's JsonLinesTrace writes, or check an OTLP export with"
                    + " OtlpSpanCheck (on the command line: agentfsm-cli trace check --otlp)";
        }

        private void transition(Path file, TraceEntry.Transition move) {
            transitions++;
            MoveCheck checked = check(move);
            checked.problem().ifPresent(kind -> find(kind, file, move.line(), checked.message()));
            checked.from().ifPresent(from -> visit(from.machine()));
            checked.to().ifPresent(to -> visit(to.machine()));
            checked.declared()
                    .ifPresent(declared -> visit(declared.from().machine()).add(declared));
        }

        private void roundEnd(Path file, TraceEntry.RoundEnd end) {
            rounds++;
            outcomes.add(end.outcome());
            if (!end.finalStatus().isEmpty()) {
                int dot = end.finalStatus().indexOf('.');
                if (dot < 0) {
                    find(
                            TraceReport.Kind.UNKNOWN_STATUS,
                            file,
                            end.line(),
                            "the round's \"finalStatus\" " + TraceText.quote(end.finalStatus())
                                    + " names no machine; it is written Machine.STATUS");
                } else {
                    Lookup lookup = lookup(
                            end.finalStatus().substring(0, dot),
                            end.finalStatus().substring(dot + 1),
                            "the round's \"finalStatus\"");
                    if (lookup.status().isEmpty()) {
                        find(lookup.kind(), file, end.line(), lookup.message());
                    }
                }
            }
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
                coverage.add(new TraceReport.Coverage(
                        name,
                        declared,
                        declared.stream().filter(moves::contains).toList()));
            });
            return new TraceReport(
                    files, lines, transitions, rounds, otherEvents, outcomes.sorted(), problems, findings, coverage);
        }
    }
}
