package dev.agentfsm.agents.linux.shell;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real shell of this machine, as UFO's hardened Linux server offers it, without a shell:
 * {@code execute_command(command, timeout, cwd)} splits the command line into words and runs an
 * allow-listed program directly, found only on the configured search path, in a directory inside the
 * configured root, with a minimal environment ({@code PATH}, {@code LANG=C.UTF-8}, {@code HOME} = the
 * root, a {@code TMPDIR} of its own that is deleted afterwards), stdin closed, in a session of its own,
 * within the configured {@link ShellLimits}, in a {@link Sandbox} that keeps it away from the agent's
 * process, with a time-out clamped to 1–120 s after which it is stopped with everything it started, and
 * with stdout and stderr captured separately and capped. {@code get_system_info()} runs {@code uname -a},
 * {@code uptime}, {@code free -h} and {@code df -h}.
 *
 * <p>A command that is not allowed is an {@link ActionResult} saying so ({@code "not allowed: ...,
 * allowed: ..."}), for the LLM to read; it never runs. Arguments that name files are not confined:
 * like UFO, the allowed commands may read anything the user they run as may read (see {@link Sandbox}).
 */
public final class ShellDriver implements DeviceDriver {
    /** The tool that runs one command. */
    public static final String EXECUTE_COMMAND = "execute_command";
    /** The tool that describes the machine. */
    public static final String GET_SYSTEM_INFO = "get_system_info";

    static final Duration MIN_TIMEOUT = Duration.ofSeconds(1);
    static final Duration MAX_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration SYSTEM_INFO_TIMEOUT = Duration.ofSeconds(10);
    private static final List<List<String>> SYSTEM_INFO_COMMANDS =
            List.of(List.of("uname", "-a"), List.of("uptime"), List.of("free", "-h"), List.of("df", "-h"));
    private static final Set<String> COMMAND_ARGUMENTS = Set.of("command", "timeout", "cwd");

    private static final Logger LOG = LoggerFactory.getLogger(ShellDriver.class);

    private final ShellConfig config;
    private final CommandPolicy policy;
    private final CommandRunner runner;
    private final Sandbox sandbox;

    private ShellDriver(ShellConfig config, Confinement confinement, CommandRunner.TimeOuts timeOuts) {
        this.config = config;
        this.policy = new CommandPolicy(config.allowedCommands());
        this.runner = new CommandRunner(config.outputCapBytes(), confinement, config.limits(), timeOuts);
        this.sandbox = confinement.sandbox();
    }

    /**
     * A driver working in {@code config.root()}, running commands in the strongest {@link Sandbox} this
     * system allows (found once per JVM), which it logs.
     *
     * @throws IllegalArgumentException if the root is not an existing directory, or not readable by the
     *     user the commands run as
     * @throws IllegalStateException if util-linux's {@code setpriv}, {@code prlimit} or {@code setsid} is missing
     */
    public static ShellDriver of(ShellConfig config) {
        SystemTools tools = SystemTools.find();
        return of(config, tools, Confinement.strongest(tools), CommandRunner.TimeOuts.CLOCK);
    }

    /** A driver running commands in {@code sandbox}, which this system must allow. */
    static ShellDriver of(ShellConfig config, Sandbox sandbox) {
        return of(config, SystemTools.find(), sandbox, CommandRunner.TimeOuts.CLOCK);
    }

    /** A driver running commands in {@code sandbox} whose time-outs happen when {@code timeOuts} says (tests). */
    static ShellDriver of(ShellConfig config, Sandbox sandbox, CommandRunner.TimeOuts timeOuts) {
        return of(config, SystemTools.find(), sandbox, timeOuts);
    }

    private static ShellDriver of(
            ShellConfig config, SystemTools tools, Sandbox sandbox, CommandRunner.TimeOuts timeOuts) {
        Objects.requireNonNull(config, "config");
        if (!Files.isDirectory(config.root())) {
            throw new IllegalArgumentException(
                    "the shell's root '" + config.root() + "' is not a directory; create it or name another one");
        }
        Confinement confinement = new Confinement(tools, sandbox, config.limits());
        confinement.checkReadable(config.root());
        Confinement.deleteStaleOnce();
        LOG.info("shell driver in {}: {}", config.root(), sandbox.description());
        return new ShellDriver(config, confinement, timeOuts);
    }

    /** What the driver may do. */
    public ShellConfig config() {
        return config;
    }

    /** How commands are kept away from the agent on this system; {@link Sandbox#description()} says it for people. */
    public Sandbox sandbox() {
        return sandbox;
    }

    @Override
    public String name() {
        return "shell:" + config.root();
    }

    @Override
    public List<ToolSpec> tools() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(
                "command",
                "one command and its arguments, e.g. \"ls -la logs\"; no pipes, redirections,"
                        + " ';', '&', '$(' or backticks, and nothing is expanded ('*', '~' and '$HOME' stay as written);"
                        + " allowed commands: " + allowedList());
        parameters.put("timeout", "seconds to wait, 1 to 120 (default: the agent's action time-out)");
        parameters.put("cwd", "working directory, relative to " + config.root() + " (default: that directory)");
        return List.of(
                new ToolSpec(
                        EXECUTE_COMMAND,
                        "Run one read-only command and return its exit code, stdout and stderr",
                        parameters),
                new ToolSpec(GET_SYSTEM_INFO, "Describe the machine: uname -a, uptime, free -h, df -h", Map.of()));
    }

    @Override
    public Observation observe(Duration timeout) throws DriverException {
        return Observation.text(systemInfo().output());
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) throws DriverException {
        return switch (action.function()) {
            case EXECUTE_COMMAND -> executeCommand(action.arguments(), timeout);
            case GET_SYSTEM_INFO ->
                action.arguments().isEmpty()
                        ? systemInfo()
                        : ActionResult.failed("get_system_info takes no arguments, got "
                                + action.arguments().keySet());
            default ->
                ActionResult.failed("unknown tool '" + action.function() + "'; the tools are " + EXECUTE_COMMAND
                        + "(command, timeout, cwd) and " + GET_SYSTEM_INFO + "()");
        };
    }

    private ActionResult executeCommand(Map<String, Object> arguments, Duration defaultTimeout) throws DriverException {
        for (String name : arguments.keySet()) {
            if (!COMMAND_ARGUMENTS.contains(name)) {
                return ActionResult.failed(
                        "unknown argument '" + name + "' of execute_command; its arguments are command, timeout, cwd");
            }
        }
        if (!(arguments.get("command") instanceof String command)) {
            return ActionResult.failed("execute_command needs a 'command' string, got " + arguments.get("command"));
        }
        Optional<Duration> timeout = timeout(arguments.get("timeout"), defaultTimeout);
        if (timeout.isEmpty()) {
            return ActionResult.failed("timeout must be a number of seconds, got '" + arguments.get("timeout") + "'");
        }
        Verdict verdict = policy.check(command);
        if (verdict instanceof Verdict.Refuse refuse) {
            return refused(command, refuse.reason());
        }
        List<String> argv = ((Verdict.Run) verdict).argv();
        Optional<Path> program = findProgram(argv.get(0));
        if (program.isEmpty()) {
            return ActionResult.failed("'" + CommandPolicy.basename(argv.get(0)) + "' is allowed but not installed in "
                    + config.pathVariable());
        }
        if (argv.get(0).contains("/") && !sameFile(Path.of(argv.get(0)), program.get())) {
            return refused(
                    command,
                    "'" + argv.get(0) + "' is not " + program.get() + "; commands run only from "
                            + config.pathVariable() + ", give the bare name");
        }
        Object cwdArgument = arguments.get("cwd");
        Optional<Path> cwd = workingDirectory(cwdArgument == null ? "" : cwdArgument.toString());
        if (cwd.isEmpty()) {
            return refused(
                    command, "working directory '" + cwdArgument + "' is not a directory inside " + config.root());
        }
        List<String> resolved = new ArrayList<>(argv);
        resolved.set(0, program.get().toString());
        return run(command, resolved, cwd.get(), timeout.get());
    }

    private ActionResult run(String command, List<String> argv, Path cwd, Duration timeout) throws DriverException {
        CommandOutput output;
        try {
            output = runner.run(argv, cwd, environment(), timeout);
        } catch (IOException e) {
            return ActionResult.failed("could not start '" + argv.get(0) + "': " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while running '" + command + "' in " + cwd, e);
        }
        return CommandReport.of(command, cwd, output, timeout, config.limits());
    }

    private ActionResult systemInfo() throws DriverException {
        StringBuilder text = new StringBuilder();
        for (List<String> argv : SYSTEM_INFO_COMMANDS) {
            text.append("$ ").append(String.join(" ", argv)).append('\n');
            Optional<Path> program = findProgram(argv.get(0));
            if (program.isEmpty()) {
                text.append("(")
                        .append(argv.get(0))
                        .append(" is not installed in ")
                        .append(config.pathVariable())
                        .append(")\n");
                continue;
            }
            List<String> resolved = new ArrayList<>(argv);
            resolved.set(0, program.get().toString());
            ActionResult result = run(String.join(" ", argv), resolved, realRoot(), SYSTEM_INFO_TIMEOUT);
            text.append(result.data().getOrDefault("stdout", ""))
                    .append(result.reason().map(r -> "(" + r + ")\n").orElse(""));
        }
        return ActionResult.ok(text.toString().strip());
    }

    /** The program {@code word} names, looked up by its basename on the search path only. */
    Optional<Path> findProgram(String word) {
        String name = CommandPolicy.basename(word);
        for (Path dir : config.searchPath()) {
            Path candidate = dir.resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@code cwd} resolved against the root, when it is an existing directory inside the root (links resolved). */
    Optional<Path> workingDirectory(String cwd) {
        try {
            Path root = realRoot();
            Path dir = root.resolve(cwd.isBlank() ? "." : cwd).toRealPath();
            return dir.startsWith(root) && Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    private Map<String, String> environment() {
        return Map.of(
                "PATH",
                config.pathVariable(),
                "LANG",
                "C.UTF-8",
                "HOME",
                realRoot().toString());
    }

    private Path realRoot() {
        try {
            return config.root().toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException("the shell's root '" + config.root() + "' is gone: " + e.getMessage(), e);
        }
    }

    private ActionResult refused(String command, String reason) {
        return new ActionResult(
                false,
                "",
                Optional.of("not allowed: " + reason + "; allowed: " + allowedList()),
                Map.of("command", command, "refused", true));
    }

    private String allowedList() {
        return String.join(", ", config.allowedCommands());
    }

    private static Optional<Duration> timeout(Object argument, Duration defaultTimeout) {
        if (argument == null) {
            return Optional.of(clamp(defaultTimeout));
        }
        double seconds;
        if (argument instanceof Number number) {
            seconds = number.doubleValue();
        } else {
            try {
                seconds = Double.parseDouble(argument.toString().strip());
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        if (Double.isNaN(seconds)) {
            return Optional.empty(); // not a number of seconds: say so rather than clamp it to 1 s
        }
        return Optional.of(clamp(Duration.ofMillis(Math.round(seconds * 1000))));
    }

    static Duration clamp(Duration timeout) {
        return timeout.compareTo(MIN_TIMEOUT) < 0
                ? MIN_TIMEOUT
                : timeout.compareTo(MAX_TIMEOUT) > 0 ? MAX_TIMEOUT : timeout;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }
}
