package dev.agentfsm.temporal;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the workflow sends the worker to run one state's work: which state, for which agent, and the
 * values of the session that the workflow keeps (so that another worker can take over).
 *
 * @param session the session's id, the workflow's id
 * @param machine the session's machine, whose agent the worker creates for a session it does not know
 * @param round the round's number, from 1
 * @param request the round's request ({@link dev.agentfsm.runtime.Context#REQUEST})
 * @param previousRequest the request of the round before, which goes onto the blackboard when this round starts
 * @param status the qualified status of the state to run
 * @param agent the name of the agent in that state
 * @param roundStep the round's steps so far, this one included
 * @param sessionStep the session's steps so far, this one included
 * @param roundResult the round's result so far
 * @param error the failure that sent the round to its machine's {@code onError} state, if one did
 * @param replies the user's replies to what this state's work asked so far, in order
 */
record StepInput(
        String session,
        String machine,
        int round,
        String request,
        Optional<String> previousRequest,
        String status,
        String agent,
        int roundStep,
        int sessionStep,
        Optional<String> roundResult,
        Optional<String> error,
        List<UserReply> replies) {

    StepInput {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(previousRequest, "previousRequest");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(roundResult, "roundResult");
        Objects.requireNonNull(error, "error");
        replies = List.copyOf(replies);
    }

    /** The same step with {@code replies}, for running the state's work again. */
    StepInput withReplies(List<UserReply> replies) {
        return new StepInput(
                session,
                machine,
                round,
                request,
                previousRequest,
                status,
                agent,
                roundStep,
                sessionStep,
                roundResult,
                error,
                replies);
    }
}
