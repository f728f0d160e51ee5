package dev.agentfsm.agents.linux.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a {@link ShellDriver} may do: the directory it works in, the commands it may run, where it
 * looks for them, and how much output it keeps. {@link #of(Path)} gives UFO's read-only allow-list,
 * {@code /usr/bin:/bin} and 64 KiB per stream; the {@code with...} methods extend it.
 *
 * <pre>{@code
 * ShellConfig config = ShellConfig.of(Path.of("/srv/work")).withAllowed("journalctl");
 * }</pre>
 *
 * @param root the directory commands run in; a {@code cwd} outside it (after resolving links) is refused
 * @param allowedCommands the command names (basenames) that may run
 * @param searchPath the directories commands are looked up in, in order; also the commands' {@code PATH}
 * @param outputCapBytes how many bytes of stdout, and of stderr, are kept; the rest is dropped and marked
 */
public record ShellConfig(Path root, SortedSet<String> allowedCommands, List<Path> searchPath, int outputCapBytes) {

    /** UFO's allow-list of read-only commands (its hardened Linux MCP server). */
    public static final List<String> UFO_READ_ONLY_COMMANDS = List.of(
            "ls", "pwd", "cat", "head", "tail", "grep", "find", "which", "whereis", "wc", "sort", "uniq",
            "cut", "tr", "uname", "hostname", "whoami", "id", "uptime", "free", "df", "du", "ps", "ping",
            "traceroute", "nslookup", "dig", "host", "file", "stat", "md5sum", "sha256sum", "python3",
            "python", "echo", "date", "cal", "basename", "dirname", "realpath", "diff", "test");

    /** The default search path, which is also the commands' {@code PATH}. */
    public static final List<Path> DEFAULT_SEARCH_PATH = List.of(Path.of("/usr/bin"), Path.of("/bin"));

    /** The default cap of each of stdout and stderr: 64 KiB. */
    public static final int DEFAULT_OUTPUT_CAP_BYTES = 64 * 1024;

    public ShellConfig {
        Objects.requireNonNull(root, "root");
        root = root.toAbsolutePath().normalize();
        TreeSet<String> commands = new TreeSet<>();
        for (String command : allowedCommands) {
            commands.add(checkedCommandName(command));
        }
        allowedCommands = Collections.unmodifiableSortedSet(commands);
        if (searchPath.isEmpty()) {
            throw new IllegalArgumentException("the search path is empty; give at least one directory, e.g. /usr/bin");
        }
        List<Path> dirs = new ArrayList<>();
        for (Path dir : searchPath) {
            if (!dir.isAbsolute()) {
                throw new IllegalArgumentException("search path entry '" + dir + "' is relative; give an absolute directory");
            }
            dirs.add(dir.normalize());
        }
        searchPath = List.copyOf(dirs);
        if (outputCapBytes < 1) {
            throw new IllegalArgumentException("output cap is " + outputCapBytes + " bytes; give at least 1");
        }
    }

    /** UFO's read-only allow-list, {@code /usr/bin:/bin} and 64 KiB per stream, confined to {@code root}. */
    public static ShellConfig of(Path root) {
        return new ShellConfig(root, new TreeSet<>(UFO_READ_ONLY_COMMANDS), DEFAULT_SEARCH_PATH, DEFAULT_OUTPUT_CAP_BYTES);
    }

    /**
     * Reads a YAML file: {@code root} (default: the file's directory; relative to it), {@code allow}
     * (names added to UFO's list), {@code searchPath} (replaces {@code /usr/bin:/bin}) and
     * {@code outputCapBytes}; keys it does not set keep their defaults.
     *
     * <pre>{@code
     * root: /srv/app
     * allow: [journalctl]
     * searchPath: [/usr/bin, /bin, /opt/tools/bin]
     * }</pre>
     *
     * @throws IllegalArgumentException naming the file, the key and the value on any error
     */
    public static ShellConfig load(Path yaml) {
        return ShellConfigFile.load(yaml);
    }

    /**
     * This configuration with more allowed commands.
     *
     * @throws IllegalArgumentException if a name is blank or contains a {@code /} (allow a name, and put its directory on the search path)
     */
    public ShellConfig withAllowed(String... commands) {
        TreeSet<String> more = new TreeSet<>(allowedCommands);
        more.addAll(Arrays.asList(commands));
        return new ShellConfig(root, more, searchPath, outputCapBytes);
    }

    /** This configuration confined to another root. */
    public ShellConfig withRoot(Path root) {
        return new ShellConfig(root, allowedCommands, searchPath, outputCapBytes);
    }

    /** This configuration with {@code directory} searched after the current search path. */
    public ShellConfig withSearchDirectory(Path directory) {
        List<Path> dirs = new ArrayList<>(searchPath);
        dirs.add(directory);
        return new ShellConfig(root, allowedCommands, dirs, outputCapBytes);
    }

    /** This configuration with another cap for each of stdout and stderr. */
    public ShellConfig withOutputCap(int bytes) {
        return new ShellConfig(root, allowedCommands, searchPath, bytes);
    }

    /** The search path as a {@code PATH} value. */
    public String pathVariable() {
        return String.join(":", searchPath.stream().map(Path::toString).toList());
    }

    private static String checkedCommandName(String command) {
        Objects.requireNonNull(command, "allowed command");
        if (command.isBlank() || command.contains("/") || !command.equals(command.strip())) {
            throw new IllegalArgumentException("allowed command '" + command
                    + "' is not a command name; give a bare name such as 'journalctl' and put its directory on the search path");
        }
        return command;
    }
}
