package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;

/**
 * What a {@link HostAgent} is built with and hands on to every {@link AppAgent} it creates: the
 * desktop, the LLM, the user and whether AppAgents run in follower mode. The runtime settings are
 * each agent's {@code config()}.
 */
record AgentSetup(DesktopDriver desktop, LlmClient llm, UserChannel user, boolean follower) {}
