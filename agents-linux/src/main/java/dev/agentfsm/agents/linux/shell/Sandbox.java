package dev.agentfsm.agents.linux.shell;

/**
 * Where the shell driver runs a command, away from the agent: as which user and in which namespaces.
 * When it starts, the driver picks the strongest one this system allows ({@link ShellDriver#sandbox()}):
 * as root, {@link #NOBODY_IN_PID_NAMESPACE} (or {@link #NOBODY} where {@code unshare --pid} is not
 * permitted); as another user, {@link #OWN_NAMESPACES} where user namespaces are available, else
 * {@link #NONE}. Every command also runs in a session of its own (no terminal), with resource limits,
 * and dies with the agent.
 */
public enum Sandbox {
    /**
     * As user {@code nobody} (uid 65534) in a PID namespace of its own: the agent's
     * {@code /proc/<pid>/environ} is not readable, and every process the command starts, even a daemon
     * that forked twice, dies with it and with the agent.
     */
    NOBODY_IN_PID_NAMESPACE(
            "as user nobody (uid 65534) in a PID namespace of their own: they cannot read the"
                    + " agent's environment, and every process they start dies with them and with the agent",
            true,
            true),
    /**
     * As user {@code nobody} (uid 65534), without a PID namespace: the agent's environment is not readable,
     * but a process that leaves the command's session can outlive it.
     */
    NOBODY(
            "as user nobody (uid 65534), without a PID namespace (unshare --pid is not permitted here): they cannot"
                    + " read the agent's environment, but a process that leaves their session can outlive them",
            true,
            false),
    /**
     * As the agent's own user, in user, PID and mount namespaces of its own with its own {@code /proc}: the
     * agent's process is not visible, and every process the command starts dies with it and with the
     * agent; the agent's user's files stay readable.
     */
    OWN_NAMESPACES(
            "as the agent's user in user, PID and mount namespaces of their own with their own /proc: they"
                    + " cannot see the agent's process or environment but can read its user's files, and every process"
                    + " they start dies with them and with the agent",
            true,
            true),
    /**
     * As the agent's own user, with no namespace (neither root nor user namespaces are available): a
     * command can read the agent's environment, where an API key may be.
     */
    NONE(
            "as the agent's user with no namespace (neither root nor user namespaces are available): they can read"
                    + " the agent's environment (/proc/PID/environ, where an API key may be), and a process that leaves"
                    + " their session can outlive them",
            false,
            false);

    private final String description;
    private final boolean hidesAgent;
    private final boolean containsEveryProcess;

    Sandbox(String description, boolean hidesAgent, boolean containsEveryProcess) {
        this.description = description;
        this.hidesAgent = hidesAgent;
        this.containsEveryProcess = containsEveryProcess;
    }

    /** One sentence for people: how commands run and what that protects, e.g. for the start-up line. */
    public String description() {
        return "commands run " + description;
    }

    /** Whether a command cannot read the agent's environment ({@code /proc/<agent pid>/environ}, {@code ps e}). */
    public boolean hidesAgentEnvironment() {
        return hidesAgent;
    }

    /**
     * Whether every process a command starts is killed with it and with the agent (even when the agent is
     * killed with SIGKILL), including processes that started a session of their own.
     */
    public boolean containsEveryProcess() {
        return containsEveryProcess;
    }

    /** Whether commands run as user {@code nobody} rather than as the agent's user. */
    boolean runsAsNobody() {
        return this == NOBODY_IN_PID_NAMESPACE || this == NOBODY;
    }
}
