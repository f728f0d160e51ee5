package dev.agentfsm.testing;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import java.util.List;
import java.util.Objects;

/**
 * The coverage paths of one machine, computed from its generated model at run time ({@code table().moves()}
 * and each status's {@code moves()}): a small set of paths from the machine's initial state to a state that
 * ends the round which together take every declared transition that a round can take, hand-offs included.
 *
 * <p>Each path is planned for one move that no earlier path took: the cheapest way from the initial state
 * to that move, then the cheapest way on to a state that ends the round. Cheapest means, in this order:
 * fewest moves the runtime makes without a declaration (into {@code onError} or fallback states), fewest
 * entries into an {@code onError} state (at most one: a second failure ends a round), fewest moves, and
 * then most moves not taken yet. Ties go to the move declared first, so the plan is the same on every run.
 *
 * <pre>{@code
 * CoveragePlan plan = CoveragePlan.of(HostAgentStateManager.instance());
 * plan.paths();   // [CONTINUE -> CONTINUE -> FINISH, CONTINUE -> ASSIGN -> AppAgent.CONTINUE -> ..., ...]
 * }</pre>
 *
 * @param machine the machine whose declared transitions the paths take
 * @param paths the paths, in the order they were planned
 * @param unreachable declared transitions no round can take: their state is never entered from the initial
 *     state, their state ends the round before it moves, or no round-ending state can follow them
 */
public record CoveragePlan(StateManager<?, ?> machine, List<CoveragePath> paths, List<Move> unreachable) {

    public CoveragePlan {
        Objects.requireNonNull(machine, "machine");
        paths = List.copyOf(paths);
        unreachable = List.copyOf(unreachable);
    }

    /** Plans the paths of {@code machine}. */
    public static CoveragePlan of(StateManager<?, ?> machine) {
        return new PathPlanner(machine).plan();
    }

    /** Every transition the machine declares, state by state in declaration order. */
    public List<Move> declared() {
        return List.copyOf(machine.table().moves());
    }
}
