package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;

/**
 * What a {@link HostAgent} is built with and hands on to every {@link AppAgent} it creates: the
 * desktop, the LLM, the user, the runtime settings and whether AppAgents run in follower mode.
 */
record AgentSetup(DesktopDriver desktop, LlmClient llm, UserChannel user, RuntimeConfig config, boolean follower) {}
