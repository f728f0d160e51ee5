package dev.agentfsm.runtime.llm;

import java.util.ArrayList;
import java.util.List;

/**
 * A model for the guard's tests that answers with the given replies in order and keeps the requests
 * it got (agents-kit's {@code ReplayLlmClient} does this for users; the runtime cannot depend on it).
 */
final class ScriptedModel implements LlmClient {
    private final List<String> replies;
    private final List<LlmRequest> requests = new ArrayList<>();

    private ScriptedModel(List<String> replies) {
        this.replies = List.copyOf(replies);
    }

    static ScriptedModel of(List<String> replies) {
        return new ScriptedModel(replies);
    }

    @Override
    public synchronized LlmReply complete(LlmRequest request) throws LlmException {
        requests.add(request);
        if (requests.size() > replies.size()) {
            throw new LlmException("The scripted model has no reply left for request " + requests.size());
        }
        return new LlmReply(replies.get(requests.size() - 1));
    }

    synchronized List<LlmRequest> requests() {
        return List.copyOf(requests);
    }
}
