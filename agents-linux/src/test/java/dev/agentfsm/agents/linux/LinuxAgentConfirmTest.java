package dev.agentfsm.agents.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import dev.agentfsm.testing.ScriptedUserChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LinuxAgent asks its user before a command the shell admits only as unsafe ({@code env}, added with
 * {@code allowUnsafe}), and never before a read-only one.
 */
class LinuxAgentConfirmTest {
    private static final RuntimeConfig TEN_STEPS = RuntimeConfig.parse("maxStep: 10");
    private static final String PROMPT = "run 'env'? (env is allowed as unsafe: it may write files or run programs)";

    @TempDir
    Path root;

    private ShellConfig shell;

    @BeforeEach
    void shell() {
        CommandDirectories.readable(root); // as root, commands run as user nobody
        shell = ShellConfig.of(root).withUnsafeAllowed("env");
    }

    private static String reply(String command, String status) {
        String function = command.isEmpty() ? "" : "execute_command";
        String arguments = command.isEmpty() ? "{}" : "{\"command\": \"" + command + "\"}";
        return "{\"observation\": \"o\", \"thought\": \"t\", \"action\": {\"function\": \"" + function
                + "\", \"arguments\": " + arguments + ", \"status\": \"" + status + "\"}, \"plan\": [],"
                + " \"result\": \"done\"}";
    }

    private RoundResult round(UserChannel user, List<LinuxStep> steps, boolean confirm) {
        ReplayLlmClient llm =
                ReplayLlmClient.of(List.of(reply("ls", "CONTINUE"), reply("env", "CONTINUE"), reply("", "FINISH")));
        LinuxAgent.Builder builder = LinuxAgent.builder(ShellDriver.of(shell), llm)
                .config(TEN_STEPS)
                .user(user)
                .listener(new StepListener() {
                    @Override
                    public void stepDone(LinuxStep step) {
                        steps.add(step);
                    }
                });
        if (confirm) {
            builder.confirmUnsafe(shell);
        }
        return Round.of(LinuxAgentStateManager.instance(), builder.build())
                .context(new Context().put(Context.REQUEST, "show the environment"))
                .build()
                .run();
    }

    @Test
    void anApprovedUnsafeCommandRunsAndAReadOnlyOneIsNotAsked() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(), List.of(Decision.APPROVED));
        List<LinuxStep> steps = new ArrayList<>();

        RoundResult result = round(user, steps, true);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(PROMPT), user.asked(), "only env is asked about");
        String output = steps.get(1).result().orElseThrow().output();
        assertTrue(output.contains("PATH=/usr/bin:/bin"), output);
    }

    @Test
    void aRejectedUnsafeCommandDoesNotRunAndTheModelReadsWhy() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(), List.of(Decision.REJECTED));
        List<LinuxStep> steps = new ArrayList<>();

        RoundResult result = round(user, steps, true);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(PROMPT), user.asked());
        assertEquals(
                Optional.of("not run: the user rejected running 'env'; do without it, or finish and say what is"
                        + " left to do"),
                steps.get(1).result().orElseThrow().reason());
    }

    @Test
    void aSuspendingChannelStopsTheRoundAtTheConfirmation() {
        List<LinuxStep> steps = new ArrayList<>();

        RoundResult result = round(UserChannel.suspending(), steps, true);

        assertEquals(Outcome.SUSPENDED, result.outcome(), result.reason());
        assertEquals(
                new Waiting(Waiting.Kind.DECISION, PROMPT, "LinuxAgent.CONTINUE", 1, 2),
                result.waiting().orElseThrow());
        assertEquals(1, steps.size(), "ls ran; env waits");
    }

    @Test
    void withoutConfirmUnsafeNothingIsAsked() {
        ScriptedUserChannel user = ScriptedUserChannel.of(List.of(), List.of());
        List<LinuxStep> steps = new ArrayList<>();

        RoundResult result = round(user, steps, false);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(List.of(), user.asked());
        assertTrue(steps.get(1).result().orElseThrow().output().contains("PATH=/usr/bin:/bin"));
    }

    @Test
    void aLineTheShellRefusesAnywayAsksNoOne() {
        assertEquals(Optional.of("env"), shell.unsafeCommand("env"));
        assertEquals(Optional.empty(), shell.unsafeCommand("env | cat"), "shell syntax: refused, not asked");
        assertEquals(Optional.empty(), shell.unsafeCommand("ls -l"));
        assertEquals(Optional.empty(), ShellConfig.of(root).unsafeCommand("env"), "not allowed at all");
    }
}
