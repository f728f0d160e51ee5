package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.user.UserChannel;

/**
 * Creates a session's agent on a worker: the object its states act on, with its LLM client and
 * device driver. A worker calls it once per session it takes, when the session starts or when it
 * takes the session over from a worker that is gone; the agent then lives on that worker until the
 * session ends.
 *
 * <pre>{@code
 * AgentFactory agents = (session, machine, user) -> LinuxAgent.builder(shell, llm).user(user).build();
 * }</pre>
 */
@FunctionalInterface
public interface AgentFactory {

    /**
     * The agent for session {@code session} of {@code machine}.
     *
     * @param session the session's id, the workflow's id
     * @param machine the machine the session runs; the agent must be of its {@link StateManager#agentType()}
     * @param user the channel the agent's PENDING and CONFIRM states must use to reach the user: their
     *     questions become the session's {@link SessionView#waiting()}, and the answers arrive as the
     *     workflow's updates
     * @throws Exception if the agent cannot be made; the worker tries again as Temporal retries the activity
     */
    Agent create(String session, StateManager<?, ?> machine, UserChannel user) throws Exception;
}
