package dev.agentfsm.diagrams;

/** A machine whose diagram could not be drawn; the message names the machine and the cause. */
public final class RenderException extends Exception {
    private static final long serialVersionUID = 1L;

    RenderException(String machine, Throwable cause) {
        super("the diagram of " + machine + " could not be drawn: " + cause, cause);
    }
}
