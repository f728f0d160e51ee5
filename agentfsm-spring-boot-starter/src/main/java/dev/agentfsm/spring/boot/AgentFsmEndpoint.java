package dev.agentfsm.spring.boot;

import dev.agentfsm.runtime.Status;
import java.util.List;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The Actuator endpoint {@code agentfsm} ({@code /actuator/agentfsm} once exposed with
 * {@code management.endpoints.web.exposure.include=agentfsm}): the machines on the class path with their
 * states, and the most recent sessions with their current state and last outcome.
 */
@Endpoint(id = "agentfsm")
public class AgentFsmEndpoint {
    private final AgentFsmMachines machines;
    private final AgentFsmSessions sessions;

    public AgentFsmEndpoint(AgentFsmMachines machines, AgentFsmSessions sessions) {
        this.machines = machines;
        this.sessions = sessions;
    }

    /** What the endpoint answers. */
    @ReadOperation
    public Report report() {
        return new Report(
                machines.list().stream()
                        .map(machine -> new Machine(
                                machine.name(),
                                machine.table().initial().name(),
                                machine.table().statuses().stream()
                                        .map(Status::name)
                                        .toList()))
                        .toList(),
                sessions.sessions());
    }

    /**
     * The endpoint's answer.
     *
     * @param machines the machines on the class path
     * @param sessions the most recent sessions, oldest first
     */
    public record Report(List<Machine> machines, List<AgentFsmSessions.SessionState> sessions) {}

    /**
     * A machine on the class path.
     *
     * @param name its name
     * @param initial its initial state
     * @param states its states
     */
    public record Machine(String name, String initial, List<String> states) {}
}
