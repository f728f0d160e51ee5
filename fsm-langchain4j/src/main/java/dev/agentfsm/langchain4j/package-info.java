/** An {@link dev.agentfsm.runtime.llm.LlmClient} over any LangChain4j chat model (work in progress). */
package dev.agentfsm.langchain4j;
