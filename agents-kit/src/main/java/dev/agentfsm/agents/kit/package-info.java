/**
 * What device agents built on fsm-runtime share, beside the runtime itself: {@link
 * dev.agentfsm.agents.kit.AgentStep}, UFO's four phases as a typed pipeline; {@link
 * dev.agentfsm.agents.kit.UfoReply}, a UFO reply's fields read once; {@link
 * dev.agentfsm.agents.kit.ScreenshotAnnotator}, numbered labels on a screenshot; {@link
 * dev.agentfsm.agents.kit.ConsoleUserChannel}, a person at a terminal; and {@link
 * dev.agentfsm.agents.kit.ReplayLlmClient}, recorded model replies for tests and demos.
 */
package dev.agentfsm.agents.kit;
