package dev.agentfsm.agents.linux;

import dev.agentfsm.runtime.device.Action;

/**
 * Hears a {@link LinuxAgent}'s steps as they happen, on the round's thread: for progress output. The
 * round's transitions are reported separately, to {@link dev.agentfsm.runtime.TransitionListener}s.
 */
public interface StepListener {

    /** A listener that does nothing. */
    StepListener NONE = new StepListener() {};

    /** The agent is about to ask the LLM for step {@code step}. */
    default void asking(int step) {}

    /** The agent is about to run {@code action} for step {@code step}. */
    default void running(int step, Action action) {}

    /** Step {@code step.number()} is done. */
    default void stepDone(LinuxStep step) {}
}
