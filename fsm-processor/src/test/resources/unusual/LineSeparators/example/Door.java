package example;

import dev.agentfsm.annotations.State;
import dev.agentfsm.annotations.StateMachine;
import dev.agentfsm.annotations.Terminal;
import dev.agentfsm.annotations.Transition;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;

/**
 * Texts with the characters Java does not take for line breaks but JavaPoet does (U+2028, U+2029,
 * U+0085), and backslashes that must not form unicode escapes.
 */
public final class Door {
    @StateMachine(name = "Door", initial = Open.class, description = "Reads C:\\users and \\u0041")
    public abstract static class Base implements AgentState<Agent> {}

    @State(value = "OPEN", description = "Opens\u2028the door")
    @Transition(to = Closed.class, by = Trigger.LLM, when = "C:\\users\\done exists\u2029or\u0085not")
    @Transition(to = Open.class, by = Trigger.LLM, when = "\u2028")
    public static final class Open extends Base {}

    @State(value = "CLOSED", description = "closed \\uZZZZ")
    @Terminal(endsRound = true)
    public static final class Closed extends Base {}
}
