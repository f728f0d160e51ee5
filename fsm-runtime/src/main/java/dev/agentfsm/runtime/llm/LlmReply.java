package dev.agentfsm.runtime.llm;

/**
 * A chat model's reply.
 *
 * @param content the text of the reply (for agents, JSON)
 */
public record LlmReply(String content) {}
