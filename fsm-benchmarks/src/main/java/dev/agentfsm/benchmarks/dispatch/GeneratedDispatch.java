package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.HostAgentStateManager;
import dev.agentfsm.benchmarks.machines.HostAgentStatus;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.TransitionTable;

/**
 * The generated code without the runtime's {@code Round}: for each state entered, its {@code handle},
 * the table's round-end check, the generated {@code next(index, agent)}, the table's check of the
 * move, and the switch of state and agent. This is the loop a {@code Round} step runs, minus its
 * bookkeeping (listeners, path, step limit, result).
 */
final class GeneratedDispatch implements Dispatch {
    private final HostAgent host = Scenario.newHost();
    private final Context context = new Context();
    private StateManager<?, ?> machine = HostAgentStateManager.instance();
    private int index = HostAgentStatus.CONTINUE.ordinal();

    @Override
    public int pass() {
        host.rewind();
        StateManager<?, ?> at = HostAgentStateManager.instance();
        int current = HostAgentStatus.CONTINUE.ordinal();
        Agent agent = host;
        int transitions = 0;
        while (true) {
            handle(at, current, agent);
            TransitionTable table = at.table();
            if (table.endsRound(current)) {
                break;
            }
            Next next = next(at, current, agent);
            if (!next.isLegal() || !table.allows(current, next.target())) {
                throw new IllegalStateException("the table refused " + next);
            }
            at = next.machine();
            current = next.index();
            agent = next.agent(agent);
            transitions++;
        }
        machine = at;
        index = current;
        return transitions;
    }

    // The managers are typed by their agent; the loop carries the agent a Next hands it, so it is
    // of the manager's agent type by construction.
    @SuppressWarnings("unchecked")
    private void handle(StateManager<?, ?> at, int current, Agent agent) {
        AgentState<Agent> state = (AgentState<Agent>) at.state(current);
        try {
            state.handle(agent, context);
        } catch (Exception e) {
            throw new IllegalStateException("a benchmark handler failed", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Next next(StateManager<?, ?> at, int current, Agent agent) {
        return ((StateManager<Agent, ?>) at).next(current, agent);
    }

    @Override
    public String state() {
        return machine.machine() + "." + machine.table().statuses().get(index);
    }
}
