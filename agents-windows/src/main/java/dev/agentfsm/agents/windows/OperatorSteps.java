package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Rect;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.ChatMessage.Image;
import dev.agentfsm.runtime.llm.LlmException;
import java.util.List;
import java.util.Optional;

/**
 * The four phases of the Operator's CONTINUE step: the screen is observed as a {@link ScreenView},
 * the LLM's reply decides, its computer-use action runs (or waits for the user), and the step is
 * remembered.
 */
final class OperatorSteps {
    private static final String ROLE =
            """
            You are an Operator: you do one subtask in an application by acting on its screen, as a person \
            does with a mouse and a keyboard. You see a screenshot of the whole screen; coordinates are pixels \
            from its top-left corner. Reply with one JSON object holding at most one action: click or \
            double_click at x, y; type a text where the last click put the focus; keypress keys pressed \
            together, such as ["CTRL", "C"]; scroll at x, y by scroll_x, scroll_y; drag along a path of points \
            (to select a range or move something); wait. Reply CONTINUE to go on after the action, CONFIRM \
            with the action when the user must approve it before it runs (deleting, sending, paying), PENDING \
            with questions when you need the user's help, FINISH with what the subtask produced in result when \
            it is done or cannot be done.""";

    private OperatorSteps() {}

    /** DATA_COLLECTION: the screen's screenshot and its size, the space of the action's coordinates. */
    static ScreenView observe(OperatorAgent operator, Context context) throws DriverException {
        ScreenView view = operator.screen().look();
        operator.observed(view);
        return view;
    }

    /** LLM_INTERACTION: the decision of the Operator's model (chat completions or the Responses API), the status. */
    static OperatorDecision ask(OperatorAgent operator, Context context, ScreenView view) throws LlmException {
        OperatorDecision decision = operator.decisions().decide(operator, context, view);
        operator.setStatus(decision.status());
        return decision;
    }

    /** The chat-completions decision source: the prompt with the screenshot, the guarded reply in the computer-use shape. */
    static OperatorDecision chat(OperatorAgent operator, Context context, ScreenView view) throws LlmException {
        String text = new Prompt()
                .section("Request", context.get(Context.REQUEST).orElse(""))
                .section("Subtask", context.get(Context.SUBTASK).orElse(""))
                .section("Plan", operator.plan())
                .block(operator.blackboard().toPrompt())
                .section("Last action", operator.gate().lastOutcome().orElse(""))
                .section("Screen", view.width() + "x" + view.height() + " pixels")
                .section(
                        "Window", operator.window().map(OperatorSteps::describe).orElse(""))
                .text();
        List<ChatMessage> messages =
                List.of(ChatMessage.system(ROLE), ChatMessage.user(text, List.of(Image.png(view.screenshot()))));
        return OperatorDecision.of(UfoReply.of(
                operator.guard().ask(OperatorAgentStatus.CONTINUE, messages, Replies.OPERATOR_SCHEMA), "/action"));
    }

    /**
     * ACTION_EXECUTION: the action runs at its coordinates, or waits for the user when the status is CONFIRM.
     *
     * @return what happened, for the trajectory; empty when the reply asked for no action
     */
    static Optional<String> act(OperatorAgent operator, Context context, OperatorDecision decision)
            throws DriverException {
        boolean confirmFirst = decision.status() == OperatorAgentStatus.CONFIRM;
        return operator.gate().submit(decision.action(), confirmFirst, "the step: " + decision.thought());
    }

    /** MEMORY_UPDATE: plan, questions and result for the next states; the trajectory on the blackboard. */
    static void remember(
            OperatorAgent operator, Context context, StepRecord<ScreenView, OperatorDecision, Optional<String>> step) {
        OperatorDecision decision = step.decision();
        operator.remember(decision.plan(), decision.questions(), decision.result());
        operator.blackboard()
                .addTrajectory(Trajectory.of(
                        context,
                        operator,
                        context.get(Context.SUBTASK).orElse(""),
                        step.result().orElse(""),
                        decision.status()));
        String result = decision.result();
        if (operator.hostAgent().isEmpty() && !result.isBlank()) {
            context.put(Context.ROUND_RESULT, result); // on its own, the Operator answers the request itself
        }
    }

    static String describe(DesktopWindow window) {
        Rect b = window.bounds();
        return "'" + window.shownTitle() + "' (" + window.shownApp() + ") at (" + b.left() + ", " + b.top() + ") to ("
                + b.right() + ", " + b.bottom() + ")";
    }
}
