package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.HostAgentStateManager;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;

/**
 * The runtime, a whole {@code Round} per pass, with no listeners and a context of its own: the
 * per-transition cost is the round's cost divided by its 9 transitions, so building the round, its
 * context and its result are part of it, as they are for every lone round an application runs.
 * {@link RuntimeStepDispatch} measures the steps alone.
 */
final class RuntimeRoundDispatch implements Dispatch {
    private final HostAgent host = Scenario.newHost();
    private String state = "";

    @Override
    public int pass() {
        host.rewind();
        RoundResult result =
                Round.of(HostAgentStateManager.instance(), host).build().run();
        if (!result.completed()) {
            throw new IllegalStateException("the round did not complete: " + result);
        }
        state = result.finalStatus().qualifiedName();
        return result.steps() - 1;
    }

    @Override
    public String state() {
        return state;
    }
}
