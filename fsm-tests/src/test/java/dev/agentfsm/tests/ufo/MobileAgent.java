package dev.agentfsm.tests.ufo;

/** The fixture MobileAgent: a machine with a fallback state. */
public final class MobileAgent extends ScriptedAgent {
    public MobileAgent() {
        super("MobileAgent");
    }
}
