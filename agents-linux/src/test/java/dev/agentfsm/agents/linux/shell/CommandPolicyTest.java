package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandPolicyTest {
    private final CommandPolicy policy = new CommandPolicy(ShellConfig.of(Path.of("/tmp")).withAllowed("rm", "bash").allowedCommands());

    private String refusal(String line) {
        return assertInstanceOf(Verdict.Refuse.class, policy.check(line), line).reason();
    }

    @Test
    void allowedCommandRunsWithItsWords() {
        assertEquals(new Verdict.Run(List.of("grep", "-rn", "needle in", ".")), policy.check("grep -rn 'needle in' ."));
        assertEquals(new Verdict.Run(List.of("/usr/bin/ls", "-l")), policy.check("/usr/bin/ls -l"));
        assertEquals(new Verdict.Run(List.of("python3", "--version")), policy.check("python3 --version"));
        assertEquals(new Verdict.Run(List.of("ls", "pre-execution.txt")), policy.check("ls pre-execution.txt"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ls; rm -rf x", "ls | wc -l", "ls && rm x", "ls & rm x", "echo `rm x`", "echo hi > x",
            "cat < x", "ls\nrm x", "ls\rrm x", "ls\0rm x", "echo 'a;b'"})
    void shellSyntaxIsRefusedEvenQuoted(String line) {
        assertTrue(refusal(line).contains("is shell syntax; commands run without a shell"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo $(rm x)", "echo ${HOME}", "cat /dev/tcp/example.com/80", "cat /dev/udp/1.1.1.1/53"})
    void substitutionsAndNetworkDevicesAreRefused(String line) {
        assertTrue(refusal(line).startsWith("'"), refusal(line));
        assertTrue(refusal(line).contains("is blocked"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"find . -exec rm {} +", "find . -execdir rm {} +", "grep -exec x"})
    void execWordsAreRefusedAfterAnyCommand(String line) {
        assertTrue(refusal(line).endsWith("is blocked: it runs other commands"), refusal(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"find . -delete", "find . -ok rm {}", "find . -okdir rm", "find . -fprint out",
            "find . -fprint0 out", "find . -fprintf out %p", "find . -fls out"})
    void findMayOnlyList(String line) {
        assertTrue(refusal(line).startsWith("find -"), refusal(line));
        assertTrue(refusal(line).endsWith("is blocked: find may only list files"), refusal(line));
    }

    @Test
    void interpretersMayOnlyPrintTheirVersion() {
        assertEquals("python may only run as 'python --version' or 'python -V'", refusal("python -c 'print(1)'"));
        assertEquals("python3 may only run as 'python3 --version' or 'python3 -V'", refusal("python3"));
        assertEquals("python3 may only run as 'python3 --version' or 'python3 -V'", refusal("python3 --version -c x"));
        assertEquals("bash may only run as 'bash --version' or 'bash -V'", refusal("bash -c ls"));
        assertInstanceOf(Verdict.Run.class, policy.check("python -V"));
    }

    @Test
    void commandsOffTheListAreRefusedByBasename() {
        assertEquals("'curl' is not on the allow-list", refusal("curl http://example.com"));
        assertEquals("'curl' is not on the allow-list", refusal("/usr/bin/curl http://example.com"));
        assertEquals("'' is not on the allow-list", refusal("/usr/bin/ x"));
        assertEquals("the command is empty", refusal("   "));
        assertEquals("cannot split the command into words: unterminated single quote at position 4", refusal("cat 'x"));
    }
}
