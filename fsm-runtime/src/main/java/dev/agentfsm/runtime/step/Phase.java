package dev.agentfsm.runtime.step;

/** The four phases of an agent's step, in the order they run (UFO's processing phases). */
public enum Phase {
    /** Observe the device: screenshots, UI trees, window or app lists; what the prompt is made of. */
    DATA_COLLECTION,
    /** Build the prompt, ask the LLM, parse its reply and status. */
    LLM_INTERACTION,
    /** Run the action the LLM chose. */
    ACTION_EXECUTION,
    /** Record the step: memory, blackboard, promoted results. */
    MEMORY_UPDATE
}
