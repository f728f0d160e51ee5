package dev.agentfsm.agents.windows;

/** A piece of an agent's step that may throw, for code that notes the exception before passing it on. */
@FunctionalInterface
interface Step {
    void run() throws Exception;
}
