package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.testing.Fault;
import dev.agentfsm.testing.PathStep;
import dev.agentfsm.testing.PathTests;
import dev.agentfsm.testing.Script;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * Every declared transition of the MobileAgent, taken by a round on the stand-in adb (a fresh device per
 * path) with a model scripted from the coverage paths; the last test asserts that all were taken and
 * writes the report to {@code target/agentfsm-coverage/}.
 */
class MobileAgentCoverageTest {
    @TempDir
    Path dir;

    /** The model's reply for a CONTINUE step: launch Settings, or end the task. */
    private static String reply(PathStep step) {
        return reply((MobileAgentStatus) step.to());
    }

    private static String reply(MobileAgentStatus to) {
        return switch (to) {
            case CONTINUE ->
                """
                    {"observation": "the home screen", "thought": "open Settings",
                     "action": {"function": "launch_app", "arguments": {"package_name": "com.android.settings"},
                                "status": "CONTINUE"},
                     "plan": ["find Wi-Fi"], "result": ""}""";
            case FINISH ->
                """
                    {"observation": "Settings is open", "thought": "done",
                     "action": {"function": "", "arguments": {}, "status": "FINISH"},
                     "plan": [], "result": "Settings is open."}""";
            case FAIL ->
                """
                    {"observation": "the home screen", "thought": "no app can do this",
                     "action": {"function": "", "arguments": {}, "status": "FAIL"},
                     "plan": [], "result": "no installed app sends faxes"}""";
        };
    }

    /**
     * What one path runs on: the agent, its stand-in device, the path's script, and texts a later request to the
     * model must hold (what a fault's inject expects the model to be told).
     */
    record Phone(MobileAgent agent, StandInAdb device, Script script, List<String> toldToTheModel) {}

    /**
     * The paths, and every fault of the model or the device that CONTINUE's talk can meet: three the guard
     * re-asks; a tool call that fails (a control not on the screen), which the model reads at the next step
     * (CONTINUE -> CONTINUE, as the machine goes on); a device unplugged while the model thinks, into onError
     * (FAIL).
     */
    @TestFactory
    Stream<DynamicTest> everyTransitionIsTaken() {
        return PathTests.of(MobileAgentStateManager.instance(), (path, script) -> {
                    StandInAdb device = StandInAdb.install(Files.createTempDirectory(dir, "device"));
                    MobileAgent agent = MobileAgent.builder(device.connect(new MutableClock()), script.llm())
                            .config(RuntimeConfig.parse("maxStep: 10"))
                            .build();
                    return new Phone(agent, device, script, new ArrayList<>());
                })
                .on(MobileAgentStatus.CONTINUE, (phone, step, script) -> script.reply(reply(step)))
                .fault(
                        Fault.MALFORMED_REPLY,
                        MobileAgentStatus.CONTINUE,
                        (phone, step, script) -> script.reply("```json\n{\"action\": \n```"))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        MobileAgentStatus.CONTINUE,
                        (phone, step, script) -> script.reply(
                                """
                        {"observation": "", "thought": "",
                         "action": {"function": "", "arguments": {}, "status": "PAUSE"}, "plan": [], "result": ""}"""))
                .fault(
                        Fault.BAD_TOOL_ARGUMENTS,
                        MobileAgentStatus.CONTINUE,
                        (phone, step, script) -> script.reply(
                                """
                        {"observation": "the home screen", "thought": "open Settings",
                         "action": {"function": "launch_app", "arguments": {"package": "com.android.settings"},
                                    "status": "CONTINUE"},
                         "plan": [], "result": ""}"""))
                .fault(
                        Fault.TOOL_ERROR,
                        MobileAgentStatus.CONTINUE,
                        MobileAgentStatus.CONTINUE,
                        (phone, step, script) -> {
                            script.reply(
                                    """
                        {"observation": "the home screen", "thought": "click the fax app",
                         "action": {"function": "click_control", "arguments": {"control_id": 999},
                                    "status": "CONTINUE"},
                         "plan": [], "result": ""}""");
                            phone.toldToTheModel().add(TOOL_ERROR_TOLD);
                        })
                .fault(
                        Fault.DEVICE_GONE,
                        MobileAgentStatus.CONTINUE,
                        (phone, step, script) -> script.reply(
                                reply(MobileAgentStatus.CONTINUE), // launching Settings finds the device gone
                                () -> phone.device().unplug()))
                .tests(MobileAgentCoverageTest::round);
    }

    /** What the model reads at the next step after clicking a control that is not there. */
    private static final String TOOL_ERROR_TOLD = "there is no control 999 on the screen";

    /** Runs the round, then checks that the model was told what the faults' injects expect. */
    private static RoundResult round(Phone phone) {
        RoundResult result = Round.of(MobileAgentStateManager.instance(), phone.agent())
                .context(new Context().put(Context.REQUEST, "open Settings"))
                .build()
                .run();
        for (String told : phone.toldToTheModel()) {
            long heard = phone.script().requests().stream()
                    .skip(1)
                    .flatMap(request -> request.messages().stream())
                    .filter(message -> message.text().contains(told))
                    .count();
            if (heard == 0) {
                throw new AssertionFailedError("no later request to the model said \"" + told + "\"; the round ended "
                        + result.outcome() + ": " + result.reason());
            }
        }
        return result;
    }
}
