package dev.agentfsm.benchmarks.dispatch;

/**
 * The events of the flat machines: the target of a transition as the generated table names it
 * (a status, or {@code Machine.STATUS} for a hand-off), so each peer machine is the same table.
 */
enum Event {
    CONTINUE("CONTINUE"),
    ASSIGN("ASSIGN"),
    PENDING("PENDING"),
    CONFIRM("CONFIRM"),
    FINISH("FINISH"),
    FAIL("FAIL"),
    ERROR("ERROR"),
    SCREENSHOT("SCREENSHOT"),
    APP_AGENT_CONTINUE("AppAgent.CONTINUE"),
    HOST_AGENT_CONTINUE("HostAgent.CONTINUE"),
    HOST_AGENT_FINISH("HostAgent.FINISH");

    private final String target;

    Event(String target) {
        this.target = target;
    }

    /** The target as the generated table names it. */
    String target() {
        return target;
    }
}
