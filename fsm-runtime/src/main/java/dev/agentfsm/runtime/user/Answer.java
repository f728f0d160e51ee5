package dev.agentfsm.runtime.user;

import java.time.Duration;

/** The user's answer to a question: given, or not given in time. */
public sealed interface Answer permits Answer.Given, Answer.TimedOut {

    /**
     * The user answered.
     *
     * @param text the answer
     */
    record Given(String text) implements Answer {}

    /**
     * Nobody answered in time.
     *
     * @param after how long was waited
     */
    record TimedOut(Duration after) implements Answer {}
}
