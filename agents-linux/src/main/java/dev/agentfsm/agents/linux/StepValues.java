package dev.agentfsm.agents.linux;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.AgentReply;

/** What one phase of a LinuxAgent step hands to the next, in the step-local context. */
final class StepValues {
    private StepValues() {}

    /** When the step started, from {@link System#nanoTime()}. */
    static final Context.Key<Long> STARTED = Context.Key.of("linux.started");

    /** The LLM's accepted reply. */
    static final Context.Key<AgentReply> REPLY = Context.Key.of("linux.reply");

    /** The action the reply asked for, when it asked for one. */
    static final Context.Key<Action> ACTION = Context.Key.of("linux.action");

    /** What the action did. */
    static final Context.Key<ActionResult> RESULT = Context.Key.of("linux.result");
}
