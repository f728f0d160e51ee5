package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the Operator's model decided in one CONTINUE step, whichever protocol it spoke: the status the
 * Operator moves on with, the computer-use action to run (or to hold for CONFIRM), and what the step
 * leaves for the next states. The chat-completions path reads one from the guarded JSON reply
 * ({@link #of(UfoReply)}), the Responses API path from a response's output items
 * ({@link ComputerCallReader}).
 *
 * @param status CONTINUE, PENDING, CONFIRM or FINISH
 * @param action the action; empty when the step asks for none
 * @param thought why, for the user asked to confirm a step without an action
 * @param plan the steps still to do, for the next prompt
 * @param questions the questions for the user, with PENDING
 * @param result what the subtask produced, for FINISH
 */
record OperatorDecision(
        OperatorAgentStatus status,
        Optional<ComputerAction> action,
        String thought,
        List<String> plan,
        List<String> questions,
        String result) {
    OperatorDecision {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(thought, "thought");
        plan = List.copyOf(plan);
        questions = List.copyOf(questions);
        Objects.requireNonNull(result, "result");
    }

    /** The decision of a chat-completions reply in the Operator's JSON shape (operator-reply.schema.json). */
    static OperatorDecision of(UfoReply reply) {
        if (!(reply.status() instanceof OperatorAgentStatus status)) {
            throw new IllegalArgumentException(
                    "the reply's status " + reply.status().qualifiedName() + " is not an Operator's status");
        }
        return new OperatorDecision(
                status,
                ComputerActionReader.parse(reply.computerAction()),
                reply.thought(),
                reply.plan(),
                reply.questions(),
                reply.result());
    }
}
