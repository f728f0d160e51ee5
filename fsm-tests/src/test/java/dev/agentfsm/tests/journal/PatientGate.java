package dev.agentfsm.tests.journal;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Timeout;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;

/**
 * {@link Gate} with a time-out of a minute instead of 0.3 s, for the tests whose event, cancellation
 * or failure must come before the deadline: on a slow or loaded machine 0.3 s can pass before the
 * test thread gets to deliver it, and the round would close by itself. The minute only bounds a hang.
 */
public final class PatientGate {
    private PatientGate() {}

    @StateMachine(
            name = "PatientGate",
            initial = Wait.class,
            onError = Broken.class,
            description = "Waits for an external event, with a declared time-out that only bounds a hang")
    public abstract static class Base implements AgentState<GateAgent> {}

    @State(value = "WAIT", description = "Wait for an open or shut event")
    @Timeout(after = "PT1M", to = Closed.class)
    @Transition(to = Open.class, by = Trigger.USER, when = "an open event came")
    @Transition(to = Shut.class, by = Trigger.USER, when = "a shut event came")
    @Transition(to = Closed.class, by = Trigger.TIMEOUT, when = "no event within a minute")
    public static final class Wait extends Base {
        @Override
        public void handle(GateAgent agent, Context context) throws Exception {
            agent.waitForEvent(context);
        }
    }

    @State("OPEN")
    @Terminal(endsRound = true)
    public static final class Open extends Base {}

    @State("SHUT")
    @Terminal(endsRound = true)
    public static final class Shut extends Base {}

    @State(value = "CLOSED", description = "Closed by itself: nobody came in time")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}

    @State(value = "BROKEN", description = "The wait failed")
    @Terminal(endsRound = true)
    public static final class Broken extends Base {}
}
