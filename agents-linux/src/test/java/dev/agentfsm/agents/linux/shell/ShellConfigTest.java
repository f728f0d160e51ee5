package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellConfigTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("shell.yaml"), yaml);
    }

    private String error(String yaml) throws IOException {
        Path file = write(yaml);
        return assertThrows(IllegalArgumentException.class, () -> ShellConfig.load(file)).getMessage()
                .replace(file.toString(), "shell.yaml");
    }

    @Test
    void defaultsAreUfosReadOnlyList() {
        ShellConfig config = ShellConfig.of(dir);
        assertEquals(42, config.allowedCommands().size());
        assertTrue(config.allowedCommands().containsAll(ShellConfig.UFO_READ_ONLY_COMMANDS));
        assertEquals("/usr/bin:/bin", config.pathVariable());
        assertEquals(65_536, config.outputCapBytes());
    }

    @Test
    void yamlExtendsTheDefaults() throws IOException {
        ShellConfig config = ShellConfig.load(write("""
                root: work
                allow: [journalctl, env]
                searchPath: [/usr/bin, /bin, /opt/tools/bin]
                outputCapBytes: 1024
                """));
        assertEquals(dir.resolve("work"), config.root());
        assertTrue(config.allowedCommands().containsAll(List.of("journalctl", "env", "ls", "grep")));
        assertEquals("/usr/bin:/bin:/opt/tools/bin", config.pathVariable());
        assertEquals(1024, config.outputCapBytes());
        assertEquals(dir, ShellConfig.load(write("# nothing set\n")).root());
    }

    @Test
    void badYamlNamesTheFileTheKeyAndTheValue() throws IOException {
        assertEquals("shell.yaml: unknown key 'alow'; the keys are allow, outputCapBytes, root, searchPath",
                error("alow: [env]\n"));
        assertEquals("shell.yaml: allow must be a list, got \"env\"", error("allow: env\n"));
        assertEquals("shell.yaml: every entry of allow must be text, got 3", error("allow: [3]\n"));
        assertEquals("shell.yaml: allowed command '/usr/bin/env' is not a command name; give a bare name such as"
                + " 'journalctl' and put its directory on the search path", error("allow: [/usr/bin/env]\n"));
        assertEquals("shell.yaml: outputCapBytes must be a whole number of bytes, got \"big\"", error("outputCapBytes: big\n"));
        assertEquals("shell.yaml: output cap is 0 bytes; give at least 1", error("outputCapBytes: 0\n"));
        assertEquals("shell.yaml: search path entry 'bin' is relative; give an absolute directory",
                error("searchPath: [bin]\n"));
        assertEquals("shell.yaml: root must be a directory, got 7", error("root: 7\n"));
        assertTrue(error("allow: [\n").startsWith("cannot read the shell configuration shell.yaml: "), error("allow: [\n"));
    }
}
