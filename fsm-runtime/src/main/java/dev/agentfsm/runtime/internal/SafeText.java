package dev.agentfsm.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Text from outside the program (a model's reply, a server's error, a command's output) made short,
 * and safe to print. {@link #cut} shortens text with a visible marker; {@link #line} and {@link #lines}
 * also escape every character a terminal would act on, so that whatever a model, a tool or a command
 * wrote is shown as text and cannot move the cursor, clear the screen, set the title, write the
 * clipboard ({@code ESC ] 52}) or reorder what is shown around it (bidi overrides), and so that no
 * invisible character (a zero-width space, a bidi mark, a Unicode tag character carrying hidden text) is
 * in what a person reads or approves without being seen. This is the one
 * place that shortens and escapes such text; the LLM client, the reply guard, the trace and its
 * reports, the console user channel and the command line all use it.
 *
 * <p>A cut is marked {@code ... (N chars)}, N being the length of the whole text. An escape is
 * written as in Java and JSON: <code>&#92;n</code>, <code>&#92;r</code>, <code>&#92;t</code>, and
 * <code>&#92;u</code> with four hex digits for every other character, two for one beyond the BMP
 * ({@link #escape}), so text shown on a terminal and text written as JSON read the same.
 */
public final class SafeText {
    private static final String HEX = "0123456789abcdef";

    private SafeText() {}

    /**
     * {@code text} itself when it has at most {@code maxChars} characters, else its first
     * {@code maxChars} (one fewer rather than half a surrogate pair) followed by {@code ... (N chars)}.
     * Nothing is escaped: for messages and files, not for a terminal.
     *
     * @throws IllegalArgumentException if {@code maxChars} is negative
     */
    public static String cut(String text, int maxChars) {
        Objects.requireNonNull(text, "text");
        checkMax(maxChars);
        if (text.length() <= maxChars) {
            return text;
        }
        boolean splitsAPair = maxChars > 0
                && Character.isHighSurrogate(text.charAt(maxChars - 1))
                && Character.isLowSurrogate(text.charAt(maxChars));
        int end = splitsAPair ? maxChars - 1 : maxChars;
        return text.substring(0, end) + marker(text.length());
    }

    /**
     * {@code text} as one line for a terminal: the C0 controls (newline and tab included), DEL, the C1
     * controls, lone surrogates, the line and paragraph separators (U+2028, U+2029) and the format
     * characters, which are invisible (the bidi controls U+202A to U+202E and U+2066 to U+2069, the bidi
     * marks, zero-width spaces and joiners, U+FEFF, the tag characters U+E0000 to U+E007F, every
     * character of Unicode's category Cf) are written as escapes (<code>&#92;n</code>, <code>&#92;r</code>,
     * <code>&#92;t</code>, <code>&#92;u001b</code>, <code>&#92;u202e</code>,
     * <code>&#92;udb40&#92;udc41</code>); then, when the escaped
     * line is longer than {@code maxChars}, it is cut there (never inside an escape) and ends with
     * {@code ... (N chars)}. The work done is bounded by {@code maxChars}, not by the text's length.
     *
     * @throws IllegalArgumentException if {@code maxChars} is negative
     */
    public static String line(String text, int maxChars) {
        Objects.requireNonNull(text, "text");
        checkMax(maxChars);
        return escaped(text, 0, text.length(), maxChars, text.length());
    }

    /**
     * {@code text} as lines for a terminal: split at each newline ({@code \r\n} counts as one), each
     * line made safe and cut as {@link #line} does; at most {@code maxLines} lines, followed, when
     * lines were left out, by one more: {@code ... (N more lines)}. Only the lines returned are
     * scanned, apart from counting the newlines of the rest.
     *
     * @throws IllegalArgumentException if {@code maxLines} is less than 1 or {@code maxChars} is negative
     */
    public static List<String> lines(String text, int maxLines, int maxChars) {
        Objects.requireNonNull(text, "text");
        checkMax(maxChars);
        if (maxLines < 1) {
            throw new IllegalArgumentException("maxLines is " + maxLines + "; it must be 1 or more");
        }
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (lines.size() < maxLines) {
            int newline = text.indexOf('\n', start);
            int end = newline < 0 ? text.length() : newline;
            int content = end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            lines.add(escaped(text, start, content, maxChars, content - start));
            if (newline < 0) {
                return lines;
            }
            start = newline + 1;
        }
        int more = 1;
        for (int i = text.indexOf('\n', start); i >= 0; i = text.indexOf('\n', i + 1)) {
            more++;
        }
        lines.add("... (" + more + " more line" + (more == 1 ? "" : "s") + ")");
        return lines;
    }

    /**
     * {@code text} for a terminal in full: escaped as {@link #line} escapes it, split at each newline and
     * wrapped, never cut, into lines of at most {@code maxChars} characters (an escape is never split); empty
     * when that takes more than {@code maxLines} lines. For what a person approves, of which no part may be
     * hidden behind a cut (a model can pad a command to push its harmful end past one). The work done is
     * bounded by {@code maxLines} times {@code maxChars}, not by the text's length.
     *
     * @throws IllegalArgumentException if {@code maxLines} is less than 1 or {@code maxChars} less than 6
     *     (the longest escape)
     */
    public static Optional<List<String>> wrapped(String text, int maxLines, int maxChars) {
        Objects.requireNonNull(text, "text");
        if (maxLines < 1 || maxChars < 6) {
            throw new IllegalArgumentException(
                    "maxLines is " + maxLines + " and maxChars " + maxChars + "; they must be at least 1 and 6");
        }
        if ((long) text.length() > (long) maxLines * maxChars) {
            return Optional.empty(); // escaping only makes it longer
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int c = shownUnit(text, i);
            i += Character.charCount(c);
            String shown = c == '\n' ? "" : escape(c);
            if (c == '\n' || line.length() + shown.length() > maxChars) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(shown);
        }
        lines.add(line.toString());
        return lines.size() > maxLines ? Optional.empty() : Optional.of(List.copyOf(lines));
    }

    /**
     * Whether a terminal could act on the code point {@code c} rather than show it, or would show nothing
     * for it: the C0 controls, DEL, the C1 controls, lone surrogates, the line and paragraph separators and
     * the format characters (Unicode's category Cf: the bidi controls and marks, the zero-width characters,
     * the tag characters).
     */
    public static boolean unsafe(int c) {
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || c == 0x2028
                || c == 0x2029
                || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE)
                || (c > 0xa0 && Character.getType(c) == Character.FORMAT);
    }

    /**
     * The code point at {@code i} when it is shown as itself, else the UTF-16 unit at {@code i}: an unsafe
     * code point beyond the BMP is shown as the escapes of its two surrogates, one at a time, so that an
     * escape is always six characters and never split.
     */
    private static int shownUnit(String text, int i) {
        int c = text.codePointAt(i);
        return unsafe(c) ? text.charAt(i) : c;
    }

    private static String escaped(String text, int from, int to, int maxChars, int length) {
        StringBuilder shown = new StringBuilder(Math.min(to - from, maxChars) + 24);
        int i = from;
        while (i < to) {
            int c = shownUnit(text, i);
            int before = shown.length();
            append(c, shown);
            if (shown.length() > maxChars) {
                shown.setLength(before);
                return shown.append(marker(length)).toString();
            }
            i += Character.charCount(c);
        }
        return shown.toString();
    }

    /**
     * How the code point {@code c} is shown: itself when it is safe, else its escape (<code>&#92;n</code>,
     * <code>&#92;r</code>, <code>&#92;t</code>, or <code>&#92;u</code> and four hex digits, as in
     * <code>&#92;u001b</code>, twice for a code point beyond the BMP: its two surrogates, as in
     * <code>&#92;udb40&#92;udc41</code>), which is also a valid escape in a JSON string.
     */
    public static String escape(int c) {
        if (!unsafe(c)) {
            return Character.toString(c);
        }
        if (Character.isSupplementaryCodePoint(c)) {
            return escape(Character.highSurrogate(c)) + escape(Character.lowSurrogate(c));
        }
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default ->
                "\\u" + HEX.charAt(c >> 12) + HEX.charAt((c >> 8) & 0xf) + HEX.charAt((c >> 4) & 0xf)
                        + HEX.charAt(c & 0xf);
        };
    }

    private static void append(int c, StringBuilder shown) {
        if (unsafe(c)) {
            shown.append(escape(c));
        } else {
            shown.appendCodePoint(c);
        }
    }

    private static String marker(int length) {
        return "... (" + length + " chars)";
    }

    private static void checkMax(int maxChars) {
        if (maxChars < 0) {
            throw new IllegalArgumentException("maxChars is " + maxChars + "; it must be 0 or more");
        }
    }
}
