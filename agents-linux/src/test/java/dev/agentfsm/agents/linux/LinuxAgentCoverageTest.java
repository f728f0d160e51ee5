package dev.agentfsm.agents.linux;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.testing.PathStep;
import dev.agentfsm.testing.PathTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every declared transition of the LinuxAgent, taken by a round on the real shell (in a temporary
 * directory) with a model scripted from the coverage paths; the last test asserts that all were taken and
 * writes the report to {@code target/agentfsm-coverage/}.
 */
class LinuxAgentCoverageTest {
    @TempDir
    Path root;

    /** The model's reply for a CONTINUE step: a command to run, or the end of the task with its result. */
    private static String reply(PathStep step) {
        return switch ((LinuxAgentStatus) step.to()) {
            case CONTINUE ->
                """
                    {"observation": "nothing yet", "thought": "look around",
                     "action": {"function": "execute_command", "arguments": {"command": "ls"}, "status": "CONTINUE"},
                     "plan": ["list the files"], "result": ""}""";
            case FINISH ->
                """
                    {"observation": "notes.txt is here", "thought": "done",
                     "action": {"function": "", "arguments": {}, "status": "FINISH"},
                     "plan": [], "result": "one file: notes.txt"}""";
            case FAIL ->
                """
                    {"observation": "the request needs root", "thought": "give up",
                     "action": {"function": "", "arguments": {}, "status": "FAIL"},
                     "plan": [], "result": "formatting a disk needs root"}""";
        };
    }

    @TestFactory
    Stream<DynamicTest> everyTransitionIsTaken() {
        return PathTests.of(LinuxAgentStateManager.instance(), (path, script) -> {
                    Files.writeString(root.resolve("notes.txt"), "hello\n");
                    CommandDirectories.readable(root); // as root, commands run as user nobody
                    return LinuxAgent.builder(ShellDriver.of(ShellConfig.of(root)), script.llm())
                            .config(RuntimeConfig.parse("maxStep: 10"))
                            .build();
                })
                .on(LinuxAgentStatus.CONTINUE, (agent, step, script) -> script.reply(reply(step)))
                .tests(agent -> Round.of(LinuxAgentStateManager.instance(), agent)
                        .context(new Context().put(Context.REQUEST, "which files are here?"))
                        .build()
                        .run());
    }
}
