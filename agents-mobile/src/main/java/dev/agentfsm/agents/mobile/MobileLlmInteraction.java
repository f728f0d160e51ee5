package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;

/** The LLM phase: builds the prompt, asks through the reply guard, and sets the agent's status from the reply. */
final class MobileLlmInteraction implements PhaseStrategy<MobileAgent> {
    /** The only state that asks the LLM. */
    private static final String ASKING_STATE = "CONTINUE";

    @Override
    public void run(MobileAgent agent, ProcessingContext context) throws Exception {
        AgentReply reply = agent.guard().ask(ASKING_STATE,
                MobilePrompt.messages(agent, context.global(), context.local()), MobilePrompt.SCHEMA);
        context.local().put(MobileStep.REPLY, reply);
        agent.setStatus(reply.status());
    }
}
