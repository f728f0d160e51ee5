package dev.agentfsm.processor.write;

/**
 * Puts user text (a description, a {@code when}) into a diagram format without it being read as
 * markup. Mermaid and PlantUML both decode numeric character references, so every ASCII character
 * that is not a letter, a digit, a space or one the format reads as plain text becomes one:
 * <code>#59;</code> in Mermaid, <code>&amp;#59;</code> in PlantUML. Letters outside ASCII stay as they are, so the
 * source files stay readable in any language.
 */
final class DiagramText {

    private DiagramText() {}

    /**
     * {@code text} with each line break replaced by {@code lineBreak} and every ASCII punctuation
     * character not in {@code plain} written as {@code prefix + code point + ";"}.
     */
    static String encode(String text, String plain, String prefix, String lineBreak) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        String normalized = withNewlines(text);
        normalized.codePoints().forEach(c -> {
            if (c == '\n') {
                out.append(lineBreak);
            } else if (isPlain(c) || plain.indexOf(c) >= 0) {
                out.appendCodePoint(c);
            } else {
                out.append(prefix).append(c).append(';');
            }
        });
        return out.toString();
    }

    /** {@code text} with every line break ({@code \r\n}, {@code \r}) as {@code \n}. */
    static String withNewlines(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n');
    }

    private static boolean isPlain(int c) {
        if (c < 0x80) {
            return c == ' ' || Character.isLetterOrDigit(c);
        }
        // controls and the line and paragraph separators would break a line; other letters are plain text
        return !Character.isISOControl(c) && c != 0x2028 && c != 0x2029;
    }
}
