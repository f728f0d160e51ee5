package dev.agentfsm.processor.model;

/**
 * A state's {@code @Timeout}: how long it may take, as written, and the state it goes to then.
 *
 * @param after the {@code after} value as written (an ISO-8601 duration when valid)
 * @param target the {@code to} value; its origin points at it
 * @param afterOrigin the {@code after} value, for errors about the duration
 */
public record TimeoutModel(String after, StateRef target, Origin afterOrigin) {}
