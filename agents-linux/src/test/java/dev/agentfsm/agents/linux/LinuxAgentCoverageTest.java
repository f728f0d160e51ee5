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
import dev.agentfsm.testing.Fault;
import dev.agentfsm.testing.PathStep;
import dev.agentfsm.testing.PathTests;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** A reply that is not JSON: the model lost the format. */
    static final String MALFORMED = "Sure! I will list the files now.";

    /** A reply whose status CONTINUE does not declare. */
    static final String UNDECLARED =
            """
            {"observation": "", "thought": "",
             "action": {"function": "", "arguments": {}, "status": "DONE_FOR_TODAY"},
             "plan": [], "result": ""}""";

    @TestFactory
    Stream<DynamicTest> everyTransitionIsTaken() {
        return paths("maxStep: 10").tests(LinuxAgentCoverageTest::round);
    }

    /**
     * Shown to bite: with the reply guard's re-asks turned off ({@code jsonParsingRetry: 0}), each generated
     * fault test fails, naming the rejected reply.
     */
    @Test
    void faultTestsFailWithoutTheReplyGuardsReask() {
        List<DynamicTest> faults = paths("maxStep: 10\njsonParsingRetry: 0")
                .tests(LinuxAgentCoverageTest::round)
                .filter(test -> test.getDisplayName().startsWith("fault "))
                .toList();
        assertEquals(2, faults.size(), faults.toString());
        for (DynamicTest fault : faults) {
            AssertionFailedError failure = assertThrows(
                    AssertionFailedError.class, () -> fault.getExecutable().execute());
            assertTrue(failure.getMessage().contains("not the planned CONTINUE -> "), failure.getMessage());
            assertTrue(failure.getMessage().contains("rejected after 0 re-asks"), failure.getMessage());
        }
    }

    private static RoundResult round(LinuxAgent agent) {
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, "which files are here?"))
                .build()
                .run();
    }

    private PathTests<LinuxAgent> paths(String config) {
        return PathTests.of(LinuxAgentStateManager.instance(), (path, script) -> {
                    Files.writeString(root.resolve("notes.txt"), "hello\n");
                    CommandDirectories.readable(root); // as root, commands run as user nobody
                    return LinuxAgent.builder(ShellDriver.of(ShellConfig.of(root)), script.llm())
                            .config(RuntimeConfig.parse(config))
                            .build();
                })
                .on(LinuxAgentStatus.CONTINUE, (agent, step, script) -> script.reply(reply(step)))
                .fault(
                        Fault.MALFORMED_REPLY,
                        LinuxAgentStatus.CONTINUE,
                        (agent, step, script) -> script.reply(MALFORMED))
                .fault(
                        Fault.UNDECLARED_STATUS,
                        LinuxAgentStatus.CONTINUE,
                        (agent, step, script) -> script.reply(UNDECLARED));
    }
}
