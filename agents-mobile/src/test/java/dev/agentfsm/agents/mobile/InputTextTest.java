package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text for {@code adb shell input text}: what the device's shell and the input command get. */
class InputTextTest {

    @Test
    void spacesBecomePercentS() {
        assertEquals("hello%sworld%s%sagain", InputText.escape("hello world  again"));
    }

    @Test
    void everyShellCharacterIsEscaped() {
        assertEquals("\\&\\;\\'\\\"\\(\\)\\<\\>\\|\\*\\~\\`", InputText.escape("&;'\"()<>|*~`"));
        assertEquals("\\$HOME\\\\n", InputText.escape("$HOME\\n"), "expansion and the backslash itself");
        assertEquals("a\\#b\\?c\\[d\\]\\{e\\}\\!", InputText.escape("a#b?c[d]{e}!"));
    }

    @Test
    void textTooLongForOneCommandIsRefusedNamingItsLength() {
        assertEquals("a".repeat(2_000), InputText.escape("a".repeat(2_000)));
        // 200,000 characters: past Linux's 128 KiB for one argument adb would not even start
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> InputText.escape("b".repeat(200_000)));
        assertEquals(
                "input text types at most 2000 characters at a time; got 200000 (starting \""
                        + "b".repeat(40)
                        + "... (200000 chars)\"). Type it in parts",
                e.getMessage());
    }

    @Test
    void plainAsciiIsUnchanged() {
        assertEquals("user@example.com,+1-555=42^_%:/", InputText.escape("user@example.com,+1-555=42^_%:/"));
    }

    @Test
    void aRealisticSearchQuery() {
        assertEquals(
                "Tom\\&Jerry%s\\(1940\\)%s\\*%sreviews\\;%sdon\\'t%s\\|%sgrep",
                InputText.escape("Tom&Jerry (1940) * reviews; don't | grep"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "café|'é' (U+00E9) at index 3",
                "naïve|'ï' (U+00EF) at index 2",
                "hi 👋|'👋' (U+1F44B) at index 3",
                "日本|'日' (U+65E5) at index 0",
            })
    void textAdbCannotTypeIsRefusedNamingTheCharacter(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InputText.escape(text));
        assertTrue(e.getMessage().contains("adb cannot type " + expected + " of \"" + text + "\""), e.getMessage());
    }

    @Test
    void controlCharactersAreRefusedByName() {
        assertTrue(InputText.escape("x").equals("x"));
        assertMessage("line one\nline two", "a newline (U+000A) at index 8");
        assertMessage("a\tb", "a tab (U+0009) at index 1");
        assertMessage("a\rb", "a carriage return (U+000D) at index 1");
        assertMessage("bell\u0007", "the control character U+0007 at index 4");
        assertMessage("del\u007f", "the control character U+007F at index 3");
        assertMessage("50%sale", "\"%s\", which adb's input text always turns into a space at index 2");
    }

    @Test
    void emptyTextIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> InputText.escape(""));
    }

    private static void assertMessage(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InputText.escape(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains("press_key"), "says what to do instead: " + e.getMessage());
    }
}
