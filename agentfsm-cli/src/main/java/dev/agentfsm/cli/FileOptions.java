package dev.agentfsm.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks of the options that name a file, made before a command creates or writes anything, so that a bad one
 * is refused with nothing written: each problem names the option, its value (escaped, as every path shown) and
 * the fix.
 */
final class FileOptions {
    private FileOptions() {}

    /**
     * A file that is written to, new or added to, whose missing directories are created ({@code --trace}): not a
     * directory, under a directory, writable.
     */
    static Optional<String> writable(String option, Path file, String fix) {
        String named = named(option, file);
        if (Files.isDirectory(file)) {
            return Optional.of(named + " is a directory; " + fix);
        }
        if (Files.exists(file)) {
            return Files.isWritable(file)
                    ? Optional.empty()
                    : Optional.of(named + " cannot be written (permission denied); give a file you may write");
        }
        Path ancestor = file.toAbsolutePath().getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        return ancestor == null ? Optional.empty() : creatableIn(named, ancestor);
    }

    /** A new file, in a directory that exists ({@code --journal}). */
    static Optional<String> creatable(String option, Path file, String fix) {
        String named = named(option, file);
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(named + " is a directory; " + fix);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || Files.exists(parent)) {
            return parent == null ? Optional.empty() : creatableIn(named, parent);
        }
        return Optional.of(named + " cannot be created: the directory '" + Console.shown(parent)
                + "' does not exist; create it, or give a path in an existing directory");
    }

    /**
     * A file that is read ({@code --resume}, {@code --shell-config}, {@code --replay}); a symbolic link is let
     * through, for the reader to refuse or follow.
     */
    static Optional<String> existing(String option, Path file, String fix) {
        String named = named(option, file);
        if (Files.isSymbolicLink(file)) {
            return Optional.empty();
        }
        if (!Files.exists(file)) {
            return Optional.of(named + " does not exist; " + fix);
        }
        if (Files.isDirectory(file)) {
            return Optional.of(named + " is a directory; " + fix);
        }
        return Files.isRegularFile(file) ? Optional.empty() : Optional.of(named + " is not a file; " + fix);
    }

    /** Whether two options name the same file, whether or not it exists yet. */
    static boolean same(Path one, Path other) {
        try {
            if (Files.exists(one) && Files.exists(other)) {
                return Files.isSameFile(one, other);
            }
        } catch (IOException e) {
            // unreadable: compared by name below
        }
        return one.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize());
    }

    /** The option and its value as every problem starts: {@code --trace 'out/trace.jsonl'}. */
    private static String named(String option, Path file) {
        return option + " '" + Console.shown(file) + "'";
    }

    private static Optional<String> creatableIn(String named, Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.of(named + " cannot be created: '" + Console.shown(directory)
                    + "' is not a directory; give a path in a directory");
        }
        if (!Files.isWritable(directory)) {
            return Optional.of(named + " cannot be created: the directory '" + Console.shown(directory)
                    + "' cannot be written (permission denied); give a path in a directory you may write");
        }
        return Optional.empty();
    }
}
