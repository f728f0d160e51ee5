/**
 * An {@link dev.agentfsm.runtime.llm.LlmClient} for OpenAI-compatible chat-completions endpoints
 * (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp's server): {@link dev.agentfsm.openai.OpenAiCompatibleClient}.
 */
package dev.agentfsm.openai;
