package dev.agentfsm.temporal;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A running (or finished) session as its workflow sees it now: what {@link SessionHandle#view()} returns.
 *
 * @param session the session's id
 * @param round the number of the current round, from 1 (the last one once the session is over)
 * @param status the qualified status of the current state, {@code "LinuxAgent.CONTINUE"}
 * @param agent the name of the agent in that state
 * @param path the qualified statuses the current round has entered so far, the current one last
 * @param steps the session's steps so far, out of its {@code maxStep}
 * @param waiting what the session waits for from its user, if it waits
 * @param rounds the reports of the rounds that have ended
 * @param finished whether the session is over
 */
public record SessionView(
        String session,
        int round,
        String status,
        String agent,
        List<String> path,
        int steps,
        Optional<Asked> waiting,
        List<RoundReport> rounds,
        boolean finished) {

    public SessionView {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(agent, "agent");
        path = List.copyOf(path);
        Objects.requireNonNull(waiting, "waiting");
        rounds = List.copyOf(rounds);
    }
}
