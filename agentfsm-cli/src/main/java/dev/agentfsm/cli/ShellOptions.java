package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The shell's options, which {@code run} and {@code mcp} share (a picocli mixin): {@code --root},
 * {@code --allow}, {@code --allow-unsafe} and {@code --shell-config}, and the shell they make.
 */
final class ShellOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--root",
            paramLabel = "DIR",
            description = "The directory commands run in; a working directory outside it is refused"
                    + " (default: the shell configuration's root, else the current directory).")
    Optional<Path> root = Optional.empty();

    @Option(
            names = "--allow",
            paramLabel = "COMMAND",
            description =
                    "Also allow this command (a name looked up on the search path, /usr/bin:/bin by default); repeatable.")
    List<String> allow = new ArrayList<>();

    @Option(
            names = "--allow-unsafe",
            paramLabel = "COMMAND",
            description = "Also allow this command although it runs code or writes files (sed, tar, cp, python3.11"
                    + " ...): it runs with any arguments the model gives; repeatable.")
    List<String> allowUnsafe = new ArrayList<>();

    @Option(
            names = "--shell-config",
            paramLabel = "FILE",
            description = "A YAML file with the shell's root, allow (commands added to the allow-list), allowUnsafe,"
                    + " searchPath, outputCapBytes and limits.")
    Optional<Path> shellConfig = Optional.empty();

    /**
     * The shell from {@code --shell-config}, then {@code --root}, then {@code --allow-unsafe} and
     * {@code --allow}.
     *
     * @throws ParameterException naming the option whose value is wrong, and why
     */
    ShellDriver shell() {
        if (root.isPresent() && !Files.isDirectory(root.get())) {
            throw bad("--root '" + Console.shown(root.get()) + "' is not a directory");
        }
        Optional<String> problem = shellConfig.flatMap(
                file -> FileOptions.existing("--shell-config", file, "give the YAML file of the shell's settings"));
        if (problem.isPresent()) {
            throw bad(problem.get());
        }
        ShellConfig config;
        try {
            config = shellConfig.map(ShellConfig::load).orElse(ShellConfig.of(Path.of(".")));
        } catch (IllegalArgumentException e) {
            throw bad("--shell-config " + e.getMessage());
        }
        if (root.isPresent()) {
            config = config.withRoot(root.get());
        }
        try {
            config = config.withUnsafeAllowed(allowUnsafe.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw bad("--allow-unsafe: " + e.getMessage());
        }
        try {
            config = config.withAllowed(allow.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            throw bad("--allow: " + e.getMessage());
        }
        try {
            return ShellDriver.of(config);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
