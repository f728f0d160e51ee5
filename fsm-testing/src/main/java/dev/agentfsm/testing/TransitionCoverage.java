package dev.agentfsm.testing;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which of a machine's declared transitions rounds took: taken / declared. A move counts as taken when
 * a round's path has its two statuses one after the other.
 *
 * @param machine the machine
 * @param declared every transition it declares, in declaration order
 * @param taken the declared transitions taken, in declaration order
 */
public record TransitionCoverage(StateManager<?, ?> machine, List<Move> declared, List<Move> taken) {

    /** @throws IllegalArgumentException if a taken move is not one of the declared ones */
    public TransitionCoverage {
        Objects.requireNonNull(machine, "machine");
        declared = List.copyOf(declared);
        taken = List.copyOf(taken);
        for (Move move : taken) {
            if (!declared.contains(move)) {
                throw new IllegalArgumentException(move + " is not a declared transition of " + machine.name());
            }
        }
    }

    /** The coverage of {@code machine}'s declared transitions by rounds that took {@code paths} ({@code RoundResult.path()}). */
    public static TransitionCoverage of(
            StateManager<?, ?> machine, Collection<? extends List<? extends Status>> paths) {
        Set<List<Status>> pairs = new HashSet<>();
        for (List<? extends Status> path : paths) {
            for (int i = 1; i < path.size(); i++) {
                pairs.add(List.of(path.get(i - 1), path.get(i)));
            }
        }
        List<Move> declared = List.copyOf(machine.table().moves());
        List<Move> taken = declared.stream()
                .filter(m -> pairs.contains(List.of(m.from(), m.to())))
                .toList();
        return new TransitionCoverage(machine, declared, taken);
    }

    /** The declared transitions no round took, in declaration order. */
    public List<Move> untaken() {
        return declared.stream().filter(move -> !taken.contains(move)).toList();
    }

    /** Whether every declared transition was taken. */
    public boolean complete() {
        return taken.size() == declared.size();
    }

    /** {@code "HostAgent: 13 of 13 declared transitions taken (100%)"}; the percentage is rounded down. */
    public String summary() {
        int percent = declared.isEmpty() ? 100 : taken.size() * 100 / declared.size();
        return machine.name() + ": " + taken.size() + " of " + declared.size() + " declared transitions taken ("
                + percent + "%)";
    }

    /** The summary, then one line per declared transition: {@code taken} or {@code NOT taken}, and the move. */
    public String report() {
        StringBuilder text = new StringBuilder(summary()).append('\n');
        for (Move move : declared) {
            text.append(taken.contains(move) ? "taken      " : "NOT taken  ")
                    .append(describe(move))
                    .append('\n');
        }
        return text.toString();
    }

    /**
     * Writes {@link #report()} to {@code <directory>/<package>.<Machine>.txt} (the package of the generated
     * manager), creating the directory, and returns the file.
     *
     * @throws IOException if the directory cannot be made or the file written; the message names both and
     *     the cause (a bare {@code AccessDeniedException} or {@code FileAlreadyExistsException} names only a path)
     */
    public Path write(Path directory) throws IOException {
        String pkg = machine.getClass().getPackageName();
        Path file = directory.resolve((pkg.isEmpty() ? "" : pkg + ".") + machine.name() + ".txt");
        try {
            Files.createDirectories(directory);
            Files.writeString(file, report(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException(
                    "could not write the transition coverage report of " + machine.name() + " to "
                            + file.toAbsolutePath() + " (" + e + "): " + summary() + "; make the directory"
                            + " writable or write elsewhere (PathTests.reportTo, -Dagentfsm.coverage.dir)",
                    e);
        }
        return file;
    }

    /** {@code CONTINUE -> FINISH (LLM)}; a hand-off's target is qualified. */
    static String describe(Move move) {
        return move.from().name() + " -> " + PathStep.name(move.to(), move.from()) + " (" + move.trigger() + ")";
    }
}
