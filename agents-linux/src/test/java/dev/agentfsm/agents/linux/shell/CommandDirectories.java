package dev.agentfsm.agents.linux.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Test directories the commands may use. JUnit's temporary directories are private ({@code rwx------}),
 * and when the tests run as root the commands run as user {@code nobody} ({@link Sandbox#runsAsNobody()}).
 */
public final class CommandDirectories {
    private CommandDirectories() {}

    /** Lets every user list and enter {@code dir}, as a root or a search directory must be for {@code nobody}. */
    public static Path readable(Path dir) {
        try {
            return Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets the user that {@code shell}'s commands run as write in {@code dir} too (it becomes theirs). */
    static Path writable(Path dir, ShellDriver shell) {
        readable(dir);
        if (shell.sandbox().runsAsNobody()) {
            try {
                Files.setAttribute(dir, "unix:uid", Confinement.NOBODY);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }
}
