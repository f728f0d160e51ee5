package example;

import dev.agentfsm.runtime.BaseAgent;

/** The agent of Gate. */
public final class Gate$Agent extends BaseAgent {
    public Gate$Agent() {
        super("Gate");
    }
}
