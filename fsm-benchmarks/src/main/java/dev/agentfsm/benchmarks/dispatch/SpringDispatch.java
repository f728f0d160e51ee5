package dev.agentfsm.benchmarks.dispatch;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.StateMachineEventResult.ResultType;
import org.springframework.statemachine.access.StateMachineAccess;
import org.springframework.statemachine.config.StateMachineBuilder;
import org.springframework.statemachine.config.builders.StateMachineTransitionConfigurer;
import org.springframework.statemachine.config.configurers.StateConfigurer;
import org.springframework.statemachine.support.DefaultStateMachineContext;
import reactor.core.publisher.Mono;

/**
 * Spring Statemachine 4.0: the flat machine built once from {@link Edge#ALL} with its builder, no
 * Spring context; events are sent the reactive way (the blocking {@code sendEvent} is deprecated),
 * as messages built once. A pass starts over the way Spring restores a machine: stop, reset every
 * region to the initial state, start.
 */
final class SpringDispatch implements Dispatch {
    private final StateMachine<FlatState, Event> machine;
    private final List<Mono<Message<Event>>> events = new ArrayList<>();

    SpringDispatch() {
        try {
            StateMachineBuilder.Builder<FlatState, Event> builder = StateMachineBuilder.builder();
            StateConfigurer<FlatState, Event> states = builder.configureStates().withStates();
            states.initial(FlatState.H_CONTINUE).states(EnumSet.allOf(FlatState.class));
            StateMachineTransitionConfigurer<FlatState, Event> transitions = builder.configureTransitions();
            for (Edge edge : Edge.ALL) {
                transitions.withExternal().source(edge.from()).target(edge.to()).event(edge.on());
            }
            machine = builder.build();
        } catch (Exception e) {
            throw new IllegalStateException("Spring Statemachine refused the flat machine", e);
        }
        for (Event event : Scenario.EVENTS) {
            events.add(Mono.just(MessageBuilder.withPayload(event).build()));
        }
        machine.startReactively().block();
    }

    @Override
    public int pass() {
        machine.stopReactively().block();
        for (StateMachineAccess<FlatState, Event> region :
                machine.getStateMachineAccessor().withAllRegions()) {
            region.resetStateMachineReactively(new DefaultStateMachineContext<>(FlatState.H_CONTINUE, null, null, null))
                    .block();
        }
        machine.startReactively().block();
        for (Mono<Message<Event>> event : events) {
            StateMachineEventResult<FlatState, Event> result =
                    machine.sendEvent(event).blockLast();
            if (result == null || result.getResultType() != ResultType.ACCEPTED) {
                throw new IllegalStateException(
                        "Spring Statemachine did not accept " + event.block().getPayload() + " in "
                                + machine.getState().getId());
            }
        }
        return events.size();
    }

    @Override
    public String state() {
        return machine.getState().getId().qualified();
    }
}
