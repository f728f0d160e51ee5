package dev.agentfsm.runtime.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** The JFR event of one transition; see {@link JfrListener}. */
@Name(TransitionRecord.NAME)
@Label("Agent FSM Transition")
@Description("A move of an agent's state machine that the runtime allowed")
@Category("agent-fsm")
@StackTrace(false)
final class TransitionRecord extends StepEventRecord {
    static final String NAME = "dev.agentfsm.Transition";

    @Label("From")
    String from;

    @Label("To")
    @Description("STATUS, or Machine.STATUS for a hand-off")
    String to;

    @Label("Trigger")
    String trigger;

    @Label("Step Duration")
    @Description("handle() plus the decision")
    @Timespan(Timespan.NANOSECONDS)
    long stepDuration;
}
