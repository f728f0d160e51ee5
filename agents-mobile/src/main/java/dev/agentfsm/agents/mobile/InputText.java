package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.internal.SafeText;

/**
 * Turns text into the one argument of {@code adb shell input text}. adb joins the shell arguments
 * into a command line that the device's {@code sh} parses, and {@code input text} turns {@code %s}
 * into a space; so a space becomes {@code %s} and every character the shell would act on is escaped
 * with a backslash. {@code input text} types printable ASCII only: anything else (accents, emoji, a
 * newline, a tab) is refused with an error naming it, instead of typing garbage.
 */
final class InputText {
    /** Characters {@code sh} would interpret: quoting, redirection, pipes, globs, expansion, comments. */
    private static final String SHELL_SPECIAL = "&;'\"()<>|*~`\\$!?[]{}#";

    /**
     * The most characters typed at once. Escaped, they stay within the 4 KiB an older adbd takes for a whole
     * shell command and far below the 128 KiB Linux takes for one argument, past which adb would not even
     * start (a misleading "could not start adb" that failed the round); {@code input text} sends one key
     * event per character, so a longer text would also run into the time-out.
     */
    static final int MAX_CHARS = 2_000;

    private InputText() {}

    /**
     * The escaped argument.
     *
     * @throws IllegalArgumentException naming the character and its position when adb cannot type it
     */
    static String escape(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("input text needs at least one character; got empty text");
        }
        if (text.length() > MAX_CHARS) {
            throw new IllegalArgumentException("input text types at most " + MAX_CHARS + " characters at a time; got "
                    + text.length() + " (starting \"" + SafeText.line(text, 40) + "\"). Type it in parts");
        }
        StringBuilder escaped = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (c == ' ') {
                escaped.append("%s");
            } else if (c == '%' && i + 1 < text.length() && text.charAt(i + 1) == 's') {
                throw untypeable(text, i, "\"%s\", which adb's input text always turns into a space");
            } else if (c < 0x20 || c > 0x7e) {
                throw untypeable(text, i, describe(c));
            } else {
                if (SHELL_SPECIAL.indexOf(c) >= 0) {
                    escaped.append('\\');
                }
                escaped.append((char) c);
            }
            i += Character.charCount(c);
        }
        return escaped.toString();
    }

    private static IllegalArgumentException untypeable(String text, int index, String what) {
        return new IllegalArgumentException("adb cannot type " + what + " at index " + index + " of \"" + text
                + "\": input text types printable ASCII only. Leave it out, or use press_key"
                + " (e.g. KEYCODE_ENTER for a new line, KEYCODE_TAB for a tab)");
    }

    private static String describe(int c) {
        String code = String.format("U+%04X", c);
        return switch (c) {
            case '\n' -> "a newline (" + code + ")";
            case '\r' -> "a carriage return (" + code + ")";
            case '\t' -> "a tab (" + code + ")";
            default ->
                Character.isISOControl(c)
                        ? "the control character " + code
                        : "'" + new String(Character.toChars(c)) + "' (" + code + ")";
        };
    }
}
