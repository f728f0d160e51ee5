package dev.agentfsm.tests.ufo;

/** The fixture HostAgent; the app it assigns work to is set by the test. */
public final class HostAgent extends TestAgent {
    AppAgent active;

    public HostAgent() {
        super("HostAgent", null);
    }
}
