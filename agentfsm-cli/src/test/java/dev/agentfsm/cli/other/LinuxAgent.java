package dev.agentfsm.cli.other;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.AgentState;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.Optional;

/**
 * Another module's machine that is also named LinuxAgent, for the tests of a name that means two
 * machines; only its name and package are read.
 */
public final class LinuxAgent implements StateManager<Agent, AgentState<Agent>> {

    @Override
    public String name() {
        return "LinuxAgent";
    }

    @Override
    public Class<Agent> agentType() {
        throw new UnsupportedOperationException();
    }

    @Override
    public TransitionTable<?> table() {
        throw new UnsupportedOperationException();
    }

    @Override
    public AgentState<Agent> initial() {
        throw new UnsupportedOperationException();
    }

    @Override
    public AgentState<Agent> get(Status status) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AgentState<Agent> get(String status) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<AgentState<Agent>> find(String status) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Next next(Status from, Agent agent) {
        throw new UnsupportedOperationException();
    }
}
