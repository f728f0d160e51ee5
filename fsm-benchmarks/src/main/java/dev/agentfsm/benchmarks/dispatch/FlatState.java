package dev.agentfsm.benchmarks.dispatch;

/** The fourteen states of both machines in one enum, for the implementations that know no hand-off. */
enum FlatState {
    H_CONTINUE("HostAgent.CONTINUE"),
    H_ASSIGN("HostAgent.ASSIGN"),
    H_PENDING("HostAgent.PENDING"),
    H_CONFIRM("HostAgent.CONFIRM"),
    H_FINISH("HostAgent.FINISH"),
    H_FAIL("HostAgent.FAIL"),
    H_ERROR("HostAgent.ERROR"),
    A_CONTINUE("AppAgent.CONTINUE"),
    A_SCREENSHOT("AppAgent.SCREENSHOT"),
    A_PENDING("AppAgent.PENDING"),
    A_CONFIRM("AppAgent.CONFIRM"),
    A_FINISH("AppAgent.FINISH"),
    A_FAIL("AppAgent.FAIL"),
    A_ERROR("AppAgent.ERROR");

    private final String qualified;

    FlatState(String qualified) {
        this.qualified = qualified;
    }

    /** The state as {@code Machine.STATUS}. */
    String qualified() {
        return qualified;
    }
}
