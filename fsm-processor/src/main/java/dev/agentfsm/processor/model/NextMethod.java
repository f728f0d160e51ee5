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
        return isAccessible && !isStatic && acceptsAgent && returnsNext && !throwsChecked;
    }
}
