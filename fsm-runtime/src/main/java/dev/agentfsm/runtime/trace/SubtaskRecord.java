package dev.agentfsm.runtime.trace;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** The JFR event of a subtask's end; see {@link JfrListener}. */
@Name(SubtaskRecord.NAME)
@Label("Agent FSM Subtask")
@Description("A subtask ended: a state that ends subtasks was entered and its handle ran")
@Category("agent-fsm")
@StackTrace(false)
final class SubtaskRecord extends StepEventRecord {
    static final String NAME = "dev.agentfsm.Subtask";

    @Label("Number")
    @Description("The subtask's number within the round, from 1")
    int number;

    @Label("Subtask")
    String subtask;

    @Label("Status")
    @Description("The status it ended in, Machine.STATUS")
    String status;

    @Label("Result")
    String result;
}
