package dev.agentfsm.benchmarks.dispatch;

import org.squirrelframework.foundation.fsm.StateMachineBuilder;
import org.squirrelframework.foundation.fsm.StateMachineBuilderFactory;
import org.squirrelframework.foundation.fsm.impl.AbstractStateMachine;

/**
 * squirrel-foundation 0.3.10: the flat machine's builder is made once from {@link Edge#ALL}; each
 * pass runs on a new machine instance, as squirrel intends (builders are heavy and shared, machine
 * instances light and per use).
 */
final class SquirrelDispatch implements Dispatch {
    private final StateMachineBuilder<Machine, FlatState, Event, Void> builder;
    private Machine last;

    SquirrelDispatch() {
        builder = StateMachineBuilderFactory.create(Machine.class, FlatState.class, Event.class, Void.class);
        for (Edge edge : Edge.ALL) {
            builder.externalTransition().from(edge.from()).to(edge.to()).on(edge.on());
        }
    }

    @Override
    public int pass() {
        Machine machine = builder.newStateMachine(FlatState.H_CONTINUE);
        machine.start();
        for (Event event : Scenario.EVENTS) {
            machine.fire(event);
        }
        last = machine;
        return Scenario.EVENTS.length;
    }

    @Override
    public String state() {
        return last.getCurrentState().qualified();
    }

    /** The machine type squirrel instantiates; public because squirrel creates it reflectively. */
    public static final class Machine extends AbstractStateMachine<Machine, FlatState, Event, Void> {
        /** For squirrel. */
        public Machine() {}
    }
}
