package dev.agentfsm.agents.linux.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@link ShellDriver} may do: the directory it works in, the commands it may run, where it
 * looks for them, how much output it keeps and what each command may use. {@link #of(Path)} gives
 * UFO's read-only allow-list, {@code /usr/bin:/bin}, 64 KiB per stream and {@link ShellLimits#DEFAULTS};
 * the {@code with...} methods extend it.
 *
 * <pre>{@code
 * ShellConfig config = ShellConfig.of(Path.of("/srv/work")).withAllowed("journalctl");
 * }</pre>
 *
 * <p>A command added to UFO's list gets no argument rules: it runs with whatever arguments the LLM
 * gives. Commands known to run code or write files ({@code sed}, {@code tar}, {@code git}, {@code cp},
 * {@code dd}, interpreters such as {@code python3.11} …) are refused unless they are also named in
 * {@code unsafeCommands} ({@link #withUnsafeAllowed}), which says the operator accepts that.
 *
 * @param root the directory commands run in; a {@code cwd} outside it (after resolving links) is refused
 * @param allowedCommands the command names (basenames) that may run; includes {@code unsafeCommands}
 * @param unsafeCommands the added commands the operator knowingly allows although they run code or write files
 * @param searchPath the directories commands are looked up in, in order; also the commands' {@code PATH}.
 *     Each must be writable only by root or the user running the agent, so no one else can shadow a program
 * @param outputCapBytes how many bytes of stdout, and of stderr, are kept (at most 1 MiB); the rest is
 *     dropped and marked
 * @param limits the memory, CPU time, file sizes, processes and temporary space of each command
 */
public record ShellConfig(
        Path root,
        SortedSet<String> allowedCommands,
        SortedSet<String> unsafeCommands,
        List<Path> searchPath,
        int outputCapBytes,
        ShellLimits limits) {

    /** UFO's allow-list of read-only commands (its hardened Linux MCP server). */
    public static final List<String> UFO_READ_ONLY_COMMANDS = List.of(
            "ls",
            "pwd",
            "cat",
            "head",
            "tail",
            "grep",
            "find",
            "which",
            "whereis",
            "wc",
            "sort",
            "uniq",
            "cut",
            "tr",
            "uname",
            "hostname",
            "whoami",
            "id",
            "uptime",
            "free",
            "df",
            "du",
            "ps",
            "ping",
            "traceroute",
            "nslookup",
            "dig",
            "host",
            "file",
            "stat",
            "md5sum",
            "sha256sum",
            "python3",
            "python",
            "echo",
            "date",
            "cal",
            "basename",
            "dirname",
            "realpath",
            "diff",
            "test");

    /** The default search path, which is also the commands' {@code PATH}. */
    public static final List<Path> DEFAULT_SEARCH_PATH = List.of(Path.of("/usr/bin"), Path.of("/bin"));

    /** The default cap of each of stdout and stderr: 64 KiB. */
    public static final int DEFAULT_OUTPUT_CAP_BYTES = 64 * 1024;

    /**
     * The largest cap of each of stdout and stderr: 1 MiB. The output goes into the LLM's prompt, which
     * holds far less, and is kept in memory while the command runs.
     */
    public static final int MAX_OUTPUT_CAP_BYTES = 1024 * 1024;

    public ShellConfig {
        Objects.requireNonNull(root, "root");
        root = root.toAbsolutePath().normalize();
        TreeSet<String> unsafe = new TreeSet<>();
        for (String command : unsafeCommands) {
            unsafe.add(checkedCommandName(command));
        }
        TreeSet<String> commands = new TreeSet<>(unsafe);
        for (String command : allowedCommands) {
            commands.add(checkedCommandName(command));
        }
        for (String command : commands) {
            checkSafeToAdd(command, unsafe);
        }
        allowedCommands = Collections.unmodifiableSortedSet(commands);
        unsafeCommands = Collections.unmodifiableSortedSet(unsafe);
        if (searchPath.isEmpty()) {
            throw new IllegalArgumentException("the search path is empty; give at least one directory, e.g. /usr/bin");
        }
        List<Path> dirs = new ArrayList<>();
        for (Path dir : searchPath) {
            if (!dir.isAbsolute()) {
                throw new IllegalArgumentException(
                        "search path entry '" + dir + "' is relative; give an absolute directory");
            }
            dirs.add(dir.normalize());
            SearchDirectory.check(dir.normalize());
        }
        searchPath = List.copyOf(dirs);
        if (outputCapBytes < 1 || outputCapBytes > MAX_OUTPUT_CAP_BYTES) {
            throw new IllegalArgumentException("output cap is " + outputCapBytes + " bytes; give 1 to "
                    + MAX_OUTPUT_CAP_BYTES + " (1 MiB), the output goes into the LLM's prompt");
        }
        Objects.requireNonNull(limits, "limits");
    }

    /**
     * UFO's read-only allow-list, {@code /usr/bin:/bin}, 64 KiB per stream and {@link ShellLimits#DEFAULTS},
     * confined to {@code root}.
     */
    public static ShellConfig of(Path root) {
        return new ShellConfig(
                root,
                new TreeSet<>(UFO_READ_ONLY_COMMANDS),
                new TreeSet<>(),
                DEFAULT_SEARCH_PATH,
                DEFAULT_OUTPUT_CAP_BYTES,
                ShellLimits.DEFAULTS);
    }

    /**
     * Reads a YAML file: {@code root} (default: the file's directory; relative to it), {@code allow}
     * (names added to UFO's list), {@code allowUnsafe} (added although they run code or write files),
     * {@code searchPath} (replaces {@code /usr/bin:/bin}), {@code outputCapBytes} and {@code limits};
     * keys it does not set keep their defaults.
     *
     * <pre>{@code
     * root: /srv/app
     * allow: [journalctl]
     * searchPath: [/usr/bin, /bin, /opt/tools/bin]
     * limits: {addressSpaceMiB: 512, cpuSeconds: 30}
     * }</pre>
     *
     * @throws IllegalArgumentException naming the file, the key and the value on any error
     */
    public static ShellConfig load(Path yaml) {
        return ShellConfigFile.load(yaml);
    }

    /**
     * This configuration with more allowed commands. They get no argument rules, except the few writers whose
     * writing options {@link CommandPolicy} refuses wherever they are allowed ({@code shuf -o}, {@code iconv -o},
     * {@code sdiff -o}, {@code xxd} with an output file).
     *
     * @throws IllegalArgumentException if a name is blank, contains a {@code /} (allow a name, and put its
     *     directory on the search path) or holds arguments ({@code ls -la}: allow {@code ls}), or names a
     *     command that runs code or writes files (see {@link #withUnsafeAllowed})
     */
    public ShellConfig withAllowed(String... commands) {
        TreeSet<String> more = new TreeSet<>(allowedCommands);
        more.addAll(Arrays.asList(commands));
        return new ShellConfig(root, more, unsafeCommands, searchPath, outputCapBytes, limits);
    }

    /**
     * This configuration with more allowed commands that are known to run code or write files
     * ({@code sed}, {@code tar}, {@code cp} …): the operator accepts that the LLM may run them with any
     * arguments. Interpreters and launchers ({@code python3.11}, {@code env} …) stay limited to their
     * version flag.
     *
     * @throws IllegalArgumentException if a name is blank, contains a {@code /} or holds arguments
     */
    public ShellConfig withUnsafeAllowed(String... commands) {
        TreeSet<String> more = new TreeSet<>(unsafeCommands);
        more.addAll(Arrays.asList(commands));
        return new ShellConfig(root, allowedCommands, more, searchPath, outputCapBytes, limits);
    }

    /** This configuration confined to another root. */
    public ShellConfig withRoot(Path root) {
        return new ShellConfig(root, allowedCommands, unsafeCommands, searchPath, outputCapBytes, limits);
    }

    /** This configuration with {@code directory} searched after the current search path. */
    public ShellConfig withSearchDirectory(Path directory) {
        List<Path> dirs = new ArrayList<>(searchPath);
        dirs.add(directory);
        return withSearchPath(dirs);
    }

    /** This configuration with another search path (instead of the current one). */
    public ShellConfig withSearchPath(List<Path> directories) {
        return new ShellConfig(root, allowedCommands, unsafeCommands, directories, outputCapBytes, limits);
    }

    /** This configuration with another cap for each of stdout and stderr. */
    public ShellConfig withOutputCap(int bytes) {
        return new ShellConfig(root, allowedCommands, unsafeCommands, searchPath, bytes, limits);
    }

    /** This configuration with other resource limits. */
    public ShellConfig withLimits(ShellLimits limits) {
        return new ShellConfig(root, allowedCommands, unsafeCommands, searchPath, outputCapBytes, limits);
    }

    /**
     * The command of {@link #unsafeCommands()} that {@code commandLine} would run, when it would run one
     * and the policy lets it run (a line the driver refuses anyway asks no one): what the LinuxAgent asks
     * its user to confirm before it runs. Empty for a read-only command, or a line that is refused.
     */
    public Optional<String> unsafeCommand(String commandLine) {
        Objects.requireNonNull(commandLine, "commandLine");
        if (unsafeCommands.isEmpty()
                || !(new CommandPolicy(allowedCommands).check(commandLine) instanceof Verdict.Run run)) {
            return Optional.empty();
        }
        String name = CommandPolicy.basename(run.argv().get(0));
        return unsafeCommands.contains(name) ? Optional.of(name) : Optional.empty();
    }

    /** The search path as a {@code PATH} value. */
    public String pathVariable() {
        return String.join(":", searchPath.stream().map(Path::toString).toList());
    }

    private static final Pattern WHITESPACE = Pattern.compile("\\s");

    private static String checkedCommandName(String command) {
        Objects.requireNonNull(command, "allowed command");
        String stripped = command.strip();
        Matcher space = WHITESPACE.matcher(stripped);
        if (space.find() && !stripped.substring(0, space.start()).contains("/")) {
            // 'ls -la' would be a name no command line matches: the policy compares the program's basename
            throw new IllegalArgumentException("allowed command '" + command + "' has arguments; the allow-list"
                    + " holds command names only (give '" + stripped.substring(0, space.start())
                    + "'), and the arguments are checked when each command runs");
        }
        if (command.isBlank() || command.contains("/") || !command.equals(command.strip())) {
            throw new IllegalArgumentException(
                    "allowed command '" + command
                            + "' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path");
        }
        return command;
    }

    private static void checkSafeToAdd(String command, Set<String> unsafe) {
        if (UFO_READ_ONLY_COMMANDS.contains(command) || unsafe.contains(command)) {
            return;
        }
        Optional<String> why = UnsafeCommands.why(command);
        if (why.isPresent()) {
            throw new IllegalArgumentException("allowed command '" + command + "' " + why.get()
                    + ", and an added command runs with any arguments (only UFO's read-only commands have argument"
                    + " rules); leave it out, or allow it as unsafe if you accept that (allowUnsafe: [" + command
                    + "] in the shell configuration, --allow-unsafe " + command + " on the command line)");
        }
    }
}
