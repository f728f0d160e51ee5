package dev.agentfsm.agents.windows;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.runtime.llm.ChatMessage;

/** Reads back what a replayed model was asked, for tests of the Operator's prompts. */
public final class Prompts {
    private Prompts() {}

    /** The text of the last user message the model got in request {@code n}. */
    public static String prompt(ReplayLlmClient llm, int n) {
        return llm.requests().get(n).messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::text)
                .reduce((a, b) -> b)
                .orElseThrow();
    }

    /** The "Last action" section of the prompt of request {@code n}: what the action before it did. */
    public static String lastAction(ReplayLlmClient llm, int n) {
        String text = prompt(llm, n);
        int start = text.indexOf("[Last action:]\n");
        assertTrue(start >= 0, "request " + n + " has no last action:\n" + text);
        int end = text.indexOf("\n[", start + 1);
        return text.substring(start + "[Last action:]\n".length(), end < 0 ? text.length() : end)
                .strip();
    }
}
