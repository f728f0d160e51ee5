package dev.agentfsm.runtime.llm;

import dev.agentfsm.runtime.Status;
import java.util.Optional;

/**
 * A further check of a reply whose status {@link ReplyGuard} accepted, such as "the tool it calls is
 * offered in this state and its arguments match the tool's JSON Schema". A reply with a problem gets
 * the same corrective re-ask as a bad status, within the same count of re-asks, and the tool is never
 * called with it.
 */
@FunctionalInterface
public interface ReplyRule {

    /**
     * What is wrong with {@code reply}, as a sentence fragment addressed to the model (it follows
     * "Your reply was rejected: "); empty when the reply is fine. Text quoted from the reply is
     * escaped and cut ({@link dev.agentfsm.runtime.SafeText#line}).
     *
     * @param from the status of the state asking
     * @param reply the reply, its status already accepted
     */
    Optional<String> problem(Status from, AgentReply reply);
}
