/**
 * Coverage paths for JUnit 5. {@link dev.agentfsm.testing.CoveragePlan} computes, from a generated
 * machine, a small set of paths from its initial state that together take every declared transition;
 * {@link dev.agentfsm.testing.PathTests} runs each path as a dynamic test against the real machine,
 * with a scripted LLM and user built from the path, and reports the machine's
 * {@link dev.agentfsm.testing.TransitionCoverage}.
 */
package dev.agentfsm.testing;
