package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The planner on a machine of 1,000 states, built by hand because the processor's fixtures are small: a ladder
 * whose every rung may stop (STEP_i -> STEP_i+1 or END, by the model), so each rung needs a path of its own.
 */
class LargeMachineTest {
    private static final int STEPS = 1000;

    /** A status of the ladder; its moves are set once the ladder is built. */
    private static final class Step implements Status {
        private final String name;
        private final Ladder machine;
        private final boolean ends;
        private final List<Move> moves = new ArrayList<>();

        Step(String name, Ladder machine, boolean ends) {
            this.name = name;
            this.machine = machine;
            this.ends = ends;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public StateManager<?, ?> machine() {
            return machine;
        }

        @Override
        public String description() {
            return name;
        }

        @Override
        public boolean isTerminal() {
            return ends;
        }

        @Override
        public boolean endsRound() {
            return ends;
        }

        @Override
        public boolean endsSubtask() {
            return false;
        }

        @Override
        public List<Move> moves() {
            return moves;
        }
    }

    /** The ladder's manager: only its table is read by the planner. */
    private static final class Ladder implements StateManager<Agent, AgentState<Agent>> {
        final List<Step> steps = new ArrayList<>();
        final Step end = new Step("END", this, true);
        final Step failed = new Step("FAILED", this, true);

        Ladder() {
            for (int i = 0; i < STEPS; i++) {
                steps.add(new Step("STEP_" + i, this, false));
            }
            for (int i = 0; i < STEPS; i++) {
                Step step = steps.get(i);
                step.moves.add(new Move(step, i + 1 < STEPS ? steps.get(i + 1) : end, Trigger.LLM, ""));
                if (i + 1 < STEPS) {
                    step.moves.add(new Move(step, end, Trigger.LLM, ""));
                }
            }
        }

        @Override
        public String name() {
            return "Ladder";
        }

        @Override
        public Class<Agent> agentType() {
            return Agent.class;
        }

        @Override
        public TransitionTable<?> table() {
            return new Table(this);
        }

        @Override
        public AgentState<Agent> initial() {
            throw new UnsupportedOperationException("the planner reads only the table");
        }

        @Override
        public AgentState<Agent> get(Status status) {
            throw new UnsupportedOperationException("the planner reads only the table");
        }

        @Override
        public AgentState<Agent> get(String status) {
            throw new UnsupportedOperationException("the planner reads only the table");
        }

        @Override
        public Optional<AgentState<Agent>> find(String status) {
            throw new UnsupportedOperationException("the planner reads only the table");
        }

        @Override
        public Next next(Status from, Agent agent) {
            throw new UnsupportedOperationException("the planner reads only the table");
        }
    }

    /** The ladder's table, read by the planner. */
    private record Table(Ladder ladder) implements TransitionTable<Step> {
        @Override
        public String machine() {
            return "Ladder";
        }

        @Override
        public List<Step> statuses() {
            List<Step> all = new ArrayList<>(ladder.steps);
            all.add(ladder.end);
            all.add(ladder.failed);
            return all;
        }

        @Override
        public Optional<Step> parse(String name) {
            return statuses().stream().filter(s -> s.name().equals(name)).findFirst();
        }

        @Override
        public Step initial() {
            return ladder.steps.get(0);
        }

        @Override
        public Optional<Step> fallback() {
            return Optional.empty();
        }

        @Override
        public Optional<Step> onError() {
            return Optional.of(ladder.failed);
        }
    }

    @Test
    void aThousandStatesArePlannedInTimeWithEveryMoveOnALegalPath() {
        Ladder ladder = new Ladder();

        CoveragePlan plan = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CoveragePlan.of(ladder));

        Set<Move> taken = new HashSet<>();
        for (CoveragePath path : plan.paths()) {
            assertEquals(ladder.steps.get(0), path.start());
            assertTrue(path.statuses().get(path.statuses().size() - 1).endsRound(), path.toString());
            for (Move move : path.moves()) {
                assertTrue(move.from().moves().contains(move), move + " is not declared");
            }
            taken.addAll(path.moves());
        }
        assertTrue(taken.containsAll(plan.declared()), "every declared move is on a path");
        assertEquals(List.of(), plan.unreachable());
        assertEquals(2 * STEPS - 1, plan.declared().size());
        assertEquals(STEPS, plan.paths().size(), "one path per rung, the last rung's own included");
        assertEquals(plan.paths(), CoveragePlan.of(ladder).paths(), "the same plan on every run");
    }
}
