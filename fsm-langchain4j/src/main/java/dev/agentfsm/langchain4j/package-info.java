/**
 * An {@link dev.agentfsm.runtime.llm.LlmClient} over any LangChain4j chat model ({@link
 * dev.agentfsm.langchain4j.LangChain4jClient}), and how a tool call the model makes through the provider's tool
 * calling becomes the agent's reply ({@link dev.agentfsm.langchain4j.ToolCallReply}).
 */
package dev.agentfsm.langchain4j;
