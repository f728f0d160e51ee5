package dev.agentfsm.runtime.user;

/** The user's decision on a confirmation. */
public enum Decision {
    /** Go ahead: the waiting action runs. */
    APPROVED,
    /** Don't: the waiting action never runs. */
    REJECTED,
    /** Nobody decided in time; treated as a rejection by the agents. */
    TIMED_OUT
}
