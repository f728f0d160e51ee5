package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.HostAgentStatus;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;

/**
 * The generated code without the runtime's {@code Round}: for each state entered, its {@code handle},
 * the status's round-end flag, the generated {@code next(status, agent)} (which checks the move
 * against the declared ones), and the switch of state and agent. This is the loop a {@code Round}
 * step runs, minus its bookkeeping (listeners, path, step limit, result).
 */
final class GeneratedDispatch implements Dispatch {
    private final HostAgent host = Scenario.newHost();
    private final Context context = new Context();
    private Status last = HostAgentStatus.CONTINUE;

    @Override
    public int pass() {
        host.rewind();
        Status current = HostAgentStatus.CONTINUE;
        Agent agent = host;
        int transitions = 0;
        while (true) {
            handle(current, agent);
            if (current.endsRound()) {
                break;
            }
            Next next = next(current, agent);
            if (!next.isLegal()) {
                throw new IllegalStateException("the table refused " + next);
            }
            current = next.to();
            // as the Round's step takes the agent (StateStep.chose)
            agent = next.isHandOff() ? next.agent().orElseThrow() : agent;
            transitions++;
        }
        last = current;
        return transitions;
    }

    // The managers are typed by their agent; the loop carries the agent a Next hands it, so it is
    // of the manager's agent type by construction.
    @SuppressWarnings("unchecked")
    private void handle(Status current, Agent agent) {
        AgentState<Agent> state = (AgentState<Agent>) current.machine().get(current);
        try {
            state.handle(agent, context);
        } catch (Exception e) {
            throw new IllegalStateException("a benchmark handler failed", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Next next(Status current, Agent agent) {
        return ((StateManager<Agent, ?>) current.machine()).next(current, agent);
    }

    @Override
    public String state() {
        return last.qualifiedName();
    }
}
