package dev.agentfsm.runtime.trace;

import jdk.jfr.Event;
import jdk.jfr.Label;

/**
 * What the JFR events that happen at a step of a round (a transition, a subtask's end) record first:
 * where it happened. JFR records a superclass's fields with each event's own; see {@link JfrListener}.
 */
abstract class StepEventRecord extends Event {
    @Label("Session")
    String session;

    @Label("Round")
    int round;

    @Label("Step")
    int step;

    @Label("Agent")
    String agent;

    @Label("Machine")
    String machine;

    /** Sets where the event happened: the session, round and step, and the agent and machine acting. */
    final void at(String session, int round, int step, String agent, String machine) {
        this.session = session;
        this.round = round;
        this.step = step;
        this.agent = agent;
        this.machine = machine;
    }
}
