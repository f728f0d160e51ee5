package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for a model: its reply is a function of the prompt ("count N" gives add N+1; REST every
 * fifth item, FINISH at the target), as a real model's would be of what it reads, so that a resumed
 * process gets the same answers without a recording. Counts the calls that reached it.
 */
public final class CountingModel implements LlmClient {
    private static final Pattern COUNT = Pattern.compile("count (\\d+)");

    private final int target;
    private final AtomicInteger calls = new AtomicInteger();

    public CountingModel(int target) {
        this.target = target;
    }

    @Override
    public LlmReply complete(LlmRequest request) {
        calls.incrementAndGet();
        Matcher count = COUNT.matcher(
                request.messages().get(request.messages().size() - 1).text());
        if (!count.find()) {
            throw new IllegalArgumentException("no count in the prompt: " + request.messages());
        }
        int next = Integer.parseInt(count.group(1)) + 1;
        String status = next >= target ? "FINISH" : next % 5 == 0 ? "REST" : "WORK";
        return new LlmReply("{\"add\": " + next + ", \"status\": \"" + status + "\"}");
    }

    /** How many calls reached the model. */
    public int calls() {
        return calls.get();
    }
}
