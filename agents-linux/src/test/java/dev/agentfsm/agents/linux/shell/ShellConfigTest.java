package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShellConfigTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("shell.yaml"), yaml);
    }

    private String error(String yaml) throws IOException {
        Path file = write(yaml);
        return assertThrows(IllegalArgumentException.class, () -> ShellConfig.load(file))
                .getMessage()
                .replace(file.toString(), "shell.yaml");
    }

    @Test
    void defaultsAreUfosReadOnlyList() {
        ShellConfig config = ShellConfig.of(dir);
        assertEquals(42, config.allowedCommands().size());
        assertTrue(config.allowedCommands().containsAll(ShellConfig.UFO_READ_ONLY_COMMANDS));
        assertEquals("/usr/bin:/bin", config.pathVariable());
        assertEquals(65_536, config.outputCapBytes());
        assertEquals(new ShellLimits(1024, 60, 256, 64, 512), config.limits());
        assertEquals(java.util.Set.of(), config.unsafeCommands());
    }

    @Test
    void yamlExtendsTheDefaults() throws IOException {
        ShellConfig config = ShellConfig.load(
                write(
                        """
                root: work
                allow: [journalctl]
                allowUnsafe: [env]
                searchPath: [/usr/bin, /bin, /opt/tools/bin]
                outputCapBytes: 1024
                limits:
                  addressSpaceMiB: 512
                  processes: 16
                """));
        assertEquals(dir.resolve("work"), config.root());
        assertTrue(config.allowedCommands().containsAll(List.of("journalctl", "env", "ls", "grep")));
        assertEquals("/usr/bin:/bin:/opt/tools/bin", config.pathVariable());
        assertEquals(1024, config.outputCapBytes());
        assertEquals(new ShellLimits(512, 60, 256, 16, 512), config.limits(), "unset limits keep their defaults");
        assertEquals(java.util.Set.of("env"), config.unsafeCommands());
        assertEquals(dir, ShellConfig.load(write("# nothing set\n")).root());
    }

    @Test
    void badYamlNamesTheFileTheKeyAndTheValue() throws IOException {
        assertEquals(
                "shell.yaml: unknown key 'alow'; the keys are allow, allowUnsafe, limits, outputCapBytes, root,"
                        + " searchPath",
                error("alow: [env]\n"));
        assertEquals("shell.yaml: allow must be a list, got \"env\"", error("allow: env\n"));
        assertEquals("shell.yaml: every entry of allow must be text, got 3", error("allow: [3]\n"));
        assertEquals(
                "shell.yaml: allowed command '/usr/bin/env' is not a command name; give a bare name such as"
                        + " 'journalctl' and put its directory on the search path",
                error("allow: [/usr/bin/env]\n"));
        assertEquals(
                "shell.yaml: outputCapBytes must be a whole number of bytes, got \"big\"",
                error("outputCapBytes: big\n"));
        assertEquals(
                "shell.yaml: output cap is 0 bytes; give 1 to 1048576 (1 MiB), the output goes into the LLM's"
                        + " prompt",
                error("outputCapBytes: 0\n"));
        assertEquals(
                "shell.yaml: search path entry 'bin' is relative; give an absolute directory",
                error("searchPath: [bin]\n"));
        assertEquals("shell.yaml: root must be a directory, got 7", error("root: 7\n"));
        assertTrue(
                error("allow: [\n").startsWith("cannot read the shell configuration shell.yaml: "),
                error("allow: [\n"));
    }

    /** Issue 29: an entry with arguments was taken as a command name that no command line could ever match. */
    @Test
    void anAllowedEntryWithArgumentsIsRefusedNamingTheEntryAndTheFix() throws IOException {
        assertEquals(
                "shell.yaml: allowed command 'ls -la' has arguments; the allow-list holds command names only"
                        + " (give 'ls'), and the arguments are checked when each command runs",
                error("allow: [\"ls -la\"]\n"));
        assertEquals(
                "allowed command 'sort\t-o' has arguments; the allow-list holds command names only (give 'sort'),"
                        + " and the arguments are checked when each command runs",
                assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                                .withUnsafeAllowed("sort\t-o"))
                        .getMessage());
    }

    @Test
    void badLimitsNameTheKeyAndTheValue() throws IOException {
        assertEquals(
                "shell.yaml: limits.addressSpaceMiB is 8; give at least 64 (programs need some memory to start)",
                error("limits: {addressSpaceMiB: 8}\n"));
        assertEquals("shell.yaml: limits.cpuSeconds is 0; give at least 1", error("limits: {cpuSeconds: 0}\n"));
        assertEquals(
                "shell.yaml: limits.processes must be a whole number of processes, got \"many\"",
                error("limits: {processes: many}\n"));
        assertEquals(
                "shell.yaml: limits.tempSpaceMiB must be a whole number of MiB, got 99999999999",
                error("limits: {tempSpaceMiB: 99999999999}\n"));
        assertEquals(
                "shell.yaml: unknown key 'limits.memory'; the keys of limits are addressSpaceMiB, cpuSeconds,"
                        + " fileSizeMiB, processes, tempSpaceMiB",
                error("limits: {memory: 1}\n"));
        assertTrue(
                error("limits: 5\n").startsWith("shell.yaml: limits must be a mapping with the keys "),
                error("limits: 5\n"));
    }

    @Test
    void theOutputCapHasAnUpperBound() throws IOException {
        assertEquals(
                "shell.yaml: output cap is 2147483647 bytes; give 1 to 1048576 (1 MiB), the output goes into the"
                        + " LLM's prompt",
                error("outputCapBytes: 2147483647\n"));
        assertEquals(
                ShellConfig.MAX_OUTPUT_CAP_BYTES,
                ShellConfig.of(dir).withOutputCap(1_048_576).outputCapBytes());
        assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir).withOutputCap(1_048_577));
    }

    @Test
    void aSearchDirectoryOthersCanWriteToIsRefused() throws IOException {
        assertEquals(
                "shell.yaml: search path entry '/tmp' is not safe: it is writable by every user (mode 1777), so"
                        + " anyone could put a program there that runs in place of /usr/bin's; give a directory only root or"
                        + " you can write to",
                error("searchPath: [/tmp, /usr/bin]\n"));
        // not there yet, but anyone could create it in /tmp
        assertEquals(
                "search path entry '/tmp/agentfsm-nope/bin' is not safe: /tmp is writable by every user (mode"
                        + " 1777), so anyone could put a program there that runs in place of /usr/bin's; give a directory only"
                        + " root or you can write to",
                assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                                .withSearchDirectory(Path.of("/tmp/agentfsm-nope/bin")))
                        .getMessage());
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertEquals(
                "search path entry '" + open + "' is not safe: it is writable by every user (mode 777), so anyone"
                        + " could put a program there that runs in place of /usr/bin's; give a directory only root or you can"
                        + " write to",
                assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                                .withSearchDirectory(open))
                        .getMessage());
        // below a world-writable directory that is not sticky, the directory itself could be replaced
        Path inside = Files.createDirectory(open.resolve("bin"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                        .withSearchDirectory(inside))
                .getMessage()
                .startsWith("search path entry '" + inside + "' is not safe: " + open
                        + " is writable by every user (mode 777)"));
        // a directory of one's own, and one that is not there under a safe parent, are fine
        Path mine = Files.createDirectory(dir.resolve("bin"));
        assertEquals(
                List.of(Path.of("/usr/bin"), Path.of("/bin"), mine, Path.of("/opt/nope/bin")),
                ShellConfig.of(dir)
                        .withSearchDirectory(mine)
                        .withSearchDirectory(Path.of("/opt/nope/bin"))
                        .searchPath());
    }

    @Test
    void aSearchDirectoryOfAnotherUserIsRefused() throws IOException {
        Assumptions.assumeTrue(SystemTools.effectiveUid() == 0, "only root can give a directory to another user");
        Path theirs = Files.createDirectory(dir.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        assertEquals(
                "search path entry '" + theirs + "' is not safe: it belongs to uid 65534, who could put a program"
                        + " there that runs in place of /usr/bin's; give a directory owned by root or by you (uid 0)",
                assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                                .withSearchDirectory(theirs))
                        .getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sed",
                "tar",
                "git",
                "vim",
                "dd",
                "cp",
                "tee",
                "zstd",
                "python3.11",
                "perl5.36",
                "php8.2",
                "gcc-12",
                "pip3",
                "bash",
                "env",
                "xargs",
                "awk",
                "rm",
                "curl",
                "less",
                "make"
            })
    void commandsThatRunCodeOrWriteFilesAreRefusedUnlessNamedUnsafe(String command) throws IOException {
        String message = assertThrows(IllegalArgumentException.class, () -> ShellConfig.of(dir)
                        .withAllowed(command))
                .getMessage();
        assertTrue(message.startsWith("allowed command '" + command + "' "), message);
        assertTrue(
                message.endsWith(", and an added command runs with any arguments (only UFO's read-only commands"
                        + " have argument rules); leave it out, or allow it as unsafe if you accept that (allowUnsafe: ["
                        + command + "] in the shell configuration, --allow-unsafe " + command
                        + " on the command line)"),
                message);
        assertTrue(error("allow: [" + command + "]\n").startsWith("shell.yaml: allowed command '" + command + "' "));

        ShellConfig unsafe = ShellConfig.of(dir).withUnsafeAllowed(command);
        assertTrue(unsafe.allowedCommands().contains(command));
        assertEquals(java.util.Set.of(command), unsafe.unsafeCommands());
        assertEquals(
                java.util.Set.of(command),
                ShellConfig.load(write("allowUnsafe: [" + command + "]\n")).unsafeCommands());
    }

    @Test
    void commandsNotKnownToBeUnsafeAndUfosOwnNeedNoFlag() {
        ShellConfig config = ShellConfig.of(dir).withAllowed("journalctl", "lsblk", "md5sum", "sha512sum", "base64");
        assertTrue(
                config.allowedCommands().containsAll(List.of("journalctl", "lsblk", "sha512sum", "base64", "python3")));
        assertEquals(
                "sed runs other programs and writes files",
                "sed " + UnsafeCommands.why("sed").orElseThrow());
        assertEquals("python", UnsafeCommands.unversioned("python3.11"));
        assertEquals("perl", UnsafeCommands.unversioned("perl5.36"));
        assertEquals("md5sum", UnsafeCommands.unversioned("md5sum"));
        assertEquals("g++", UnsafeCommands.unversioned("g++-12"));
    }
}
