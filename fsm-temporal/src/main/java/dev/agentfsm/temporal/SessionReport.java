package dev.agentfsm.temporal;

import java.util.List;
import java.util.Objects;

/**
 * What a session's workflow returns: one report per request, in order; a round that could not start
 * because the session was cancelled or its step budget was spent says so.
 *
 * @param session the session's id, the workflow's id
 * @param rounds the rounds' reports
 */
public record SessionReport(String session, List<RoundReport> rounds) {
    public SessionReport {
        Objects.requireNonNull(session, "session");
        rounds = List.copyOf(rounds);
    }
}
