package dev.agentfsm.agents.linux;

import static dev.agentfsm.agents.linux.LinuxAgentStatus.CONTINUE;
import static dev.agentfsm.agents.linux.LinuxAgentStatus.FAIL;
import static dev.agentfsm.agents.linux.LinuxAgentStatus.FINISH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rounds of the LinuxAgent with replayed replies, on the real shell or on a driver that breaks. */
class LinuxAgentRoundTest {
    /** Settings for every agent here: a round may enter at most 10 states. */
    private static final RuntimeConfig TEN_STEPS = RuntimeConfig.parse("maxStep: 10");

    @TempDir
    Path root;

    @BeforeEach
    void letCommandsRead() {
        CommandDirectories.readable(root); // as root, commands run as user nobody
    }

    private static String reply(String command, String status, String plan, String result) {
        String function = command.isEmpty() ? "" : "execute_command";
        String arguments = command.isEmpty() ? "{}" : "{\"command\": \"" + command + "\"}";
        return "{\"observation\": \"o\", \"thought\": \"t\", \"action\": {\"function\": \"" + function
                + "\", \"arguments\": " + arguments + ", \"status\": \"" + status + "\"}, \"plan\": " + plan
                + ", \"result\": \"" + result + "\"}";
    }

    private static LinuxAgent.Builder agent(DeviceDriver driver, ReplayLlmClient llm) {
        return LinuxAgent.builder(driver, llm).config(TEN_STEPS);
    }

    private LinuxAgent shellAgent(ReplayLlmClient llm) {
        return agent(ShellDriver.of(ShellConfig.of(root)), llm).build();
    }

    private static RoundResult round(LinuxAgent agent, String request) {
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, request))
                .build()
                .run();
    }

    @Test
    void promptsCarryTheRequestPlanBlackboardAndLastResults() throws Exception {
        Files.writeString(root.resolve("a.txt"), "apple\n");
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(
                reply("cat a.txt", "CONTINUE", "[\"read a.txt\", \"answer\"]", ""),
                reply("", "FINISH", "[]", "a.txt says apple")));
        List<LinuxStep> steps = new ArrayList<>();
        LinuxAgent agent = agent(ShellDriver.of(ShellConfig.of(root)), llm)
                .listener(new StepListener() {
                    @Override
                    public void stepDone(LinuxStep step) {
                        steps.add(step);
                    }
                })
                .build();

        RoundResult result = round(agent, "what does a.txt say?");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(CONTINUE, CONTINUE, FINISH), result.path());
        assertEquals(
                List.of("LinuxAgent.CONTINUE", "LinuxAgent.CONTINUE", "LinuxAgent.FINISH"), result.qualifiedPath());
        assertEquals("a.txt says apple", result.result().orElseThrow());
        assertEquals(2, steps.size());
        assertEquals(CONTINUE, steps.get(0).status());
        assertEquals("t", steps.get(0).thought());
        assertEquals("cat a.txt", steps.get(0).command());
        assertEquals(
                "exit code: 0\nstdout:\napple\n",
                steps.get(0).result().orElseThrow().output());
        assertEquals(FINISH, steps.get(1).status());
        assertEquals("", steps.get(1).command());
        assertTrue(steps.get(1).action().isEmpty());
        assertTrue(steps.get(1).result().isEmpty());
        assertEquals(steps, agent.steps());

        List<LlmRequest> requests = llm.requests();
        String system = requests.get(0).messages().get(0).text();
        assertTrue(system.contains("- execute_command(command, timeout, cwd): "), system);
        assertTrue(system.contains("- get_system_info(): "), system);
        String first = userText(requests.get(0));
        assertTrue(first.startsWith("[Request]\nwhat does a.txt say?\n\n[Plan]\n(none yet)\n"), first);
        assertTrue(first.contains("[Last results]\n(nothing run yet)"), first);
        String second = userText(requests.get(1));
        assertTrue(second.contains("[Plan]\n- read a.txt\n- answer\n"), second);
        assertTrue(second.contains("[Step Trajectories Completed Previously:]"), second);
        assertTrue(second.contains("\"status\":\"CONTINUE\",\"action\":\"cat a.txt\",\"success\":true"), second);
        assertTrue(second.contains("[Last results]\nstep 1: cat a.txt\nexit code: 0\nstdout:\napple\n"), second);

        // every request offers the statuses in the schema it sends; the shared schema itself stays open
        String status = "/properties/action/properties/status";
        assertEquals(
                "[\"CONTINUE\",\"FINISH\",\"FAIL\"]",
                requests.get(1)
                        .responseSchema()
                        .orElseThrow()
                        .at(status + "/enum")
                        .toString());
        assertTrue(LinuxPrompt.SCHEMA.at(status + "/enum").isMissingNode(), LinuxPrompt.SCHEMA.toString());
    }

    @Test
    void failCleansUpIntoFinishWithTheReason() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(reply("", "FAIL", "[]", "formatting a disk needs root")));
        LinuxAgent agent = shellAgent(llm);

        RoundResult result = round(agent, "format /dev/sda");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(CONTINUE, FAIL, FINISH), result.path());
        assertEquals(FINISH, agent.status());
        assertEquals("formatting a disk needs root", result.result().orElseThrow());
    }

    @Test
    void aBrokenDeviceGoesToFailAndTheErrorIsKept() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(reply("ls", "CONTINUE", "[]", "")));
        LinuxAgent agent = agent(new BrokenDriver(), llm).build();

        RoundResult result = round(agent, "list files");

        assertEquals(Outcome.ERROR, result.outcome(), result.reason());
        assertEquals(List.of(CONTINUE, FAIL, FINISH), result.path());
        assertTrue(agent.steps().isEmpty(), "a step whose action threw is not recorded");
        Throwable error = result.error().orElseThrow();
        while (!(error instanceof DriverException) && error.getCause() != null) {
            error = error.getCause();
        }
        assertEquals(
                "the shell went away",
                assertInstanceOf(DriverException.class, error).getMessage());
    }

    @Test
    void argumentsThatAreNotAnObjectAreReaskedAndNothingRuns() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(
                "{\"observation\": \"\", \"thought\": \"\", \"action\": {\"function\": \"execute_command\","
                        + " \"arguments\": \"ls\", \"status\": \"CONTINUE\"}, \"plan\": [], \"result\": \"\"}",
                reply("", "FINISH", "[]", "done")));
        LinuxAgent agent = shellAgent(llm);

        RoundResult result = round(agent, "x");

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(CONTINUE, FINISH), result.path(), "the re-ask is the same step");
        List<ChatMessage> reasked = llm.requests().get(1).messages();
        String second = reasked.get(reasked.size() - 1).text();
        assertTrue(
                second.contains("Your reply was rejected: the arguments at /action/arguments must be a JSON object"
                        + " of named arguments, not \"ls\""),
                second);
        assertFalse(second.contains("exit code"), second);
        assertEquals(1, agent.steps().size(), agent.steps().toString());
    }

    @Test
    void theRoundStopsAtTheStepLimitOfTheAgentsSettings() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(
                reply("pwd", "CONTINUE", "[]", ""),
                reply("pwd", "CONTINUE", "[]", ""),
                reply("pwd", "CONTINUE", "[]", "")));
        LinuxAgent agent = LinuxAgent.builder(ShellDriver.of(ShellConfig.of(root)), llm)
                .config(RuntimeConfig.parse("maxStep: 2"))
                .build();

        RoundResult result = round(agent, "loop");

        assertEquals(Outcome.STEP_LIMIT, result.outcome(), result.reason());
        assertEquals(List.of(CONTINUE, CONTINUE), result.path());
        assertEquals(2, agent.steps().size());
        assertEquals(1, llm.remaining(), "the third reply is never asked for");
    }

    @Test
    void eachRoundOfASessionStartsAfreshAndKeepsTheBlackboard() {
        ReplayLlmClient llm = ReplayLlmClient.of(List.of(
                reply("pwd", "CONTINUE", "[\"look\"]", ""),
                reply("", "FINISH", "[\"left over\"]", "first"),
                reply("", "FINISH", "[]", "second")));
        LinuxAgent agent = LinuxAgent.builder(ShellDriver.of(ShellConfig.of(root)), llm)
                .config(RuntimeConfig.parse("maxStep: 10\nmaxRound: 2"))
                .build();
        List<RoundResult> results =
                Session.of(LinuxAgentStateManager.instance(), agent).build().run(List.of("where am I?", "and now?"));

        assertEquals(List.of(CONTINUE, CONTINUE, FINISH), results.get(0).path());
        assertEquals(List.of(CONTINUE, FINISH), results.get(1).path());
        assertEquals("second", results.get(1).result().orElseThrow());
        assertEquals(1, agent.steps().size(), "the second round's steps only");
        String third = userText(llm.requests().get(2));
        assertTrue(third.contains("[Plan]\n(none yet)\n"), third);
        assertTrue(third.contains("[Last results]\n(nothing run yet)"), third);
        assertTrue(
                third.contains("[Request History:]\n") && third.contains("where am I?"),
                "the blackboard keeps the first request: " + third);
    }

    private static String userText(LlmRequest request) {
        return request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .findFirst()
                .orElseThrow()
                .text();
    }

    /** A device that fails on every action, as a disconnected one would. */
    private static final class BrokenDriver implements DeviceDriver {
        @Override
        public String name() {
            return "broken";
        }

        @Override
        public Observation observe(Duration timeout) throws DriverException {
            throw new DriverException("the shell went away");
        }

        @Override
        public List<ToolSpec> tools() {
            return List.of(new ToolSpec("execute_command", "Run a command", Map.of("command", "the command")));
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) throws DriverException {
            throw new DriverException("the shell went away");
        }
    }
}
