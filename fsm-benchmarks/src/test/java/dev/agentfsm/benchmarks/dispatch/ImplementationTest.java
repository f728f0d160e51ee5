package dev.agentfsm.benchmarks.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentfsm.benchmarks.machines.AppAgentStateManager;
import dev.agentfsm.benchmarks.machines.HostAgentStateManager;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every implementation makes the same transitions, so the benchmarks compare like with like. Not timed. */
class ImplementationTest {

    @ParameterizedTest
    @EnumSource(Implementation.class)
    void everyPassWalksTheNineTransitionsToHostFinish(Implementation implementation) {
        Dispatch dispatch = implementation.create();
        int expected = implementation == Implementation.RUNTIME_STEP
                ? RuntimeStepDispatch.TRANSITIONS
                : Dispatch.TRANSITIONS_PER_PASS;
        assertEquals(expected, dispatch.transitionsPerPass(), implementation.toString());
        for (int pass = 0; pass < 3; pass++) {
            assertEquals(expected, dispatch.pass(), implementation + " pass " + pass);
            assertEquals("HostAgent.FINISH", dispatch.state(), implementation + " pass " + pass);
        }
    }

    @Test
    void runtimeStepIsAWholeNumberOfPassesOfTheSameCycle() {
        assertEquals(8_001, RuntimeStepDispatch.TRANSITIONS);
        assertEquals(RuntimeStepDispatch.TRANSITIONS, RuntimeStepDispatch.OPERATIONS * Dispatch.TRANSITIONS_PER_PASS);
    }

    @Test
    void thePeersAreConfiguredWithTheGeneratedTables() {
        List<String> generated = new ArrayList<>();
        for (TransitionTable<?> table : List.of(
                HostAgentStateManager.instance().table(),
                AppAgentStateManager.instance().table())) {
            for (Move move : table.moves()) {
                generated.add(move.from().qualifiedName() + " -> "
                        + (move.isHandOff()
                                ? move.to().qualifiedName()
                                : move.to().name()));
            }
        }
        List<String> flat = new ArrayList<>();
        for (Edge edge : Edge.ALL) {
            flat.add(edge.from().qualified() + " -> " + edge.on().target());
            String machine =
                    edge.from().qualified().substring(0, edge.from().qualified().indexOf('.'));
            String target = edge.on().target().contains(".")
                    ? edge.on().target()
                    : machine + "." + edge.on().target();
            assertEquals(target, edge.to().qualified(), edge.toString());
        }
        assertEquals(
                generated.stream().sorted().toList(), flat.stream().sorted().toList());
    }

    /**
     * The benchmark declares its own HostAgent and AppAgent, whose states do no work, so that it
     * measures dispatch and not the simulated desktop; their generated tables must be those of
     * agents-windows: the same states, initial and onError states, flags, targets and triggers. The
     * benchmark has no OperatorAgent (UFO's Word-then-Excel path never enters it), so ASSIGN's
     * hand-off to it is left out of the comparison.
     */
    @Test
    void theBenchmarkMachinesAreTheWindowsAgentsMachines() {
        assertEquals(
                shape(dev.agentfsm.agents.windows.HostAgentStateManager.instance()
                        .table()),
                shape(HostAgentStateManager.instance().table()));
        assertEquals(
                shape(dev.agentfsm.agents.windows.AppAgentStateManager.instance()
                        .table()),
                shape(AppAgentStateManager.instance().table()));
    }

    private static List<String> shape(TransitionTable<?> table) {
        List<String> lines = new ArrayList<>();
        lines.add(table.machine() + " initial " + table.initial() + ", onError " + table.onError() + ", fallback "
                + table.fallback());
        for (Status from : table.statuses()) {
            lines.add(from
                    + (from.isTerminal() ? " terminal" : "")
                    + (from.endsSubtask() ? " endsSubtask" : "")
                    + (from.endsRound() ? " endsRound" : ""));
            for (Move move : from.moves()) {
                if (!move.to().machine().name().equals("OperatorAgent")) {
                    lines.add("  -> " + move.to().qualifiedName() + " by " + move.trigger());
                }
            }
        }
        return lines;
    }

    @Test
    void methodNamesMatchTheBenchmarkMethods() {
        assertEquals("ufoStyleRegistry", Implementation.UFO_STYLE_REGISTRY.methodName());
        assertEquals(Implementation.RUNTIME_STEP, Implementation.byMethodName("runtimeStep"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Implementation.byMethodName("fast"));
        assertEquals(true, e.getMessage().contains("\"fast\""), e.getMessage());
        assertEquals(
                true,
                e.getMessage()
                        .endsWith("use one of generated, runtimeStep, runtimeRound, handWritten,"
                                + " ufoStyleRegistry, springStatemachine, squirrel, stateless4j"),
                e.getMessage());
    }
}
