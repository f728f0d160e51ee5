/**
 * Talking to a model: the {@link dev.agentfsm.runtime.llm.LlmClient} SPI, an OpenAI-compatible client, replay
 * files and the reply guard. API, with {@code LlmClient} as its SPI.
 */
package dev.agentfsm.runtime.llm;
