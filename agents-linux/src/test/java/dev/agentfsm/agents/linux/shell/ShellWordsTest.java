package dev.agentfsm.agents.linux.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

    @Test
    void blanksSeparateWords() {
        assertEquals(List.of("ls", "-la", "/tmp"), ShellWords.split("  ls \t-la   /tmp "));
        assertEquals(List.of(), ShellWords.split("   "));
    }

    @Test
    void singleQuotesKeepEverything() {
        assertEquals(List.of("grep", "a \"b\" \\c $d", "f"), ShellWords.split("grep 'a \"b\" \\c $d' f"));
        assertEquals(List.of("echo", ""), ShellWords.split("echo ''"));
    }

    @Test
    void doubleQuotesUnescapeOnlyTheirSpecials() {
        assertEquals(List.of("echo", "a \"b\" \\n $ `"), ShellWords.split("echo \"a \\\"b\\\" \\n \\$ \\`\""));
    }

    @Test
    void backslashKeepsTheNextCharacter() {
        assertEquals(List.of("cat", "my file", "x'y"), ShellWords.split("cat my\\ file x\\'y"));
    }

    @Test
    void adjacentQuotedPartsMakeOneWord() {
        assertEquals(List.of("abcde"), ShellWords.split("a'b'c\"d\"e"));
    }

    @Test
    void unterminatedQuotesAndTrailingBackslashAreErrors() {
        assertEquals(
                "unterminated single quote at position 5",
                assertThrows(IllegalArgumentException.class, () -> ShellWords.split("echo 'abc"))
                        .getMessage());
        assertEquals(
                "unterminated double quote at position 5",
                assertThrows(IllegalArgumentException.class, () -> ShellWords.split("echo \"abc\\\""))
                        .getMessage());
        assertEquals(
                "the command ends in a backslash",
                assertThrows(IllegalArgumentException.class, () -> ShellWords.split("echo abc\\"))
                        .getMessage());
    }
}
