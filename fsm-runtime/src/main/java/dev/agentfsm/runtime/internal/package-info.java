/**
 * Not part of the runtime's API: code that other agent-fsm modules share with the runtime and that
 * users should not call. It is public only because Java has no narrower visibility across modules;
 * it may change in any release without notice.
 *
 * <p>{@link dev.agentfsm.runtime.internal.RoundDecider} is the round's one decider: given how a state's
 * work ended ({@link dev.agentfsm.runtime.internal.WorkEnd}), it says what follows
 * ({@link dev.agentfsm.runtime.internal.Decision}), for {@link dev.agentfsm.runtime.Round} and for
 * fsm-temporal's workflow alike. {@link dev.agentfsm.runtime.internal.RoundReasons} holds the words a
 * round ends with, so that fsm-temporal's workflow rounds end word for word as the embedded ones;
 * {@link dev.agentfsm.runtime.internal.StepBudget} counts their steps alike, and
 * {@link dev.agentfsm.runtime.internal.StateWork} runs a state's work and asks for its next state.
 */
package dev.agentfsm.runtime.internal;
