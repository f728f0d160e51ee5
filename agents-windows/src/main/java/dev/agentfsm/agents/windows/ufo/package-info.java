/**
 * What the Windows agents share about UFO's replies: {@link dev.agentfsm.agents.windows.ufo.UfoReply}, the
 * reply's fields read once. It depends on fsm-runtime only, never on the agents.
 */
package dev.agentfsm.agents.windows.ufo;
