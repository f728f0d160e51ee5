package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.runtime.Agent;

/**
 * UFO's round loop over {@link UfoStates}: while the state does not end the round, handle, then
 * take the next state and the next agent from the state that just ran.
 */
final class UfoRegistryDispatch implements Dispatch {
    private final HostAgent host = Scenario.newHost();
    private UfoState last = UfoStates.HOST.get("CONTINUE");

    @Override
    public int pass() {
        host.rewind();
        UfoState state = UfoStates.HOST.get("CONTINUE");
        Agent agent = host;
        int transitions = 0;
        while (!state.isRoundEnd()) {
            state.handle(agent);
            UfoState next = state.nextState(agent);
            agent = state.nextAgent(agent);
            state = next;
            transitions++;
        }
        last = state;
        return transitions;
    }

    @Override
    public String state() {
        return (last instanceof UfoStates.Host ? "HostAgent." : "AppAgent.") + last.name();
    }
}
