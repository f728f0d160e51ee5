package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.runtime.TransitionTable;
import java.util.List;

/**
 * Asks the LLM for a JSON reply and accepts it only when its status is one the current state may move
 * to. The status is read at a JSON pointer ({@code /status} for a host, {@code /action/status} for
 * app, Linux and mobile agents), trimmed and upper-cased. The prompt and the JSON schema offer only the
 * statuses the generated table lets the state reach by {@code Trigger.LLM}. A malformed reply, an
 * unknown status or an illegal one gets a corrective re-ask naming the valid statuses, up to
 * {@code jsonParsingRetry} re-asks in all; then {@link ReplyRejectedException}.
 *
 * <pre>{@code
 * ReplyGuard guard = ReplyGuard.of(llm, LinuxAgentTransitionTable.instance(), "/action/status", config.jsonParsingRetry());
 * AgentReply reply = guard.ask("CONTINUE", messages, schema);
 * agent.setStatus(reply.status());
 * }</pre>
 */
public final class ReplyGuard {
    // The API is the contract; the implementation lands with issue 4.

    private ReplyGuard() {
        throw new UnsupportedOperationException("issue 4");
    }

    /**
     * @param client the model
     * @param table the machine's generated table
     * @param statusPointer where the status is in the reply, as a JSON pointer
     * @param reasks corrective re-asks in all ({@code jsonParsingRetry}); 0 or more
     */
    public static ReplyGuard of(LlmClient client, TransitionTable table, String statusPointer, int reasks) {
        throw new UnsupportedOperationException("issue 4");
    }

    /** The statuses the state {@code from} may reach by {@code Trigger.LLM}, in declaration order. */
    public List<String> offeredStatuses(String from) {
        throw new UnsupportedOperationException("issue 4");
    }

    /**
     * Asks the model and returns the first acceptable reply.
     *
     * @param from the status of the state asking
     * @param messages the prompt; the guard appends the status instruction (and re-asks)
     * @param schema the reply's JSON schema; the guard restricts its status property to the offered statuses
     * @throws LlmException when the model cannot be reached
     * @throws ReplyRejectedException when every re-ask was spent
     */
    public AgentReply ask(String from, List<ChatMessage> messages, JsonNode schema) throws LlmException {
        throw new UnsupportedOperationException("issue 4");
    }
}
