package dev.agentfsm.agents.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.testing.CoveragePath;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

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
        return reply((LinuxAgentStatus) step.to());
    }

    private static String reply(LinuxAgentStatus to) {
        return switch (to) {
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

    /** A reply that is not JSON: the model lost the format. */
    static final String MALFORMED = "Sure! I will list the files now.";

    /** A reply whose status CONTINUE does not declare. */
    static final String UNDECLARED =
            """
            {"observation": "", "thought": "",
             "action": {"function": "", "arguments": {}, "status": "DONE_FOR_TODAY"},
             "plan": [], "result": ""}""";

    /** A tool call with an argument {@code execute_command} does not take. */
    static final String BAD_ARGUMENTS =
            """
            {"observation": "nothing yet", "thought": "look around",
             "action": {"function": "execute_command", "arguments": {"cmd": "ls"}, "status": "CONTINUE"},
             "plan": ["list the files"], "result": ""}""";

    /** A command that fails: the file is not there. */
    static final String FAILING_COMMAND =
            """
            {"observation": "nothing yet", "thought": "read the file",
             "action": {"function": "execute_command", "arguments": {"command": "cat missing.txt"}, "status": "CONTINUE"},
             "plan": ["read missing.txt"], "result": ""}""";

    /**
     * What one path runs on: the agent, on a shell that can disappear, the path's script, and texts a later
     * request to the model must hold (what a fault's inject expects the model to be told).
     */
    record Shell(LinuxAgent agent, DisappearingDevice device, Script script, List<String> toldToTheModel) {}

    @TestFactory
    Stream<DynamicTest> everyTransitionIsTaken() {
        return paths("maxStep: 10").tests(LinuxAgentCoverageTest::round);
    }

    /**
     * Shown to bite: with the reply guard's re-asks turned off ({@code jsonParsingRetry: 0}), each generated
     * test of a re-asked fault fails, naming the rejected reply.
     */
    @Test
    void faultTestsFailWithoutTheReplyGuardsReask() {
        List<DynamicTest> faults = paths("maxStep: 10\njsonParsingRetry: 0")
                .tests(LinuxAgentCoverageTest::round)
                .filter(test -> test.getDisplayName().endsWith("(re-asked)"))
                .toList();
        assertEquals(3, faults.size(), faults.toString());
        for (DynamicTest fault : faults) {
            AssertionFailedError failure = assertThrows(
                    AssertionFailedError.class, () -> fault.getExecutable().execute());
            assertTrue(failure.getMessage().contains("not the planned CONTINUE -> "), failure.getMessage());
            assertTrue(failure.getMessage().contains("rejected after 0 re-asks"), failure.getMessage());
        }
    }

    /**
     * Shown to bite: a device that does not disappear cannot pass for one that does, even though the model may
     * choose FAIL, the onError state, by itself: a fault led into onError must end the round as ERROR.
     */
    @Test
    void aDeviceGoneFaultFailsWhenTheDeviceStays() {
        List<DynamicTest> faults = PathTests.of(LinuxAgentStateManager.instance(), this::shell)
                .on(LinuxAgentStatus.CONTINUE, (shell, step, script) -> script.reply(reply(step)))
                .fault(Fault.DEVICE_GONE, LinuxAgentStatus.CONTINUE, (shell, step, script) -> script.reply(reply(step)))
                .tests(LinuxAgentCoverageTest::round)
                .filter(test -> test.getDisplayName().startsWith("fault "))
                .toList();

        AssertionFailedError failure = assertThrows(
                AssertionFailedError.class, () -> faults.get(0).getExecutable().execute());
        assertTrue(
                failure.getMessage()
                        .contains("ended COMPLETED, not ERROR: the DEVICE_GONE injected never failed the"
                                + " work of LinuxAgent.CONTINUE"),
                failure.getMessage());
    }

    /** Runs the round, then checks that the model was told what the faults' injects expect. */
    private static RoundResult round(Shell shell) {
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), shell.agent())
                .context(new Context().put(Context.REQUEST, "which files are here?"))
                .build()
                .run();
        for (String told : shell.toldToTheModel()) {
            boolean heard = shell.script().requests().stream()
                    .flatMap(request -> request.messages().stream())
                    .anyMatch(message -> message.text().contains(told));
            if (!heard) {
                throw new AssertionFailedError("no request to the model said \"" + told + "\"; the round ended "
                        + result.outcome() + ": " + result.reason());
            }
        }
        return result;
    }

    private Shell shell(CoveragePath path, Script script) throws Exception {
        return shell(script, "maxStep: 10");
    }

    private Shell shell(Script script, String config) throws Exception {
        Files.writeString(root.resolve("notes.txt"), "hello\n");
        CommandDirectories.readable(root); // as root, commands run as user nobody
        DisappearingDevice device = new DisappearingDevice(ShellDriver.of(ShellConfig.of(root)));
        LinuxAgent agent = LinuxAgent.builder(device, script.llm())
                .config(RuntimeConfig.parse(config))
                .build();
        return new Shell(agent, device, script, new ArrayList<>());
    }

    /**
     * The paths, and every fault of the model or the shell that CONTINUE's talk can meet: three the guard
     * re-asks; a command that fails, which the model reads at the next step (CONTINUE -> CONTINUE, as the
     * machine goes on); a shell that disappears while the model thinks, into onError (FAIL).
     */
    private PathTests<Shell> paths(String config) {
        return PathTests.of(LinuxAgentStateManager.instance(), (path, script) -> shell(script, config))
                .on(LinuxAgentStatus.CONTINUE, (shell, step, script) -> script.reply(reply(step)))
                .fault(
                        Fault.MALFORMED_REPLY,
                        LinuxAgentStatus.CONTINUE,
                        (shell, step, script) -> script.reply(MALFORMED))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        LinuxAgentStatus.CONTINUE,
                        (shell, step, script) -> script.reply(UNDECLARED))
                .fault(
                        Fault.BAD_TOOL_ARGUMENTS,
                        LinuxAgentStatus.CONTINUE,
                        (shell, step, script) -> script.reply(BAD_ARGUMENTS))
                .fault(
                        Fault.TOOL_ERROR,
                        LinuxAgentStatus.CONTINUE,
                        LinuxAgentStatus.CONTINUE,
                        (shell, step, script) -> {
                            script.reply(FAILING_COMMAND);
                            shell.toldToTheModel().add("missing.txt: No such file or directory");
                        })
                .fault(
                        Fault.DEVICE_GONE,
                        LinuxAgentStatus.CONTINUE,
                        (shell, step, script) -> script.reply(
                                reply(LinuxAgentStatus.CONTINUE), // a command, which finds the shell gone
                                () -> shell.device().unplug("its MCP server stopped")));
    }
}
