package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep;
import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.ComputerAction;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.agents.windows.screen.ScreenView;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * UFO's Operator agent (its {@code OpenAIOperatorAgent}, dead code in UFO v3), working: a computer-use
 * agent that sees a screenshot of its {@link Screen} and answers with one action at the screenshot's
 * coordinates (click, double-click, type, keypress, scroll, drag, wait; see {@link ComputerAction}) or a
 * status. On a {@link DesktopDriver} the coordinates resolve to the controls of the desktop's windows;
 * on a real browser ({@code BrowserScreen}) they are the page's. A {@link HostAgent} hands it the
 * subtasks of the applications configured with {@link HostAgent.Builder#operatorFor(String)}, and gets
 * control back at FINISH; built with {@link #builder}, it works on its own and ends in ALLFINISH.
 *
 * <p>The model speaks chat completions through the {@link LlmClient}, replying with JSON in the
 * computer-use action shape and a status (the default, any OpenAI-compatible server), or, with
 * {@link Builder#responses(ComputerUseClient)}, OpenAI's Responses API, answering with
 * {@code computer_call} items (see {@link ComputerUseClient}).
 *
 * <pre>{@code
 * OperatorAgent operator = OperatorAgent.builder(desktop, llm).user(user).config(config).build();
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

    private final Screen screen;
    private final UserChannel user;
    private final ReplyGuard guard;
    private final DecisionSource decisions;
    private final SubtaskWork<ComputerAction> work;

    private Optional<DesktopWindow> window;
    private Optional<ScreenView> view = Optional.empty();

    OperatorAgent(
            Optional<DesktopWindow> window, Screen screen, LlmClient llm, UserChannel user, RuntimeConfig config) {
        this(window, screen, llm, user, config, OperatorSteps::chat);
    }

    /** An Operator whose model decides through {@code decisions} (chat completions or the Responses API). */
    OperatorAgent(
            Optional<DesktopWindow> window,
            Screen screen,
            LlmClient llm,
            UserChannel user,
            RuntimeConfig config,
            DecisionSource decisions) {
        super(window.map(w -> "Operator/" + w.appRoot()).orElse("Operator"), config);
        this.window = window;
        this.screen = Objects.requireNonNull(screen, "screen");
        this.user = Objects.requireNonNull(user, "user");
        this.guard = ReplyGuard.of(llm, "/status", config.jsonParsingRetry());
        this.decisions = Objects.requireNonNull(decisions, "decisions");
        this.work = new SubtaskWork<>(
                action -> OperatorActions.run(this, action),
                action -> OperatorActions.describe(this, action) + decisions.caution());
    }

    /**
     * A builder for an Operator working on its own on {@code desktop}, whose points resolve to the
     * controls of its windows, asking {@code llm}, and reaching its user through {@code user} (for
     * PENDING and CONFIRM).
     */
    public static Builder builder(DesktopDriver desktop, LlmClient llm) {
        return new Builder(new DesktopScreen(desktop), llm);
    }

    /**
     * A builder for an Operator working on its own on {@code screen} (a real browser:
     * {@code BrowserDesktop.screen()}), asking {@code llm}, and reaching its user through {@code user}.
     */
    public static Builder builder(Screen screen, LlmClient llm) {
        return new Builder(screen, llm);
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

    /** The screen it acts on. */
    public Screen screen() {
        return screen;
    }

    @Override
    public void reset() {
        super.reset();
        decisions.reset();
        work.clear();
        view = Optional.empty();
    }

    // ---- ASSIGN, PENDING, CONFIRM, FINISH/ERROR ----

    /** ASSIGN: a new subtask in {@code window}, which the host has focused. */
    void startSubtask(DesktopWindow window) {
        reset();
        this.window = Optional.of(window);
        screen.focused(window);
    }

    void askQuestions() {
        work.askQuestions(hostAgent().map(HostAgent::answers).orElse(QaPairs.none()), user, config(), blackboard());
    }

    /**
     * CONFIRM: looks at the screen again (UFO collects its data again before it asks) and asks the user about
     * the waiting action, described by what lies at its coordinates now; the action acts on that look.
     */
    void confirmWaitingAction() throws Exception {
        work.confirm(user, config(), action -> {
            screen.look();
            return OperatorActions.describe(this, action) + decisions.caution();
        });
    }

    boolean rejected() {
        return work.rejected();
    }

    void archive(Context context, OperatorAgentStatus status) {
        String subtask = context.get(Context.SUBTASK)
                .or(() -> context.get(Context.REQUEST))
                .orElse("");
        work.archive(context, subtask, status, status == OperatorAgentStatus.ERROR);
    }

    // ---- for OperatorSteps and OperatorActions ----

    ReplyGuard guard() {
        return guard;
    }

    DecisionSource decisions() {
        return decisions;
    }

    ActionGate<ComputerAction> gate() {
        return work.gate();
    }

    void observed(ScreenView view) {
        this.view = Optional.of(view);
    }

    /** The screen as the last step saw it: the actions' coordinates are its, also after CONFIRM. */
    Optional<ScreenView> view() {
        return view;
    }

    List<String> plan() {
        return work.plan();
    }

    void remember(List<String> plan, List<String> questions, String result) {
        work.remember(plan, questions, result);
    }

    /** Configures an {@link OperatorAgent} that works on its own. */
    public static final class Builder {
        private final Screen screen;
        private final LlmClient llm;
        private UserChannel user = UserChannel.alwaysDeny();
        private RuntimeConfig config = RuntimeConfig.defaults();
        private Optional<ComputerUseClient> responses = Optional.empty();

        private Builder(Screen screen, LlmClient llm) {
            this.screen = Objects.requireNonNull(screen, "screen");
            this.llm = Objects.requireNonNull(llm, "llm");
        }

        /**
         * The user channel, for PENDING's questions and CONFIRM's approvals; {@link UserChannel#alwaysDeny()}
         * by default, as for every agent of the project.
         */
        public Builder user(UserChannel user) {
            this.user = Objects.requireNonNull(user, "user");
            return this;
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
            return responses
                    .map(client -> new OperatorAgent(
                            Optional.empty(), screen, llm, user, config, new ResponsesDecisions(client)))
                    .orElseGet(() -> new OperatorAgent(Optional.empty(), screen, llm, user, config));
        }
    }
}
