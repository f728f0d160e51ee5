package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.AgentReply;
import java.util.List;

/** What the phases of one MobileAgent step hand each other, in the step-local context. */
final class MobileStep {
    static final Context.Key<byte[]> SCREENSHOT = Context.Key.of("mobile.screenshot");
    static final Context.Key<byte[]> ANNOTATED_SCREENSHOT = Context.Key.of("mobile.annotated_screenshot");
    static final Context.Key<List<String>> APPS = Context.Key.of("mobile.apps");
    static final Context.Key<List<Control>> CONTROLS = Context.Key.of("mobile.controls");
    static final Context.Key<AgentReply> REPLY = Context.Key.of("mobile.reply");
    static final Context.Key<Action> ACTION = Context.Key.of("mobile.action");
    static final Context.Key<ActionResult> ACTION_RESULT = Context.Key.of("mobile.action_result");

    private MobileStep() {}
}
