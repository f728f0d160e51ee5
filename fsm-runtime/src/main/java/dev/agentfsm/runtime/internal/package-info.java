/**
 * Not part of the runtime's API: helpers other agent-fsm modules share with the runtime and that
 * users should not call. It is public only because Java has no narrower visibility across modules
 * without a module descriptor; it may change in any release without notice, and the Javadoc leaves it
 * out.
 *
 * <p>{@link dev.agentfsm.runtime.internal.SafeText} shows text from a model or a tool on a terminal
 * without letting it act on the terminal; {@link dev.agentfsm.runtime.internal.ApiKeys} and {@link
 * dev.agentfsm.runtime.internal.ProviderFailure} keep a provider's key and raw text out of an LLM client's
 * exceptions and their causes; {@link dev.agentfsm.runtime.internal.ToolPatterns} chooses
 * the tools a state offers from its {@code @Tools} patterns; {@link
 * dev.agentfsm.agents.kit.ScreenshotAnnotator} draws numbered labels on a screenshot.
 * It depends on the root and {@code device} packages only, and neither of them depends on it, so it
 * adds no cycle to the runtime's package graph.
 */
package dev.agentfsm.runtime.internal;
