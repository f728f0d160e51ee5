package dev.agentfsm.runtime;

import java.nio.channels.ClosedByInterruptException;

/**
 * What a round does with one state, shared by {@link dev.agentfsm.runtime.Round} and fsm-temporal's
 * worker so that both run a state's work, ask for its next state and tell an interrupt from a failure
 * the same way. Not API: see the package's documentation.
 */
final class StateWork {
    /** How deep {@link #interrupted} looks into an exception's causes. */
    private static final int MAX_CAUSES = 32;

    private StateWork() {}

    /** Runs the {@code handle} of {@code status}'s state on {@code agent}, through the status's own machine. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the status's own machine drives the agent the round gave it
    public static void handle(Status status, Agent agent, Context context) throws Exception {
        ((AgentState) status.machine().get(status)).handle(agent, context);
    }

    /** The move {@code status}'s state chooses for {@code agent}, as its machine's generated dispatch gives it. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // as for handle: the status's machine is the agent's
    public static Next decide(Status status, Agent agent) {
        return ((StateManager) status.machine()).next(status, agent);
    }

    /**
     * Whether {@code e} ended the state's work because the thread was interrupted: the flag is still
     * set, or an {@link InterruptedException} (or a channel closed by the interrupt) is among its causes.
     */
    public static boolean interrupted(Exception e) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        Throwable cause = e;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof InterruptedException || cause instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }
}
