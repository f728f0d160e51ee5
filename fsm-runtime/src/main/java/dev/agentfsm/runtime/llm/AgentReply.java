package dev.agentfsm.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An LLM reply that {@link ReplyGuard} accepted: valid JSON with a status the current state may move to.
 *
 * @param json the parsed reply
 * @param status the reply's status, trimmed and upper-cased
 * @param raw the reply's text as the model sent it
 */
public record AgentReply(JsonNode json, String status, String raw) {}
