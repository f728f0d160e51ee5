package dev.agentfsm.processor.model;

/**
 * A state's own {@code next(agent, to)} method, which the generated dispatch calls instead of
 * moving by the agent's status; the flags say whether the generated code can call it.
 */
public record NextMethod(
        boolean isAccessible,
        boolean isStatic,
        boolean acceptsAgent,
        boolean returnsNext,
        boolean throwsChecked,
        Origin origin) {

    /** Whether the generated dispatch can call it as {@code state.next(agent, helper)}. */
    public boolean isCallable() {
        return acceptsAgent && isCallableWhateverTheAgent();
    }

    /**
     * Whether it would be callable but for its agent parameter: all that can be checked of a machine
     * without an agent class, whose agent type is that machine's one mistake.
     */
    public boolean isCallableWhateverTheAgent() {
        return isAccessible && !isStatic && returnsNext && !throwsChecked;
    }
}
