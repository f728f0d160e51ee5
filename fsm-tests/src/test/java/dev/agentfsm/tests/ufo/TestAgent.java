package dev.agentfsm.tests.ufo;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Blackboard;
import java.util.Optional;

/** A plain agent for the fixture machines: a name, a status, and maybe a host. */
public class TestAgent implements Agent {
    private final String name;
    private final TestAgent host;
    private final Blackboard blackboard = new Blackboard();
    private String status = "";

    TestAgent(String name, TestAgent host) {
        this.name = name;
        this.host = host;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String status() {
        return status;
    }

    @Override
    public void setStatus(String status) {
        this.status = status;
    }

    @Override
    public Blackboard blackboard() {
        return host != null ? host.blackboard() : blackboard;
    }

    @Override
    public Optional<TestAgent> host() {
        return Optional.ofNullable(host);
    }
}
