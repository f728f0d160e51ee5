package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.OperatorSteps.ScreenView;
import dev.agentfsm.agents.windows.OperatorSteps.Target;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
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
 * <p>The model speaks chat completions through the {@link LlmClient}, replying with JSON in the
 * computer-use action shape and a status (the default, any OpenAI-compatible server), or, with
 * {@link Builder#responses(ComputerUseClient)}, OpenAI's Responses API, answering with
 * {@code computer_call} items (see {@link ComputerUseClient}).
 *
 * <pre>{@code
 * OperatorAgent operator = OperatorAgent.builder(desktop, llm, user).config(config).build();
 * RoundResult result = Round.of(OperatorAgentStateManager.instance(), operator)
 *         .context(new Context().put(Context.REQUEST, "Type Q1 into A1 of Book1")).build().run();
 * }</pre>
 */
public final class OperatorAgent extends BaseAgent {
    private static final AgentStep<OperatorAgent, ScreenView, OperatorDecision, Optional<String>> STEP =
            AgentStep.observe(OperatorSteps::observe)
                    .ask(OperatorSteps::ask)
                    .act(OperatorSteps::act)
                    .remember(OperatorSteps::remember);

    private final AgentSetup setup;
    private final ReplyGuard guard;
    private final DecisionSource decisions;
    private final ActionGate<ComputerAction> gate;

    private Optional<DesktopWindow> window;
    private Optional<ScreenView> view = Optional.empty();
    private Optional<Target> focus = Optional.empty();
    private List<String> plan = List.of();
    private List<String> questions = List.of();
    private String result = "";
    private boolean rejected;

    OperatorAgent(Optional<DesktopWindow> window, AgentSetup setup, RuntimeConfig config) {
        this(window, setup, config, OperatorSteps::chat);
    }

    /** An Operator whose model decides through {@code decisions} (chat completions or the Responses API). */
    OperatorAgent(Optional<DesktopWindow> window, AgentSetup setup, RuntimeConfig config, DecisionSource decisions) {
        super(window.map(w -> "Operator/" + w.appRoot()).orElse("Operator"), config);
        this.window = window;
        this.setup = setup;
        this.guard = ReplyGuard.of(setup.llm(), "/status", config.jsonParsingRetry());
        this.decisions = Objects.requireNonNull(decisions, "decisions");
        this.gate = new ActionGate<>(
                action -> OperatorActions.run(this, action),
                action -> OperatorActions.describe(this, action) + decisions.caution());
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
        decisions.reset();
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

    DecisionSource decisions() {
        return decisions;
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
        private Optional<ComputerUseClient> responses = Optional.empty();

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

        /**
         * Has the model speak OpenAI's Responses API with its computer-use tool through {@code client}: each
         * step's action comes from the response's {@code computer_call}, its safety checks make the action
         * wait in CONFIRM, and a message without a call finishes the subtask. The {@code llm} given to
         * {@link OperatorAgent#builder} is then not asked. Without this, the model answers through
         * {@code llm}'s chat completions with a JSON reply in the same action shape (the default, for any
         * OpenAI-compatible server).
         */
        public Builder responses(ComputerUseClient client) {
            this.responses = Optional.of(Objects.requireNonNull(client, "client"));
            return this;
        }

        /** The Operator. */
        public OperatorAgent build() {
            AgentSetup setup = new AgentSetup(desktop, llm, user, false);
            return responses
                    .map(client -> new OperatorAgent(Optional.empty(), setup, config, new ResponsesDecisions(client)))
                    .orElseGet(() -> new OperatorAgent(Optional.empty(), setup, config));
        }
    }
}
