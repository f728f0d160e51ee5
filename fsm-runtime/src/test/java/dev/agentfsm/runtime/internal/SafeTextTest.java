package dev.agentfsm.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SafeTextTest {
    /** Whether {@code text} holds a character a terminal would act on (C0 but none, DEL, C1, bidi controls). */
    private static boolean hasControls(String text) {
        return text.chars().anyMatch(SafeText::unsafe);
    }

    @Test
    void terminalSequencesAreShownAsEscapes() {
        String clipboard = "\u001B]52;c;cm0gLXJmIH4=\u0007";
        String title = "\u001B]0;owned\u001B\\";
        String clear = "\u001B[2J\u001B[H";

        assertEquals("\\u001b]52;c;cm0gLXJmIH4=\\u0007", SafeText.line(clipboard, 100));
        assertEquals("\\u001b]0;owned\\u001b\\", SafeText.line(title, 100));
        assertEquals("\\u001b[2J\\u001b[H", SafeText.line(clear, 100));
    }

    @Test
    void wrappedShowsAllOfTheTextInLinesAndNeverSplitsAnEscape() {
        assertEquals(
                Optional.of(List.of("rm a\\u001b", "[2J b", "", "c")), SafeText.wrapped("rm a\u001b[2J b\n\nc", 5, 10));
        assertEquals(Optional.of(List.of("")), SafeText.wrapped("", 1, 6));
        String padded = "rm x" + " ".repeat(30) + "/home";
        Optional<List<String>> lines = SafeText.wrapped(padded, 4, 10);
        assertEquals(padded, String.join("", lines.orElseThrow()), "every character is shown");
        assertTrue(lines.get().stream().allMatch(line -> line.length() <= 10), lines.toString());

        assertEquals(Optional.empty(), SafeText.wrapped(padded, 3, 10), "39 characters take 4 lines of 10");
        assertEquals(Optional.empty(), SafeText.wrapped("x".repeat(50_000_000), 40, 500), "refused by its length");
        assertEquals(Optional.empty(), SafeText.wrapped("\u001b".repeat(10), 1, 59), "escapes count as shown");
        assertThrows(IllegalArgumentException.class, () -> SafeText.wrapped("x", 1, 5));
    }

    @Test
    void c1ControlsDelBidiAndSeparatorsAreEscapedAndOrdinaryTextIsKept() {
        assertEquals("a\\u009b31mb\\u007fc", SafeText.line("a\u009B31mb\u007Fc", 100));
        assertEquals("invoice\\u202efdp.exe", SafeText.line("invoice\u202Efdp.exe", 100));
        assertEquals(
                "\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069",
                SafeText.line("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069", 100));
        assertEquals("one\\u2028two\\u2029", SafeText.line("one\u2028two\u2029", 100));
        assertEquals("line\\nnext\\r\\tend\\u0000", SafeText.line("line\nnext\r\tend\u0000", 100));
        String ordinary = "grep -c ERROR logs/app.log | ünïcödé 日本語 \uD83D\uDE00 \\ \"quoted\"";
        assertEquals(ordinary, SafeText.line(ordinary, 100));
    }

    @Test
    void invisibleCharactersAreShownAsEscapes() {
        // a bidi mark, zero-width space, joiner and non-joiner, word joiner, byte order mark, soft hyphen
        assertEquals(
                "rm\\u200f \\u200ea\\u200bb\\u200cc\\u200dd\\u2060e\\ufefff\\u00adg\\u061ch",
                SafeText.line("rm\u200F \u200Ea\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf\u00ADg\u061Ch", 100));
        // Unicode tag characters (U+E0000 to U+E007F) spell text no terminal shows: "rm -rf ~" hidden after "ls"
        String hidden = "ls"
                + "rm -rf ~"
                        .codePoints()
                        .map(c -> 0xE0000 + c)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append);
        String shown = SafeText.line(hidden, 1_000);
        assertEquals("ls\\udb40\\udc72\\udb40\\udc6d\\udb40\\udc20", shown.substring(0, 38));
        assertEquals(2 + 8 * 12, shown.length());
        assertEquals("\\udb40\\udc72", SafeText.escape(0xE0072));
        // cut and wrapped never split the two escapes' text, and the lines hold only what a terminal shows
        assertEquals("ls\\udb40\\udc72... (18 chars)", SafeText.line(hidden, 19));
        List<String> lines = SafeText.wrapped(hidden, 100, 6).orElseThrow();
        assertEquals(List.of("ls", "\\udb40", "\\udc72"), lines.subList(0, 3));
        assertTrue(lines.stream().allMatch(line -> line.length() <= 6 && !hasControls(line)), lines.toString());
        // an emoji beyond the BMP is ordinary text
        assertEquals("ok \uD83D\uDE00", SafeText.line("ok \uD83D\uDE00", 100));
    }

    @Test
    void oneCharacterIsShownAsItselfOrAsTheEscapeThatJavaAndJsonRead() {
        assertEquals("a", SafeText.escape('a'));
        assertEquals("\uD83D\uDE00", SafeText.escape(0x1F600));
        assertEquals("\\n", SafeText.escape('\n'));
        assertEquals("\\u001b", SafeText.escape(0x1B));
        assertEquals("\\u007f", SafeText.escape(0x7F));
        assertEquals("\\u202e", SafeText.escape(0x202E));
        assertEquals("\\ud83d", SafeText.escape(0xD83D), "a lone surrogate");
        assertTrue(SafeText.unsafe(0x9B));
        assertFalse(SafeText.unsafe('~'));
    }

    @Test
    void aLongLineIsCutWithAMarkerNamingItsLength() {
        String command = "x".repeat(3 * 1024 * 1024);

        String shown = SafeText.line(command, 100);

        assertEquals("x".repeat(100) + "... (3145728 chars)", shown);
    }

    @Test
    void aCutNeverSplitsAnEscapeOrASurrogatePair() {
        assertEquals(
                "ab... (4 chars)", SafeText.line("ab\u001Bc", 6), "\\u001b needs 6 characters and only 4 are left");
        assertEquals("a... (3 chars)", SafeText.line("a\uD83D\uDE00", 2));
        assertEquals("a... (3 chars)", SafeText.cut("a\uD83D\uDE00", 2));
        assertEquals("a\uD83D\uDE00", SafeText.cut("a\uD83D\uDE00", 3));
        assertEquals("... (5 chars)", SafeText.cut("hello", 0));
    }

    @Test
    void cutShortensWithoutEscaping() {
        assertEquals("short\n", SafeText.cut("short\n", 10));
        assertEquals("0123456789... (26 chars)", SafeText.cut("0123456789abcdefghijklmnop", 10));
    }

    @Test
    void linesKeepNewlinesAsLinesAndCountWhatIsLeftOut() {
        String output = "one\r\ntwo \u001B[31mred\u001B[0m\n" + "x".repeat(300) + "\nfour\nfive\nsix\n";

        List<String> lines = SafeText.lines(output, 3, 50);

        assertEquals(
                List.of(
                        "one",
                        "two \\u001b[31mred\\u001b[0m",
                        "x".repeat(50) + "... (300 chars)",
                        "... (4 more lines)"),
                lines,
                "the last, empty line after six's newline counts");
        assertEquals(List.of("a", "b"), SafeText.lines("a\nb", 5, 10));
        assertEquals(List.of("a", "... (1 more line)"), SafeText.lines("a\nb", 1, 10));
    }

    @Test
    void aFiveMegabyteResultOfManyLinesIsShownInAFewShortLines() {
        String result = ("\u001B]52;c;" + "y".repeat(200) + "\n").repeat(25_000);

        List<String> lines = SafeText.lines(result, 20, 200);

        assertEquals(21, lines.size());
        assertEquals("... (24981 more lines)", lines.get(20));
        for (String line : lines) {
            assertTrue(line.length() <= 200 + "... (207 chars)".length(), line);
            assertTrue(!hasControls(line), line);
        }
    }

    /**
     * Every code point of the BMP Java's own tables call a control, a line or paragraph separator, a surrogate, a
     * format character (invisible) or a bidi embedding, override or isolate (an independent list: it grows with
     * the JDK's Unicode, not with {@link SafeText#unsafe}) is shown as an escape of printable ASCII, alone,
     * between text and over lines.
     */
    @Test
    void everyControlSeparatorSurrogateAndBidiControlIsEscaped() {
        List<Byte> bidiControls = List.of(
                Character.DIRECTIONALITY_LEFT_TO_RIGHT_EMBEDDING,
                Character.DIRECTIONALITY_RIGHT_TO_LEFT_EMBEDDING,
                Character.DIRECTIONALITY_POP_DIRECTIONAL_FORMAT,
                Character.DIRECTIONALITY_LEFT_TO_RIGHT_OVERRIDE,
                Character.DIRECTIONALITY_RIGHT_TO_LEFT_OVERRIDE,
                Character.DIRECTIONALITY_LEFT_TO_RIGHT_ISOLATE,
                Character.DIRECTIONALITY_RIGHT_TO_LEFT_ISOLATE,
                Character.DIRECTIONALITY_FIRST_STRONG_ISOLATE,
                Character.DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE);
        StringBuilder all = new StringBuilder();
        int count = 0;
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            int type = Character.getType(c);
            boolean acted = type == Character.CONTROL
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE
                    || type == Character.FORMAT
                    || bidiControls.contains(Character.getDirectionality(c));
            if (!acted) {
                continue;
            }
            count++;
            String expected =
                    switch (c) {
                        case '\n' -> "\\n";
                        case '\r' -> "\\r";
                        case '\t' -> "\\t";
                        default -> String.format("\\u%04x", c);
                    };
            assertEquals("a" + expected + "b", SafeText.line("a" + (char) c + "b", 100), "U+" + Integer.toHexString(c));
            all.append((char) c).append('x');
        }
        // C0, DEL and C1; U+2028 and U+2029; the surrogates; the format characters: 41 in Unicode 13's BMP (JDK
        // 17), the 9 bidi controls among them; a later JDK's Unicode has more
        assertTrue(count >= 65 + 2 + 2048 + 41, "found " + count);
        for (String line : SafeText.lines(all.toString(), 100_000, 100_000)) {
            assertTrue(line.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f), line);
        }
    }

    @Test
    void badLimitsAreRefused() {
        assertEquals(
                "maxChars is -1; it must be 0 or more",
                assertThrows(IllegalArgumentException.class, () -> SafeText.line("x", -1))
                        .getMessage());
        assertEquals(
                "maxLines is 0; it must be 1 or more",
                assertThrows(IllegalArgumentException.class, () -> SafeText.lines("x", 0, 10))
                        .getMessage());
    }
}
