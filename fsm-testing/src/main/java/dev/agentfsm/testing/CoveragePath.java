package dev.agentfsm.testing;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One path through a machine: the moves a round takes from the machine's initial state to a state that
 * ends the round. A hand-off continues in the other machine, and the path may come back. A move that
 * the runtime makes by itself (into the {@code onError} state when a state's work throws, into the
 * fallback state for an unknown status) is a step like any other; {@link PathStep} says which it is.
 *
 * @param moves the moves in order, each starting where the one before ended
 */
public record CoveragePath(List<Move> moves) {

    /** @throws IllegalArgumentException if there is no move, or a move does not start where the one before ended */
    public CoveragePath {
        moves = List.copyOf(moves);
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("a coverage path takes at least one move");
        }
        for (int i = 1; i < moves.size(); i++) {
            Move before = moves.get(i - 1);
            Move move = moves.get(i);
            if (move.from() != before.to()) {
                throw new IllegalArgumentException("move " + (i + 1) + " of the path, " + move + ", does not start"
                        + " where move " + i + ", " + before + ", ended");
            }
        }
    }

    /** The status the round starts in: the initial status of the path's machine. */
    public Status start() {
        return moves.get(0).from();
    }

    /** Every status the round enters, in order, the start included: what {@code RoundResult.path()} is to be. */
    public List<Status> statuses() {
        List<Status> statuses = new ArrayList<>(moves.size() + 1);
        statuses.add(start());
        moves.forEach(move -> statuses.add(move.to()));
        return List.copyOf(statuses);
    }

    /** The path's steps, one per move, in order. */
    public List<PathStep> steps() {
        return IntStream.range(0, moves.size())
                .mapToObj(i -> new PathStep(this, i))
                .toList();
    }

    /** Whether the path moves from {@code from} to {@code to} somewhere. */
    public boolean takes(Status from, Status to) {
        return moves.stream().anyMatch(move -> move.from() == from && move.to() == to);
    }

    /** Whether a step enters its machine's {@code onError} state, so that the round may end as {@code ERROR}. */
    public boolean entersOnError() {
        return steps().stream().anyMatch(PathStep::entersOnError);
    }

    /** The statuses as {@code CONTINUE -> ASSIGN -> AppAgent.CONTINUE -> ...}: another machine's are qualified. */
    @Override
    public String toString() {
        return PathStep.names(statuses(), start());
    }
}
