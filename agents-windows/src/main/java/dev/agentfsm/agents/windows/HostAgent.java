package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.kit.AgentStep;
import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.screen.Screen;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import dev.agentfsm.runtime.llm.ReplyGuard.ReplyRule;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * UFO's HostAgent: looks at the desktop, picks the application window for the next subtask, and hands
 * the subtask to that application's {@link AppAgent}, one per application (app root and process),
 * created on first use and reused after, or, for an application configured with
 * {@link Builder#operatorFor(String)}, to its {@link OperatorAgent}. Its sub-agents share its blackboard.
 * Its Operators ask its LLM through chat completions, or, with
 * {@link Builder#operatorResponses(ComputerUseClient)}, OpenAI's Responses API.
 *
 * <pre>{@code
 * HostAgent host = HostAgent.builder(desktop, llm).user(user).config(config).build();
 * RoundResult result = Round.of(HostAgentStateManager.instance(), host)
 *         .context(new Context().put(Context.REQUEST, request)).build().run();
 * }</pre>
 */
public final class HostAgent extends BaseAgent {
    static final List<ToolSpec> TOOLS = List.of(new ToolSpec(
            "select_application_window",
            "Select the application window to hand the current subtask to (use with status ASSIGN)",
            Map.of("id", "the number of the window in the window list")));

    private static final AgentStep<HostAgent, HostSteps.DesktopView, UfoReply, Optional<String>> STEP =
            AgentStep.observe(HostSteps::observe)
                    .ask(HostSteps::ask)
                    .act(HostSteps::act)
                    .remember(HostSteps::remember);

    private final AgentSetup setup;
    private final ReplyGuard guard;
    private final ActionGate<Action> gate;
    private final Map<String, AppAgent> appAgents = new LinkedHashMap<>();
    private final Map<String, OperatorAgent> operators = new LinkedHashMap<>();
    /** The applications (app roots) whose windows an Operator works in instead of an AppAgent. */
    private final Set<String> operatorApps;
    /** The screen its Operators act on: one screen, shared by all of them. */
    private final Screen operatorScreen;
    /** The Responses API its Operators speak, if not chat completions through the host's LLM. */
    private final Optional<ComputerUseClient> operatorResponses;
    /** Answers given before the round (UFO's QA pairs): on the blackboard, and PENDING does not ask them. */
    private final QaPairs answers;

    private AppAgent active;
    private OperatorAgent activeOperator;
    private List<DesktopWindow> windows = List.of();
    private Optional<DesktopWindow> selected = Optional.empty();
    /** Why nothing is {@link #selected}, for ASSIGN's error. */
    private String notSelected = "no select_application_window yet";

    private String subtask = "";
    private List<String> plan = List.of();
    private List<String> questions = List.of();
    private Optional<String> failure = Optional.empty();

    private HostAgent(Builder builder) {
        super("HostAgent", builder.config);
        this.setup = new AgentSetup(builder.desktop, builder.llm, builder.user, builder.follower);
        // a window chosen with arguments select_application_window does not take is re-asked, not tried
        this.guard = ReplyGuard.of(setup.llm(), "/status", builder.config.jsonParsingRetry())
                .with(ReplyRule.toolCalls("", () -> TOOLS));
        this.gate = new ActionGate<>(this::selectWindow, this::describeAction);
        this.operatorApps = Set.copyOf(builder.operatorApps);
        this.operatorScreen = builder.operatorScreen.orElseGet(() -> new DesktopScreen(builder.desktop));
        this.operatorResponses = builder.operatorResponses;
        this.answers = builder.answers;
        // preloaded once, as UFO's blackboard loads its QA file when it is made; it keeps them across rounds
        answers.pairs().forEach(qa -> blackboard().addQuestion(qa.question(), qa.answer()));
    }

    /** The answers given before the round ({@link Builder#answers(QaPairs)}); its sub-agents' PENDING uses them too. */
    public QaPairs answers() {
        return answers;
    }

    /**
     * A builder for a host on {@code desktop}, asking {@code llm}; its user channel and settings are
     * options of the builder. Its AppAgents use the same desktop, LLM and user channel.
     */
    public static Builder builder(DesktopDriver desktop, LlmClient llm) {
        return new Builder(desktop, llm);
    }

    /** Runs the four phases of one step: desktop screenshot and windows, LLM, action, memory. */
    void step(Context context) throws Exception {
        STEP.run(this, context);
    }

    /** The AppAgents created so far, by application key (app root and process). */
    public Map<String, AppAgent> appAgents() {
        return Collections.unmodifiableMap(appAgents);
    }

    /** The AppAgent the last ASSIGN handed work to; empty when it handed work to an Operator. */
    public Optional<AppAgent> activeAppAgent() {
        return Optional.ofNullable(active);
    }

    /** The Operators created so far, by application key (app root and process). */
    public Map<String, OperatorAgent> operators() {
        return Collections.unmodifiableMap(operators);
    }

    /** The Operator the last ASSIGN handed work to; empty when it handed work to an AppAgent. */
    public Optional<OperatorAgent> activeOperator() {
        return Optional.ofNullable(activeOperator);
    }

    /** Why the task failed (a rejected step, an unanswered question), once it has. */
    public Optional<String> failure() {
        return failure;
    }

    @Override
    public void reset() {
        super.reset();
        gate.clear();
        selected = Optional.empty();
        notSelected = "no select_application_window yet";
        subtask = "";
        plan = List.of();
        questions = List.of();
        failure = Optional.empty();
        appAgents.values().forEach(AppAgent::reset);
        operators.values().forEach(OperatorAgent::reset);
    }

    // ---- ASSIGN, PENDING, CONFIRM ----

    void assign(Context context) {
        // a selection serves one ASSIGN: a later ASSIGN whose own selection failed must not reuse it
        DesktopWindow window = selected.orElseThrow(() ->
                new IllegalStateException("HostAgent chose ASSIGN but selected no application window (" + notSelected
                        + "); the reply must call select_application_window with the number of a listed window"));
        selected = Optional.empty();
        notSelected = "no select_application_window since the last ASSIGN";
        context.put(
                Context.SUBTASK,
                subtask.isBlank() ? context.get(Context.REQUEST).orElse("") : subtask);
        if (operatorApps.contains(window.appRoot())) {
            OperatorAgent operator = operators.computeIfAbsent(window.appKey(), key -> newOperator(window));
            operator.setHost(this);
            operator.startSubtask(window);
            activeOperator = operator;
            active = null;
            return;
        }
        AppAgent app = appAgents.computeIfAbsent(window.appKey(), key -> new AppAgent(window, setup, config()));
        app.setHost(this);
        app.startSubtask(window);
        active = app;
        activeOperator = null;
    }

    /**
     * An Operator for {@code window}'s application: deciding through chat completions with the host's LLM,
     * or through the Responses API in a conversation of its own (its own {@link ResponsesDecisions}).
     */
    private OperatorAgent newOperator(DesktopWindow window) {
        DecisionSource decisions =
                operatorResponses.<DecisionSource>map(ResponsesDecisions::new).orElse(OperatorSteps::chat);
        return new OperatorAgent(Optional.of(window), operatorScreen, setup.llm(), setup.user(), config(), decisions);
    }

    void askQuestions() {
        Questions.ask(questions, answers, setup.user(), config(), blackboard())
                .ifPresent(q -> failure = Optional.of("the user did not answer in time: " + q));
    }

    /**
     * CONFIRM: reads the window list again (UFO collects its data again before it asks) and asks the user
     * about the waiting step, naming the window as it is now; the number in the reply still names the
     * window of the list the model chose from.
     */
    void confirmWaitingAction() throws Exception {
        ActionGate.Decided decided = gate.confirm(setup.user(), config(), this::describeNow);
        if (!decided.approved()) {
            failure = Optional.of("the user rejected " + decided.step());
        }
    }

    private String describeNow(Action action) throws DriverException {
        List<DesktopWindow> now = setup.desktop().windows();
        return action.function()
                + window(action)
                        .map(chosen -> now.stream()
                                .filter(w -> w.id().equals(chosen.id()))
                                .findFirst()
                                .map(w -> " '" + w.shownTitle() + "'")
                                .orElse(" '" + chosen.shownTitle() + "', which is no longer open"))
                        .orElse(" " + action.arguments());
    }

    // ---- for HostSteps ----

    DesktopDriver desktop() {
        return setup.desktop();
    }

    ReplyGuard guard() {
        return guard;
    }

    ActionGate<Action> gate() {
        return gate;
    }

    /** Keeps the windows the LLM is shown: the number in its reply picks one of them, also after CONFIRM. */
    void observed(List<DesktopWindow> windows) {
        this.windows = List.copyOf(windows);
    }

    List<String> plan() {
        return plan;
    }

    void remember(String subtask, List<String> plan, List<String> questions) {
        if (!subtask.isBlank()) {
            this.subtask = subtask;
        }
        this.plan = List.copyOf(plan);
        this.questions = List.copyOf(questions);
    }

    private Optional<DesktopWindow> window(Action action) {
        return Replies.number(action, "id")
                .filter(n -> n >= 1 && n <= windows.size())
                .map(n -> windows.get(n - 1));
    }

    private ActionResult selectWindow(Action action) throws DriverException {
        selected = Optional.empty(); // a failed selection leaves none, not the one before
        notSelected = "the step's select_application_window failed";
        if (!action.function().equals("select_application_window")) {
            return ActionResult.failed(
                    "unknown function '" + action.function() + "'; the HostAgent offers select_application_window");
        }
        Optional<DesktopWindow> window = window(action);
        if (window.isEmpty()) {
            ActionResult failed = ActionResult.failed("select_application_window needs the id of a listed window, 1 to "
                    + windows.size() + "; got " + Replies.argument(action, "id").orElse("none"));
            notSelected = failed.reason().orElseThrow();
            return failed;
        }
        ActionResult result = setup.desktop().focus(window.get());
        if (result.success()) {
            selected = window;
        } else {
            notSelected = "focusing '" + window.get().shownTitle() + "' failed: "
                    + result.reason().orElse("no reason given");
        }
        return result;
    }

    private String describeAction(Action action) {
        return action.function()
                + window(action).map(w -> " '" + w.shownTitle() + "'").orElse(" " + action.arguments());
    }

    /** Configures a {@link HostAgent}. */
    public static final class Builder {
        private final DesktopDriver desktop;
        private final LlmClient llm;
        private UserChannel user = UserChannel.alwaysDeny();
        private RuntimeConfig config = RuntimeConfig.defaults();
        private boolean follower;
        private final Set<String> operatorApps = new LinkedHashSet<>();
        private Optional<Screen> operatorScreen = Optional.empty();
        private Optional<ComputerUseClient> operatorResponses = Optional.empty();
        private QaPairs answers = QaPairs.none();

        private Builder(DesktopDriver desktop, LlmClient llm) {
            this.desktop = Objects.requireNonNull(desktop, "desktop");
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

        /**
         * The runtime settings of the host and its AppAgents ({@code safeGuard}, {@code askQuestion},
         * time-outs ...), and of the rounds and sessions run with the host ({@code maxStep}, {@code maxRound});
         * UFO's defaults otherwise.
         */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /**
         * Follower mode (UFO's {@code FollowerSession}): each AppAgent's FINISH ends the round at the
         * host instead of handing the next step back to it. Off by default.
         */
        public Builder followerMode(boolean follower) {
            this.follower = follower;
            return this;
        }

        /**
         * Runs the windows of {@code appRoot} (an executable such as {@code "EXCEL.EXE"}) under an
         * {@link OperatorAgent}, which acts by screen coordinates, instead of an {@link AppAgent}, which
         * acts on numbered controls: ASSIGN hands their subtasks to the Operator's CONTINUE. None by default.
         */
        public Builder operatorFor(String appRoot) {
            if (Objects.requireNonNull(appRoot, "appRoot").isBlank()) {
                throw new IllegalArgumentException(
                        "operatorFor needs an application's executable, such as EXCEL.EXE;" + " got a blank name");
            }
            operatorApps.add(appRoot);
            return this;
        }

        /**
         * The screen the Operators act on, by screen coordinates: for a real browser
         * {@code BrowserDesktop.screen()}, Playwright's coordinate tools on the page. By default the
         * desktop itself, whose points resolve to the controls of its windows.
         */
        public Builder operatorScreen(Screen screen) {
            this.operatorScreen = Optional.of(Objects.requireNonNull(screen, "screen"));
            return this;
        }

        /**
         * Has the Operators (of the applications given to {@link #operatorFor(String)}) speak OpenAI's
         * Responses API with its computer-use tool through {@code client}, as
         * {@link OperatorAgent.Builder#responses(ComputerUseClient)} does for an Operator on its own: each
         * step's action comes from the response's {@code computer_call}, its safety checks make the action
         * wait in CONFIRM, and a message without a call finishes the subtask. Each Operator keeps a
         * conversation of its own ({@code previous_response_id}), which every ASSIGN to it starts anew. The
         * host and its AppAgents still ask the host's {@code llm} through chat completions. Without this,
         * the Operators ask that {@code llm} too, through chat completions (the default).
         */
        public Builder operatorResponses(ComputerUseClient client) {
            this.operatorResponses = Optional.of(Objects.requireNonNull(client, "client"));
            return this;
        }

        /**
         * Answers given before the round: UFO's QA pairs ({@code USE_CUSTOMIZATION} with {@code QA_PAIR_FILE},
         * read with {@link QaPairs#load(java.nio.file.Path, int)}). They go onto the host's blackboard when it
         * is built, so every prompt of the host and its sub-agents shows them, as in UFO; and a question of
         * PENDING (the host's, an AppAgent's or an Operator's) that one of them answers takes that answer
         * without asking the user, whatever {@code askQuestion} says. None by default.
         */
        public Builder answers(QaPairs answers) {
            this.answers = Objects.requireNonNull(answers, "answers");
            return this;
        }

        /** The host. */
        public HostAgent build() {
            return new HostAgent(this);
        }
    }
}
