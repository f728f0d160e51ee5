package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.testing.Fault;
import dev.agentfsm.testing.PathStep;
import dev.agentfsm.testing.PathTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

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
        return switch ((MobileAgentStatus) step.to()) {
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

    @TestFactory
    Stream<DynamicTest> everyTransitionIsTaken() {
        return PathTests.of(MobileAgentStateManager.instance(), (path, script) -> {
                    StandInAdb device = StandInAdb.install(Files.createTempDirectory(dir, "device"));
                    return MobileAgent.builder(device.connect(new MutableClock()), script.llm())
                            .config(RuntimeConfig.parse("maxStep: 10"))
                            .build();
                })
                .on(MobileAgentStatus.CONTINUE, (agent, step, script) -> script.reply(reply(step)))
                .fault(
                        Fault.MALFORMED_REPLY,
                        MobileAgentStatus.CONTINUE,
                        (agent, step, script) -> script.reply("```json\n{\"action\": \n```"))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        MobileAgentStatus.CONTINUE,
                        (agent, step, script) -> script.reply(
                                """
                        {"observation": "", "thought": "",
                         "action": {"function": "", "arguments": {}, "status": "PAUSE"}, "plan": [], "result": ""}"""))
                .tests(agent -> Round.of(MobileAgentStateManager.instance(), agent)
                        .context(new Context().put(Context.REQUEST, "open Settings"))
                        .build()
                        .run());
    }
}
