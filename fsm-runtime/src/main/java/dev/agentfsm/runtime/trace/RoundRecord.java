package dev.agentfsm.runtime.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** The JFR event of a round's end; see {@link JfrListener}. */
@Name(RoundRecord.NAME)
@Label("Agent FSM Round")
@Description("How a round of an agent's state machine ended")
@Category("agent-fsm")
@StackTrace(false)
final class RoundRecord extends Event {
    static final String NAME = "dev.agentfsm.Round";

    @Label("Session")
    String session;

    @Label("Round")
    int round;

    @Label("Outcome")
    String outcome;

    @Label("Reason")
    String reason;

    @Label("Final Status")
    String finalStatus;

    @Label("Steps")
    int steps;

    @Label("Subtasks")
    @Description("How many subtasks ended in the round")
    int subtasks;

    @Label("Path")
    @Description("The statuses entered, Machine.STATUS, separated by spaces")
    String path;

    @Label("Error")
    String error;
}
