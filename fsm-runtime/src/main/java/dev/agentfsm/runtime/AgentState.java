package dev.agentfsm.runtime;

/**
 * One state of an agent's machine. States are declared with {@code @State} on classes that extend
 * the machine's {@code @StateMachine} base type; the generated state manager creates each once and
 * shares it, so a state keeps its data in the agent or the {@link Context}, never in its fields.
 *
 * <p>A state's name, terminal flags and transitions come from its annotations, not from methods.
 * A state may choose its next state in code by declaring
 * {@code public Next next(MyAgent agent, MyMachineMoves.MyState to)}; the generated dispatch calls it,
 * and {@code to} offers only the declared moves. Without it, a state with exactly one move within its
 * machine takes that move, and any other moves to the agent's {@link Agent#status()}.
 *
 * @param <A> the agent type the machine drives
 */
public interface AgentState<A extends Agent> {

    /**
     * The state's work, run each time the state is entered, terminal states included (where it is
     * the exit action). An exception moves the agent to the machine's {@code onError} state, or ends
     * the round with an {@code ERROR} result when the machine declares none.
     */
    default void handle(A agent, Context context) throws Exception {}
}
