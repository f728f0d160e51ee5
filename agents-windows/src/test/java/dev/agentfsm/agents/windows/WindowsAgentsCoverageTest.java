package dev.agentfsm.agents.windows;

import dev.agentfsm.agents.windows.desktop.DesktopWindow;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.CoveragePath;
import dev.agentfsm.testing.Fault;
import dev.agentfsm.testing.PathStep;
import dev.agentfsm.testing.PathTests;
import dev.agentfsm.testing.Script;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every declared transition of the HostAgent, the AppAgent and the OperatorAgent, taken by rounds on the
 * simulated desktop (Word and Excel) with a model and a user scripted from the coverage paths: the host's
 * paths from the host's CONTINUE (an ASSIGN continues in Excel's AppAgent, or in its Operator on the path
 * that takes {@code ASSIGN -> OperatorAgent.CONTINUE}), the AppAgent's and the Operator's from their own
 * CONTINUE (their hand-offs continue in the host). The last test of each asserts that all were taken and
 * writes the report to {@code target/agentfsm-coverage/}.
 */
class WindowsAgentsCoverageTest {
    /** Safe-guard on (CONFIRM asks the user), questions asked (PENDING asks the user), no re-asks. */
    /** One re-ask, so that the fault paths' bad replies are re-asked as the agents' default config does. */
    private static final RuntimeConfig CONFIG = Desk.config(true, true, 1);

    /** The application the host's Operator works in, on the path that hands off to it. */
    private static final String EXCEL = "EXCEL.EXE";

    private static final String REQUEST = "Chart the sales figures in Excel";

    /** The machine whose paths a world runs from: a round starts in its CONTINUE. */
    private enum Start {
        HOST,
        APP,
        OPERATOR
    }

    /**
     * What one path runs on: the desktop, its host, and for the AppAgent's paths an AppAgent on Excel, for the
     * Operator's an Operator.
     */
    private record World(
            SimulatedDesktop desktop,
            SimulatedSheet excel,
            HostAgent host,
            Optional<AppAgent> app,
            Optional<OperatorAgent> operator,
            Context context) {}

    /**
     * A world for {@code path}: in follower mode when the path has the AppAgent's FINISH end the round at the host;
     * with Excel under the Operator when the host's ASSIGN hands off to it; with {@code maxReannotate} as many
     * re-annotations as the path makes before SCREENSHOT gives up; with an Operator reporting to the host when
     * its FINISH or ERROR hands back, working on its own otherwise.
     */
    private static World world(CoveragePath path, Script script, Start start) throws Exception {
        SimulatedSheet sheet = SimulatedSheet.emptyBook();
        SimulatedDesktop desktop = SimulatedDesktop.of(SimulatedDocument.salesReport(), sheet);
        boolean follower = path.takes(AppAgentStatus.FINISH, HostAgentStatus.FINISH);
        RuntimeConfig config = path.takes(AppAgentStatus.SCREENSHOT, AppAgentStatus.FAIL)
                ? CONFIG.toBuilder()
                        .maxReannotate((int) path.statuses().stream()
                                .filter(status -> status == AppAgentStatus.SCREENSHOT)
                                .count())
                        .build()
                : CONFIG;
        HostAgent.Builder hostBuilder = HostAgent.builder(desktop, script.llm())
                .user(script.user())
                .config(config)
                .followerMode(follower);
        if (path.takes(HostAgentStatus.ASSIGN, OperatorAgentStatus.CONTINUE)) {
            hostBuilder.operatorFor(EXCEL);
        }
        HostAgent host = hostBuilder.build();
        Context context = new Context().put(Context.REQUEST, REQUEST);
        AgentSetup setup = new AgentSetup(desktop, script.llm(), script.user(), follower);
        DesktopWindow excelWindow = desktop.windows().get(1);
        Optional<AppAgent> app = Optional.empty();
        Optional<OperatorAgent> operator = Optional.empty();
        if (start == Start.APP) {
            // as the host's ASSIGN makes it: Excel's agent, reporting to the host, with the subtask set
            AppAgent excel = new AppAgent(excelWindow, setup, config);
            excel.setHost(host);
            context.put(Context.SUBTASK, REQUEST);
            app = Optional.of(excel);
        } else if (start == Start.OPERATOR) {
            boolean hosted = path.takes(OperatorAgentStatus.FINISH, HostAgentStatus.CONTINUE)
                    || path.takes(OperatorAgentStatus.ERROR, HostAgentStatus.FINISH);
            OperatorAgent excel;
            if (hosted) {
                // as the host's ASSIGN makes it: an Operator on Excel's window, reporting to the host
                excel = new OperatorAgent(
                        Optional.of(excelWindow), new DesktopScreen(desktop), script.llm(), script.user(), config);
                excel.setHost(host);
                excel.startSubtask(excelWindow);
                context.put(Context.SUBTASK, REQUEST);
            } else {
                excel = OperatorAgent.builder(desktop, script.llm())
                        .user(script.user())
                        .config(config)
                        .build();
            }
            operator = Optional.of(excel);
        }
        return new World(desktop, sheet, host, app, operator, context);
    }

    /** The scripts of the three machines' states, for any machine's paths. */
    private static PathTests<World> scripted(StateManager<?, ?> machine, Start start) {
        return PathTests.of(machine, (path, script) -> world(path, script, start))
                .on(HostAgentStatus.CONTINUE, (world, step, script) -> hostContinue(step, script))
                .on(HostAgentStatus.PENDING, (world, step, script) -> {
                    if (step.to() == HostAgentStatus.FAIL) {
                        script.noAnswer();
                    } else {
                        script.answer("a bar chart");
                    }
                })
                .on(
                        HostAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(
                                step.to() == HostAgentStatus.FAIL ? Decision.REJECTED : Decision.APPROVED))
                .on(AppAgentStatus.CONTINUE, (world, step, script) -> appContinue(step, script))
                .on(AppAgentStatus.PENDING, (world, step, script) -> script.answer("the Q1 figures"))
                .on(
                        AppAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(
                                step.to() == AppAgentStatus.FINISH ? Decision.REJECTED : Decision.APPROVED))
                .on(OperatorAgentStatus.CONTINUE, (world, step, script) -> operatorContinue(step, script))
                .on(OperatorAgentStatus.PENDING, (world, step, script) -> script.answer("the Q1 figures"))
                .on(
                        OperatorAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(
                                step.to() == OperatorAgentStatus.FINISH ? Decision.REJECTED : Decision.APPROVED));
    }

    /** The host's reply in CONTINUE: the status of the step's target, with what that state needs. */
    private static void hostContinue(PathStep step, Script script) {
        if (step.entersOnError()) {
            script.llmFails("the model cannot be reached");
            return;
        }
        script.reply(
                switch ((HostAgentStatus) step.to()) {
                    case CONTINUE -> host("Look again", "\"function\": \"\"", "CONTINUE");
                    case ASSIGN ->
                        host(
                                "Excel holds the sheet",
                                "\"current_subtask\": \"" + REQUEST + "\","
                                        + " \"function\": \"select_application_window\", \"arguments\": {\"id\": \"2\"}",
                                "ASSIGN");
                    case FINISH -> host("Done", "\"function\": \"\", \"result\": \"charted\"", "FINISH");
                    case PENDING ->
                        host("Which chart?", "\"questions\": [\"Which chart type?\"], \"function\": \"\"", "PENDING");
                    case CONFIRM ->
                        host(
                                "Bring Word forward first; ask",
                                "\"function\": \"select_application_window\", \"arguments\": {\"id\": \"1\"}",
                                "CONFIRM");
                    default -> throw new IllegalArgumentException("the host's CONTINUE does not choose " + step);
                });
    }

    private static String host(String thought, String fields, String status) {
        return "{\"observation\": \"Word and Excel\", \"thought\": \"" + thought + "\", " + fields + ", \"status\": \""
                + status + "\"}";
    }

    /**
     * The AppAgent's reply in CONTINUE. For SCREENSHOT it waits for a control: Excel's chart dialog, which takes
     * two screenshots to show its Clustered Bar button, when the path re-annotates twice; the sheet, which is
     * there already, when it re-annotates once.
     */
    private static void appContinue(PathStep step, Script script) {
        if (step.entersOnError()) {
            script.llmFails("the model cannot be reached");
            return;
        }
        script.reply(
                switch ((AppAgentStatus) step.to()) {
                    case CONTINUE ->
                        app("Select the data", "select_item", "{\"id\": 3, \"value\": \"A1:B2\"}", "CONTINUE", "");
                    case SCREENSHOT -> {
                        boolean twice = step.next()
                                .filter(next -> next.to() == AppAgentStatus.SCREENSHOT)
                                .isPresent();
                        yield givesUp(step)
                                ? app(
                                        "Open the wizard and wait for its pie button",
                                        "click_input",
                                        "{\"id\": 2}",
                                        "SCREENSHOT",
                                        ", \"control_reannotate\": [\"Pie Wizard\"]")
                                : twice
                                        ? app(
                                                "Open the wizard",
                                                "click_input",
                                                "{\"id\": 2}",
                                                "SCREENSHOT",
                                                ", \"control_reannotate\": [\"Clustered Bar\"]")
                                        : app(
                                                "Look at the sheet again",
                                                "",
                                                "{}",
                                                "SCREENSHOT",
                                                ", \"control_reannotate\": [\"Sheet\"]");
                    }
                    case FINISH -> app("Done", "", "{}", "FINISH", ", \"result\": \"charted\"");
                    case FAIL -> app("No chart type fits", "", "{}", "FAIL", ", \"result\": \"no chart type fits\"");
                    case PENDING -> app("Which quarter?", "", "{}", "PENDING", ", \"questions\": [\"Which quarter?\"]");
                    case CONFIRM ->
                        app(
                                "Selecting replaces the selection; ask",
                                "select_item",
                                "{\"id\": 3, \"value\": \"A1:B2\"}",
                                "CONFIRM",
                                "");
                    default -> throw new IllegalArgumentException("the AppAgent's CONTINUE does not choose " + step);
                });
    }

    /** Whether the SCREENSHOT steps that {@code step} enters end in FAIL: the control waited for never comes. */
    private static boolean givesUp(PathStep step) {
        Optional<PathStep> next = step.next();
        while (next.isPresent() && next.get().to() == AppAgentStatus.SCREENSHOT) {
            next = next.get().next();
        }
        return next.filter(last -> last.to() == AppAgentStatus.FAIL).isPresent();
    }

    /**
     * The Operator's reply in CONTINUE: an action at screen coordinates (a wait, or for CONFIRM a click on Excel's
     * cell A1, at (680, 142)) with the status of the step's target.
     */
    private static void operatorContinue(PathStep step, Script script) {
        if (step.entersOnError()) {
            script.llmFails("the model cannot be reached");
            return;
        }
        script.reply(
                switch ((OperatorAgentStatus) step.to()) {
                    case CONTINUE -> operator("Let the screen settle", "\"action\": {\"type\": \"wait\"}", "CONTINUE");
                    case PENDING -> operator("Which quarter?", "\"questions\": [\"Which quarter?\"]", "PENDING");
                    case CONFIRM ->
                        operator(
                                "Clicking A1 starts over; ask",
                                "\"action\": {\"type\": \"click\", \"x\": 680, \"y\": 142}",
                                "CONFIRM");
                    case FINISH -> operator("Done", "\"result\": \"charted\"", "FINISH");
                    default -> throw new IllegalArgumentException("the Operator's CONTINUE does not choose " + step);
                });
    }

    private static String operator(String thought, String fields, String status) {
        return "{\"observation\": \"Book1 in Excel\", \"thought\": \"" + thought + "\", " + fields + ", \"status\": \""
                + status + "\"}";
    }

    private static String app(String thought, String function, String arguments, String status, String more) {
        return "{\"observation\": \"Book1 in Excel\", \"thought\": \"" + thought + "\", \"action\": {\"function\": \""
                + function + "\", \"arguments\": " + arguments + ", \"status\": \"" + status + "\"}" + more + "}";
    }

    /** The host's reply selecting Excel for the subtask (ASSIGN), with arguments as given. */
    private static String selectExcel(String arguments) {
        return host(
                "Excel holds the sheet",
                "\"current_subtask\": \"" + REQUEST + "\", \"function\": \"select_application_window\","
                        + " \"arguments\": " + arguments,
                "ASSIGN");
    }

    /** Excel stops responding: the action the model chose meets a crashed application. */
    private static Runnable excelCrashes(World world) {
        return () -> world.excel().crash("EXCEL.EXE stopped responding");
    }

    /** The desktop disappears: the action the model chose meets no desktop. */
    private static Runnable desktopGoes(World world) {
        return () -> world.desktop().disconnect("the remote desktop session closed");
    }

    /**
     * The host's faults: in CONTINUE a malformed reply, an undeclared status and a window chosen with an
     * argument select_application_window does not take (re-asked), Excel crashing and the desktop disappearing
     * while the model chooses Excel (onError: ERROR); in PENDING a question and in CONFIRM a confirmation left
     * unanswered (the machine's timeout and rejection: FAIL); in CONFIRM the desktop disappearing before the
     * approved step runs (ERROR).
     */
    @TestFactory
    Stream<DynamicTest> everyHostAgentTransitionIsTaken() {
        return scripted(HostAgentStateManager.instance(), Start.HOST)
                .fault(
                        Fault.MALFORMED_REPLY,
                        HostAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply("{\"observation\": \"Word and Excel\", \"status\": "))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        HostAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(host("Nap", "\"function\": \"\"", "SLEEP")))
                .fault(
                        Fault.BAD_TOOL_ARGUMENTS,
                        HostAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(selectExcel("{\"window\": \"Excel\"}")))
                .fault(
                        Fault.TOOL_ERROR,
                        HostAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(selectExcel("{\"id\": \"2\"}"), excelCrashes(world)))
                .fault(
                        Fault.DEVICE_GONE,
                        HostAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(selectExcel("{\"id\": \"2\"}"), desktopGoes(world)))
                .fault(
                        Fault.NO_ANSWER,
                        HostAgentStatus.PENDING,
                        HostAgentStatus.FAIL,
                        (world, step, script) -> script.noAnswer())
                .fault(
                        Fault.NO_ANSWER,
                        HostAgentStatus.CONFIRM,
                        HostAgentStatus.FAIL,
                        (world, step, script) -> script.decide(Decision.TIMED_OUT))
                .fault(
                        Fault.DEVICE_GONE,
                        HostAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(Decision.APPROVED, desktopGoes(world)))
                .tests(world -> run(world.host(), world));
    }

    /**
     * The AppAgent's faults: in CONTINUE a malformed reply and an undeclared status (re-asked), Excel crashing
     * and the desktop disappearing while the model chooses a selection (onError: ERROR); a question left
     * unanswered (PENDING goes on to CONTINUE, telling the model), a confirmation left unanswered (a rejection:
     * FINISH), the desktop disappearing before the approved action runs (ERROR).
     */
    @TestFactory
    Stream<DynamicTest> everyAppAgentTransitionIsTaken() {
        String select = app("Select the data", "select_item", "{\"id\": 3, \"value\": \"A1:B2\"}", "CONTINUE", "");
        return scripted(AppAgentStateManager.instance(), Start.APP)
                .fault(
                        Fault.MALFORMED_REPLY,
                        AppAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply("{\"action\": {\"function\": \"select_item\""))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        AppAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(app("Wait a while", "", "{}", "SLEEP", "")))
                .fault(
                        Fault.TOOL_ERROR,
                        AppAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(select, excelCrashes(world)))
                .fault(
                        Fault.DEVICE_GONE,
                        AppAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(select, desktopGoes(world)))
                .fault(
                        Fault.NO_ANSWER,
                        AppAgentStatus.PENDING,
                        AppAgentStatus.CONTINUE,
                        (world, step, script) -> script.noAnswer())
                .fault(
                        Fault.NO_ANSWER,
                        AppAgentStatus.CONFIRM,
                        AppAgentStatus.FINISH,
                        (world, step, script) -> script.decide(Decision.TIMED_OUT))
                .fault(
                        Fault.DEVICE_GONE,
                        AppAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(Decision.APPROVED, desktopGoes(world)))
                .tests(world -> Round.of(
                                AppAgentStateManager.instance(), world.app().orElseThrow())
                        .context(world.context())
                        .build()
                        .run());
    }

    /**
     * The Operator's faults: in CONTINUE a malformed reply and an undeclared status (re-asked), Excel crashing
     * and the desktop disappearing while the model chooses a click (onError: ERROR); a question left
     * unanswered (PENDING goes on to CONTINUE), a confirmation left unanswered (a rejection: FINISH), the
     * desktop disappearing before the approved click (ERROR).
     */
    @TestFactory
    Stream<DynamicTest> everyOperatorAgentTransitionIsTaken() {
        String click = operator("Click A1", "\"action\": {\"type\": \"click\", \"x\": 680, \"y\": 142}", "CONTINUE");
        return scripted(OperatorAgentStateManager.instance(), Start.OPERATOR)
                .fault(
                        Fault.MALFORMED_REPLY,
                        OperatorAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply("I clicked the button."))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        OperatorAgentStatus.CONTINUE,
                        (world, step, script) ->
                                script.reply(operator("Nap", "\"action\": {\"type\": \"wait\"}", "SLEEP")))
                .fault(
                        Fault.TOOL_ERROR,
                        OperatorAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(click, excelCrashes(world)))
                .fault(
                        Fault.DEVICE_GONE,
                        OperatorAgentStatus.CONTINUE,
                        (world, step, script) -> script.reply(click, desktopGoes(world)))
                .fault(
                        Fault.NO_ANSWER,
                        OperatorAgentStatus.PENDING,
                        OperatorAgentStatus.CONTINUE,
                        (world, step, script) -> script.noAnswer())
                .fault(
                        Fault.NO_ANSWER,
                        OperatorAgentStatus.CONFIRM,
                        OperatorAgentStatus.FINISH,
                        (world, step, script) -> script.decide(Decision.TIMED_OUT))
                .fault(
                        Fault.DEVICE_GONE,
                        OperatorAgentStatus.CONFIRM,
                        (world, step, script) -> script.decide(Decision.APPROVED, desktopGoes(world)))
                .tests(world -> Round.of(
                                OperatorAgentStateManager.instance(),
                                world.operator().orElseThrow())
                        .context(world.context())
                        .build()
                        .run());
    }

    private static RoundResult run(HostAgent host, World world) {
        return Round.of(HostAgentStateManager.instance(), host)
                .context(world.context())
                .build()
                .run();
    }
}
