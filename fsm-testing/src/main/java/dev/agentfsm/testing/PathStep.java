package dev.agentfsm.testing;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One step of a {@link CoveragePath}: the state the round is in and the move it is to take out of it.
 * A state's script ({@link PathTests#on}) reads it to make the state's work take that move: the LLM's
 * reply carries {@link #to()}'s status, the user approves or rejects, or the work fails.
 *
 * @param path the path
 * @param index the step's place in the path, from 0
 */
public record PathStep(CoveragePath path, int index) {

    /** @throws IndexOutOfBoundsException if the path has no move at {@code index} */
    public PathStep {
        Objects.requireNonNull(path, "path");
        Objects.checkIndex(index, path.moves().size());
    }

    /** The move to take. */
    public Move move() {
        return path.moves().get(index);
    }

    /** The state the round is in. */
    public Status from() {
        return move().from();
    }

    /** The state the move enters; another machine's for a hand-off. */
    public Status to() {
        return move().to();
    }

    /** Who triggers the move, as declared ({@code SYSTEM} for the runtime's own moves). */
    public Trigger trigger() {
        return move().trigger();
    }

    /** Whether the move hands control to another machine's agent. */
    public boolean isHandOff() {
        return move().isHandOff();
    }

    /** Whether {@code from} declares the move; the runtime's own moves into onError or fallback states need not be. */
    public boolean isDeclared() {
        return isDeclared(move());
    }

    /**
     * Whether the move enters the machine's {@code onError} state by {@code SYSTEM}: the runtime takes it
     * when the state's work throws, so the script makes it throw (an LLM that cannot be reached, a device
     * that fails).
     */
    public boolean entersOnError() {
        return entersOnError(move());
    }

    /**
     * Whether the move enters the machine's fallback state by {@code SYSTEM}: the runtime takes it when the
     * state's work meets a status no state has ({@code UnknownStatusException}), so the script makes it meet one.
     */
    public boolean entersFallback() {
        return entersByTheRuntime(move(), move().from().machine().table().fallback());
    }

    /** The step after this one, if the path goes on. */
    public Optional<PathStep> next() {
        return index + 1 < path.moves().size() ? Optional.of(new PathStep(path, index + 1)) : Optional.empty();
    }

    /** The step before this one, if there is one. */
    public Optional<PathStep> previous() {
        return index > 0 ? Optional.of(new PathStep(path, index - 1)) : Optional.empty();
    }

    /** {@code CONTINUE -> FINISH (LLM)}; another machine's statuses are qualified. */
    @Override
    public String toString() {
        return name(from(), path.start()) + " -> " + name(to(), path.start()) + " (" + trigger() + ")";
    }

    /** Whether {@code move}'s state declares it. */
    static boolean isDeclared(Move move) {
        return move.from().moveTo(move.to()).isPresent();
    }

    /** Whether {@code move} enters its machine's onError state by {@code SYSTEM}. */
    static boolean entersOnError(Move move) {
        return entersByTheRuntime(move, move.from().machine().table().onError());
    }

    private static boolean entersByTheRuntime(Move move, Optional<? extends Status> target) {
        return move.trigger() == Trigger.SYSTEM
                && !move.isHandOff()
                && target.filter(t -> t == move.to()).isPresent();
    }

    /** The status's name, qualified when it is not of {@code home}'s machine. */
    static String name(Status status, Status home) {
        return status.machine() == home.machine() ? status.name() : status.qualifiedName();
    }

    /** {@code CONTINUE -> ASSIGN -> AppAgent.CONTINUE}: the names joined, qualified when not of {@code home}'s machine. */
    static String names(List<? extends Status> statuses, Status home) {
        return statuses.stream().map(status -> name(status, home)).collect(Collectors.joining(" -> "));
    }
}
