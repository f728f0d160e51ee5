package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.OperatorSteps.ScreenView;
import dev.agentfsm.agents.windows.OperatorSteps.Target;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.step.AgentStep;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * UFO's Operator agent (its {@code OpenAIOperatorAgent}, dead code in UFO v3), working: a computer-use
 * agent that sees a screenshot of the whole screen and answers with one action at screen coordinates
 * (click, double-click, type, keypress, scroll, drag, wait; see {@link ComputerAction}) or a status.
 * The coordinates resolve to the controls of the desktop's windows. A {@link HostAgent} hands it the
 * subtasks of the applications configured with {@link HostAgent.Builder#operatorFor(String)}, and gets
 * control back at FINISH; built with {@link #builder}, it works on its own and ends in ALLFINISH.
 *
 * <pre>{@code
 * OperatorAgent operator = OperatorAgent.builder(desktop, llm, user).config(config).build();
 * RoundResult result = Round.of(OperatorAgentStateManager.instance(), operator)
 *         .context(new Context().put(Context.REQUEST, "Type Q1 into A1 of Book1")).build().run();
 * }</pre>
 */
public final class OperatorAgent extends BaseAgent {
    private static final AgentStep<OperatorAgent, ScreenView, AgentReply, Optional<String>> STEP = AgentStep.observe(
                    OperatorSteps::observe)
            .ask(OperatorSteps::ask)
            .act(OperatorSteps::act)
            .remember(OperatorSteps::remember);

    private final AgentSetup setup;
    private final ReplyGuard guard;
    private final ActionGate<ComputerAction> gate;

    private Optional<DesktopWindow> window;
    private Optional<ScreenView> view = Optional.empty();
    private Optional<Target> focus = Optional.empty();
    private List<String> plan = List.of();
    private List<String> questions = List.of();
    private String result = "";
    private boolean rejected;

    OperatorAgent(Optional<DesktopWindow> window, AgentSetup setup, RuntimeConfig config) {
        super(window.map(w -> "Operator/" + w.appRoot()).orElse("Operator"), config);
        this.window = window;
        this.setup = setup;
        this.guard = ReplyGuard.of(setup.llm(), "/status", config.jsonParsingRetry());
        this.gate = new ActionGate<>(
                action -> OperatorActions.run(this, action), action -> OperatorActions.describe(this, action));
    }

    /**
     * A builder for an Operator working on its own on {@code desktop}, asking {@code llm}, and reaching
     * its user through {@code user} (for PENDING and CONFIRM).
     */
    public static Builder builder(DesktopDriver desktop, LlmClient llm, UserChannel user) {
        return new Builder(desktop, llm, user);
    }

    /** Runs the four phases of one step: screenshot, LLM, action at its coordinates, memory. */
    void step(Context context) throws Exception {
        STEP.run(this, context);
    }

    /** The application window its host assigned it, if a host did. */
    public Optional<DesktopWindow> window() {
        return window;
    }

    /** The host it reports to, when a HostAgent assigned it its subtask. */
    public Optional<HostAgent> hostAgent() {
        return host().filter(HostAgent.class::isInstance).map(HostAgent.class::cast);
    }

    @Override
    public void reset() {
        super.reset();
        gate.clear();
        view = Optional.empty();
        focus = Optional.empty();
        plan = List.of();
        questions = List.of();
        result = "";
        rejected = false;
    }

    // ---- ASSIGN, PENDING, CONFIRM, FINISH/ERROR ----

    void startSubtask(DesktopWindow window) {
        reset();
        this.window = Optional.of(window);
    }

    void askQuestions() {
        Questions.ask(questions, setup.user(), config(), blackboard());
    }

    void confirmWaitingAction() throws Exception {
        rejected = !gate.confirm(setup.user(), config());
    }

    boolean rejected() {
        return rejected;
    }

    void archive(Context context, OperatorAgentStatus status) {
        String outcome =
                switch (status) {
                    case ERROR -> context.get(Context.ERROR).map(ErrorText::of).orElse(result);
                    default -> result.isBlank() && rejected ? gate.lastOutcome().orElse("") : result;
                };
        context.archive(new ArchivedSubtask(
                context.get(Context.SUBTASK)
                        .or(() -> context.get(Context.REQUEST))
                        .orElse(""),
                status,
                outcome));
    }

    // ---- for OperatorSteps and OperatorActions ----

    DesktopDriver desktop() {
        return setup.desktop();
    }

    ReplyGuard guard() {
        return guard;
    }

    ActionGate<ComputerAction> gate() {
        return gate;
    }

    void observed(ScreenView view) {
        this.view = Optional.of(view);
    }

    /** The screen as the last step saw it: the actions' coordinates resolve on it, also after CONFIRM. */
    Optional<ScreenView> view() {
        return view;
    }

    /** Where the last click put the focus: typing goes there, keys to its window. */
    Optional<Target> focus() {
        return focus;
    }

    void focused(Target target) {
        this.focus = Optional.of(target);
    }

    List<String> plan() {
        return plan;
    }

    void remember(List<String> plan, List<String> questions, String result) {
        this.plan = List.copyOf(plan);
        this.questions = List.copyOf(questions);
        if (!result.isBlank()) {
            this.result = result;
        }
    }

    /** Configures an {@link OperatorAgent} that works on its own. */
    public static final class Builder {
        private final DesktopDriver desktop;
        private final LlmClient llm;
        private final UserChannel user;
        private RuntimeConfig config = RuntimeConfig.defaults();

        private Builder(DesktopDriver desktop, LlmClient llm, UserChannel user) {
            this.desktop = Objects.requireNonNull(desktop, "desktop");
            this.llm = Objects.requireNonNull(llm, "llm");
            this.user = Objects.requireNonNull(user, "user");
        }

        /** The runtime settings ({@code safeGuard}, {@code askQuestion}, time-outs, {@code maxStep}); UFO's defaults otherwise. */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** The Operator. */
        public OperatorAgent build() {
            return new OperatorAgent(Optional.empty(), new AgentSetup(desktop, llm, user, false), config);
        }
    }
}
