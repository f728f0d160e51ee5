package dev.agentfsm.benchmarks.dispatch;

import com.github.oxo42.stateless4j.StateMachine;
import com.github.oxo42.stateless4j.StateMachineConfig;

/**
 * stateless4j 2.6.0: the flat machine configured once from {@link Edge#ALL}; the state lives in a
 * field the machine reads and writes, so starting a pass over is setting that field.
 */
final class Stateless4jDispatch implements Dispatch {
    private FlatState current = FlatState.H_CONTINUE;
    private final StateMachine<FlatState, Event> machine;

    Stateless4jDispatch() {
        StateMachineConfig<FlatState, Event> config = new StateMachineConfig<>();
        for (Edge edge : Edge.ALL) {
            if (edge.from() == edge.to()) {
                config.configure(edge.from()).permitReentry(edge.on()); // stateless4j's self-loop
            } else {
                config.configure(edge.from()).permit(edge.on(), edge.to());
            }
        }
        machine = new StateMachine<>(FlatState.H_CONTINUE, this::current, this::setCurrent, config);
    }

    private FlatState current() {
        return current;
    }

    private void setCurrent(FlatState state) {
        current = state;
    }

    @Override
    public int pass() {
        current = FlatState.H_CONTINUE;
        for (Event event : Scenario.EVENTS) {
            machine.fire(event);
        }
        return Scenario.EVENTS.length;
    }

    @Override
    public String state() {
        return machine.getState().qualified();
    }
}
