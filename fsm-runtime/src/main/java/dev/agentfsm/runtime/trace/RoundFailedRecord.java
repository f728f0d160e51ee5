package dev.agentfsm.runtime.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JFR event of a round that an exception left with no end (a journal that could not be written, a replay that
 * diverged, an {@link Error}); see {@link JfrListener}. Without it a recording shows such a round's transitions and
 * then nothing, as if it were still running.
 */
@Name(RoundFailedRecord.NAME)
@Label("Agent FSM Round Failed")
@Description("A round of an agent's state machine that an exception left with no end")
@Category("agent-fsm")
@StackTrace(false)
final class RoundFailedRecord extends Event {
    static final String NAME = "dev.agentfsm.RoundFailed";

    @Label("Session")
    String session;

    @Label("Round")
    int round;

    @Label("Exception")
    @Description("The class of the exception that left the round")
    String exception;

    @Label("Message")
    @Description("The exception's message; absent when it has none")
    String message;
}
