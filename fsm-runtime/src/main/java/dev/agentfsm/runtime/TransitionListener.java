package dev.agentfsm.runtime;

/**
 * Hears every transition a round makes, every subtask that ends, and how each round ends. Listeners run on the round's thread,
 * in order; a listener that throws ends the round as {@link Outcome#ERROR}. Built-in listeners are
 * in {@code dev.agentfsm.runtime.trace}.
 */
public interface TransitionListener {

    /** Called after the table allowed a move and before the target state runs. */
    void onTransition(TransitionEvent event);

    /**
     * Called when a subtask ends: after the {@code handle} of a state with
     * {@code @Terminal(endsSubtask = true)} ran, before the round moves on (or ends, when the state also
     * ends the round). See {@link SubtaskEvent} for which subtask it carries. Does nothing by default.
     */
    default void onSubtaskEnd(SubtaskEvent event) {}

    /** Called once when a round ends, whatever the outcome. */
    default void onRoundEnd(String session, int round, RoundResult result) {}
}
