package dev.agentfsm.agents.windows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.kit.AgentStep;
import dev.agentfsm.agents.kit.QaPairs;
import dev.agentfsm.agents.kit.UfoReply;
import dev.agentfsm.agents.kit.UfoReply.ReplyAction;
import dev.agentfsm.agents.windows.desktop.DesktopDriver;
import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UFO's AppAgent: works on one subtask inside one application window, acting on the window's
 * controls by the numbers the annotated screenshot shows, and hands control back to its
 * {@link HostAgent} when the subtask is over. The host creates it on ASSIGN; it uses the host's
 * blackboard.
 */
public final class AppAgent extends BaseAgent {
    private static final Logger LOG = LoggerFactory.getLogger(AppAgent.class);
    static final List<ToolSpec> TOOLS = List.of(
            new ToolSpec("click_input", "Click a control", Map.of("id", "the control's label")),
            new ToolSpec(
                    "set_edit_text",
                    "Type text into a control",
                    ordered("id", "the control's label", "text", "the text to type")),
            new ToolSpec(
                    "select_item",
                    "Select a value in a control: a list item, a range of a sheet such as A1:C5",
                    ordered("id", "the control's label", "value", "the value to select")),
            new ToolSpec(
                    "keyboard_input",
                    "Send keys to the window: ^c is Ctrl+C, ^v is Ctrl+V, {ENTER} is Enter",
                    Map.of("keys", "the keys")));

    private static final AgentStep<AppAgent, WindowSnapshot, UfoReply, Optional<String>> STEP = AgentStep.observe(
                    AppSteps::observe)
            .ask(AppSteps::ask)
            .act(AppSteps::act)
            .remember(AppSteps::remember);

    /** A step that runs the next action of a reply with several: no new observation, no model call. */
    private static final AgentStep<AppAgent, WindowSnapshot, UfoReply, Optional<String>> NEXT_ACTION =
            AgentStep.observe(AppSteps::sameSnapshot)
                    .ask(AppSteps::sameReply)
                    .act(AppSteps::act)
                    .remember(AppSteps::rememberAction);

    private final AgentSetup setup;
    private final ReplyGuard guard;
    private final SubtaskWork<Action> work;

    private DesktopWindow window;
    private Optional<WindowSnapshot> snapshot = Optional.empty();
    private List<String> waitingControls = List.of();
    /** SCREENSHOT's re-annotations since the last CONTINUE step. */
    private int reannotations;
    /** Why SCREENSHOT gave up waiting, once it has. */
    private Optional<String> gaveUp = Optional.empty();
    /** The reply whose actions run, one per step, and those of them still to run. */
    private Optional<UfoReply> replyAtWork = Optional.empty();

    private final Deque<ReplyAction> actionsLeft = new ArrayDeque<>();

    AppAgent(DesktopWindow window, AgentSetup setup, RuntimeConfig config) {
        super("AppAgent/" + window.appRoot(), config);
        this.window = window;
        this.setup = setup;
        this.guard = ReplyGuard.of(setup.llm(), "/action/status", config.jsonParsingRetry())
                .acceptingLists()
                .with(AppAgent::everyActionIsOne);
        this.work = new SubtaskWork<>(
                action -> ControlActions.run(this, action), action -> ControlActions.describe(this, action));
    }

    private static Map<String, String> ordered(String k1, String v1, String k2, String v2) {
        Map<String, String> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }

    /**
     * Runs the four phases of one step: screenshot and numbered controls, LLM, action, memory; or, while a
     * reply's actions are left, its next action (on the snapshot and the reply they came with).
     */
    void step(Context context) throws Exception {
        (actionsLeft.isEmpty() ? STEP : NEXT_ACTION).run(this, context);
    }

    /**
     * The reply's rule for a list of actions ({@code "action": [...]}, UFO's {@code List[ActionCommandInfo]}):
     * each element an object whose status CONTINUE may move to; the guard checks the last one's itself.
     */
    private static Optional<String> everyActionIsOne(Status from, AgentReply reply) {
        JsonNode actions = reply.json().path("action");
        if (!actions.isArray()) {
            return Optional.empty();
        }
        List<Status> offered = from.llmTargets();
        for (int i = 0; i < actions.size() - 1; i++) {
            JsonNode action = actions.get(i);
            String status = action.path("status").asText("").strip().toUpperCase(Locale.ROOT);
            Optional<? extends Status> parsed = from.machine().table().parse(status);
            if (!action.isObject() || parsed.isEmpty() || !offered.contains(parsed.get())) {
                return Optional.of("action " + (i + 1) + " of the list has "
                        + (action.isObject() ? "the status \"" + SafeText.line(status, 40) + "\"" : "no object")
                        + "; each action is an object with function, arguments and one of the statuses "
                        + offered.stream().map(Status::name).toList());
            }
        }
        return Optional.empty();
    }

    /** The window this agent works in. */
    public DesktopWindow window() {
        return window;
    }

    /** What the agent saw last: the screenshot, the annotated one, and the labelled controls. */
    public Optional<WindowSnapshot> lastSnapshot() {
        return snapshot;
    }

    /**
     * The host it reports to, once a HostAgent assigned it a subtask; as in {@link OperatorAgent#hostAgent()},
     * every agent that can have a host returns it this way.
     */
    public Optional<HostAgent> hostAgent() {
        return host().filter(HostAgent.class::isInstance).map(HostAgent.class::cast);
    }

    /** The host its FINISH, FAIL and ERROR states hand control back to. @throws IllegalStateException if none */
    HostAgent requireHostAgent() {
        return hostAgent()
                .orElseThrow(() -> new IllegalStateException(name() + " has no HostAgent to hand control back to; "
                        + "AppAgents get one when a HostAgent assigns them a subtask"));
    }

    /** Whether the agent runs in follower mode: its FINISH ends the round at the host. */
    public boolean follower() {
        return setup.follower();
    }

    @Override
    public void reset() {
        super.reset();
        work.clear();
        snapshot = Optional.empty();
        waitingControls = List.of();
        reannotations = 0;
        gaveUp = Optional.empty();
        replyAtWork = Optional.empty();
        actionsLeft.clear();
    }

    // ---- ASSIGN, SCREENSHOT, PENDING, CONFIRM, FINISH/FAIL/ERROR ----

    void startSubtask(DesktopWindow window) {
        reset();
        this.window = window;
    }

    /**
     * SCREENSHOT: re-captures and re-annotates the window; gives up when a control it waits for is still
     * missing after {@code maxReannotate} re-annotations in a row, naming the controls and the count.
     */
    void reannotate(Context context) throws Exception {
        WindowSnapshot now = STEP.observe(this, context);
        reannotations++;
        waitingControls =
                waitingControls.stream().filter(name -> !now.shows(name)).toList();
        if (!waitingControls.isEmpty() && reannotations >= config().maxReannotate()) {
            String why = "gave up waiting for " + quoted(waitingControls) + " on '" + window.shownTitle() + "': "
                    + (waitingControls.size() == 1 ? "it" : "they") + " did not appear after " + reannotations
                    + (reannotations == 1 ? " re-annotation" : " re-annotations") + " (maxReannotate "
                    + config().maxReannotate() + ")";
            LOG.warn("{} {}", name(), why);
            gaveUp = Optional.of(why);
            work.report(why);
        }
    }

    private static String quoted(List<String> names) {
        return names.stream()
                .map(n -> "'" + n + "'")
                .collect(Collectors.joining(", ", names.size() == 1 ? "the control " : "the controls ", ""));
    }

    List<String> waitingControls() {
        return waitingControls;
    }

    /** Why SCREENSHOT gave up on the controls it waited for, if it has. */
    Optional<String> gaveUp() {
        return gaveUp;
    }

    void askQuestions() {
        work.askQuestions(
                hostAgent().map(HostAgent::answers).orElse(QaPairs.none()), setup.user(), config(), blackboard());
    }

    /**
     * CONFIRM: observes the window again (UFO collects its data again before it asks) and asks the user about
     * the waiting action, naming its control as the window shows it now. Rejected, or approved but failed,
     * the reply's later actions do not run.
     */
    void confirmWaitingAction() throws Exception {
        work.confirm(setup.user(), config(), action -> ControlActions.describeNow(this, action, AppSteps.look(this)));
        if (work.rejected() || gate().lastFailed()) {
            dropActions();
        }
    }

    boolean rejected() {
        return work.rejected();
    }

    void archive(Context context, AppAgentStatus status) {
        work.archive(context, context.get(Context.SUBTASK).orElse(""), status, status == AppAgentStatus.ERROR);
    }

    // ---- for AppSteps and ControlActions ----

    DesktopDriver desktop() {
        return setup.desktop();
    }

    ReplyGuard guard() {
        return guard;
    }

    ActionGate<Action> gate() {
        return work.gate();
    }

    /** The reply whose actions are running, while some are left. */
    Optional<UfoReply> replyAtWork() {
        return actionsLeft.isEmpty() ? Optional.empty() : replyAtWork;
    }

    /** A new reply: its actions run from the first, one per step. */
    void startReply(UfoReply reply) {
        replyAtWork = Optional.of(reply);
        actionsLeft.clear();
        actionsLeft.addAll(reply.actions());
    }

    /** Takes the next action of the reply at work. */
    ReplyAction nextAction() {
        ReplyAction next = actionsLeft.poll();
        if (next == null) {
            throw new IllegalStateException(name() + " has no action of a reply left to run");
        }
        return next;
    }

    int actionsLeft() {
        return actionsLeft.size();
    }

    /** Drops the reply's actions still to run, telling the model which did not run. */
    void dropActions() {
        if (actionsLeft.isEmpty()) {
            return;
        }
        List<String> dropped = actionsLeft.stream()
                .map(a -> a.function()
                        .map(f -> ControlActions.describe(this, f))
                        .orElse(a.status().name()))
                .toList();
        actionsLeft.clear();
        gate().note("The reply's " + (dropped.size() == 1 ? "next action did" : dropped.size() + " later actions did")
                + " not run: " + String.join("; ", dropped) + ".");
    }

    void observed(WindowSnapshot snapshot) {
        this.snapshot = Optional.of(snapshot);
    }

    List<String> plan() {
        return work.plan();
    }

    void remember(List<String> plan, List<String> questions, List<String> reannotate, String result) {
        work.remember(plan, questions, result);
        this.waitingControls = List.copyOf(reannotate);
        this.reannotations = 0;
    }
}
