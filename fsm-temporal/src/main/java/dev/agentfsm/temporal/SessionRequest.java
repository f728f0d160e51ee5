package dev.agentfsm.temporal;

import java.util.List;
import java.util.Objects;

/**
 * What a session is started with: the machine its agent runs and the requests, one round each, in
 * order (at most the agent's {@code maxRound}).
 *
 * @param machine the machine's name, as in {@code @StateMachine(name = ...)}: {@code "LinuxAgent"}
 * @param requests the requests, one per round
 */
public record SessionRequest(String machine, List<String> requests) {

    /** @throws IllegalArgumentException if there is no request */
    public SessionRequest {
        Objects.requireNonNull(machine, "machine");
        requests = List.copyOf(requests);
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("a session of " + machine + " needs at least one request");
        }
    }

    /** A session of {@code machine} with one round per request. */
    public static SessionRequest of(String machine, String... requests) {
        return new SessionRequest(machine, List.of(requests));
    }
}
