package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.runtime.Blackboard;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.function.Function;

/**
 * What a sub-agent (the {@link AppAgent}, the {@link OperatorAgent}) keeps of the subtask it works on,
 * and the work its PENDING, CONFIRM and FINISH/FAIL/ERROR states do with it, the same for both: the
 * {@link ActionGate} its actions pass (held there for CONFIRM), the plan, the questions for PENDING,
 * the result so far, and whether the user rejected the held action.
 *
 * @param <A> the agent's actions: a tool call for the AppAgent, a computer-use action for the Operator
 */
final class SubtaskWork<A> {
    private final ActionGate<A> gate;
    private List<String> plan = List.of();
    private List<String> questions = List.of();
    private String result = "";
    private boolean rejected;

    /**
     * @param executor runs an action on the device
     * @param describer describes an action for people: the user who confirms it, the LLM's next prompt
     */
    SubtaskWork(ActionGate.Executor<A> executor, Function<A, String> describer) {
        this.gate = new ActionGate<>(executor, describer);
    }

    ActionGate<A> gate() {
        return gate;
    }

    List<String> plan() {
        return plan;
    }

    /** MEMORY_UPDATE: the reply's plan and questions; its result, unless blank. */
    void remember(List<String> plan, List<String> questions, String result) {
        this.plan = List.copyOf(plan);
        this.questions = List.copyOf(questions);
        report(result);
    }

    /** Sets the subtask's result, unless {@code result} is blank. */
    void report(String result) {
        if (!result.isBlank()) {
            this.result = result;
        }
    }

    /** PENDING: the last reply's questions to the user (those {@code answers} holds are not asked), the answers onto {@code blackboard}. */
    void askQuestions(QaPairs answers, UserChannel user, RuntimeConfig config, Blackboard blackboard) {
        Questions.ask(questions, answers, user, config, blackboard);
    }

    /** CONFIRM: asks the user about the held action, described as the device is now; it runs when approved. */
    void confirm(UserChannel user, RuntimeConfig config, ActionGate.Describer<A> describeNow) throws DriverException {
        rejected = !gate.confirm(user, config, describeNow).approved();
    }

    /** Whether the user rejected the action CONFIRM asked about. */
    boolean rejected() {
        return rejected;
    }

    /**
     * FINISH, FAIL, ERROR: leaves the subtask for the host. Its result is the error's message in the
     * ERROR state, the rejected action's outcome when the user rejected it and the model said nothing
     * else, the reply's result otherwise.
     *
     * @param error whether {@code status} is the machine's ERROR state
     */
    void archive(Context context, String subtask, Status status, boolean error) {
        String outcome = error
                ? context.get(Context.ERROR).map(ErrorText::of).orElse(result)
                : result.isBlank() && rejected ? gate.lastOutcome().orElse("") : result;
        context.archive(new ArchivedSubtask(subtask, status, outcome));
    }

    /** Forgets the subtask: a new one starts. */
    void clear() {
        gate.clear();
        plan = List.of();
        questions = List.of();
        result = "";
        rejected = false;
    }
}
