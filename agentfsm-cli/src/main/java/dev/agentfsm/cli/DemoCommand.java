package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.runtime.user.UserChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code demo}: the bundled task, answered by a recorded LLM conversation, run step by step on this
 * machine's real shell in a temporary workspace the command creates and fills; then the round's
 * result, the trace file and the machine's files extracted from the class path.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a bundled task with a recorded LLM conversation on this machine's real shell,"
                    + " in a new temporary directory, and prints each step.",
            "Needs no model and no network; only read-only, allow-listed commands run."
        })
final class DemoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Where to create the demo's directory (default: the system's temporary directory).")
    Optional<Path> parent = Optional.empty();

    @Override
    public Integer call() throws Exception {
        Console console = AgentFsmCli.console(spec);
        if (parent.isPresent() && !Files.isDirectory(parent.get())) {
            throw new ParameterException(
                    spec.commandLine(), "--dir '" + Console.shown(parent.get()) + "' is not a directory");
        }
        Path base = parent.isPresent()
                ? Files.createTempDirectory(parent.get(), "agentfsm-demo-")
                : Files.createTempDirectory("agentfsm-demo-");
        Path workspace = Files.createDirectory(base.resolve("workspace"));
        DemoFiles.fill(workspace);
        DemoFiles.shareWithEveryone(workspace); // as root, commands run as user nobody, who must read it
        String task = DemoFiles.task();
        console.println(console.bold("agent-fsm demo")
                + ": the LinuxAgent on this machine's shell, with a recorded LLM conversation");
        console.println("task:      " + task);
        console.println("workspace: " + Console.shown(workspace) + " (commands run there, without a shell)");

        ShellDriver shell = ShellDriver.of(ShellConfig.of(workspace));
        console.println("sandbox:   " + shell.sandbox().description());
        console.println("");

        Path trace = base.resolve("trace.jsonl");
        RoundResult result;
        try (JsonLinesTrace traceFile = JsonLinesTrace.open(trace)) {
            result = AgentRun.run(
                    console,
                    shell,
                    DemoFiles.replay(),
                    false,
                    RuntimeConfig.defaults(),
                    task,
                    List.of(traceFile),
                    UserChannel.alwaysDeny()); // the demo runs read-only commands only: nothing to confirm
        }
        String machine = MachineResources.qualifiedName(LinuxAgentStateManager.instance());
        List<Path> files = new MachineResources(AgentFsmCli.classPath()).extract(machine, base.resolve("machine"));
        console.println(console.bold("trace:    ") + Console.shown(trace));
        console.println(console.bold("diagrams: ") + (files.isEmpty() ? "(none on the class path)" : collapse(files)));
        return AgentRun.exitCode(result);
    }

    /** {@code dir/Name.{yaml,mmd,...}}: the files of one machine in one line (they differ only in extension). */
    private static String collapse(List<Path> files) {
        String first = Console.shown(files.get(0));
        String stem = first.substring(0, first.lastIndexOf('.') + 1);
        List<String> extensions = files.stream()
                .map(Console::shown)
                .map(file -> file.substring(stem.length()))
                .toList();
        return extensions.size() == 1 ? first : stem + "{" + String.join(",", extensions) + "}";
    }
}
