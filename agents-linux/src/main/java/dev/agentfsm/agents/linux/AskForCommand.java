package dev.agentfsm.agents.linux;

import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.pipeline.PhaseStrategy;
import dev.agentfsm.runtime.pipeline.ProcessingContext;

/** The LLM phase: builds the prompt, asks through the agent's reply guard, and sets the agent's status from the reply. */
final class AskForCommand implements PhaseStrategy<LinuxAgent> {
    private static final String ASKING_STATE = LinuxAgentStatus.CONTINUE.name();

    @Override
    public void run(LinuxAgent agent, ProcessingContext context) throws Exception {
        context.local().put(StepValues.STARTED, System.nanoTime());
        agent.listener().asking(agent.steps().size() + 1);
        AgentReply reply = agent.guard().ask(ASKING_STATE, LinuxPrompt.messages(agent, context.global()),
                LinuxPrompt.SCHEMA);
        agent.setStatus(reply.status());
        context.local().put(StepValues.REPLY, reply);
    }
}
