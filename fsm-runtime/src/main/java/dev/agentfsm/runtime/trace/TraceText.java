package dev.agentfsm.runtime.trace;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Text read from a trace (machine and status names, reasons, problems), made safe to show: a trace
 * may hold anything, and a report is printed on a terminal. The one place the trace reports shorten
 * and escape such text, for tables ({@link #cell}) and for JSON ({@link #JSON_ESCAPES}).
 *
 * <p>The characters escaped are those a terminal could act on rather than show: the C0 controls,
 * DEL, the C1 controls, lone surrogates, the line and paragraph separators and the bidi controls.
 */
final class TraceText {
    /** The most characters of a table cell shown. */
    static final int CELL_CHARS = 500;
    /** The most characters of a name from the trace quoted in a message. */
    static final int QUOTED_CHARS = 80;
    /** JSON escapes that also write every unsafe character as {@code \\uXXXX}: still the same JSON, safe to print. */
    static final CharacterEscapes JSON_ESCAPES = new TerminalSafeEscapes();

    private static final String HEX = "0123456789abcdef";

    private TraceText() {}

    /** {@code text} on one line, unsafe characters escaped, at most {@link #CELL_CHARS} characters and a marker. */
    static String cell(String text) {
        StringBuilder shown = new StringBuilder(Math.min(text.length(), CELL_CHARS) + 16);
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int before = shown.length();
            append(c, shown);
            if (shown.length() > CELL_CHARS) {
                shown.setLength(before);
                return shown.append("... (")
                        .append(text.length())
                        .append(" chars)")
                        .toString();
            }
            i += Character.charCount(c);
        }
        return shown.toString();
    }

    /** {@code text} in single quotes for a message, shortened to {@link #QUOTED_CHARS}; escaped when shown. */
    static String quote(String text) {
        return "'" + (text.length() <= QUOTED_CHARS ? text : text.substring(0, QUOTED_CHARS) + "...") + "'";
    }

    /** Whether a terminal could act on {@code c} rather than show it. */
    static boolean unsafe(int c) {
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028
                || c == 0x2029
                || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    }

    private static void append(int c, StringBuilder shown) {
        if (!unsafe(c)) {
            shown.appendCodePoint(c);
        } else if (c == '\n') {
            shown.append("\\n");
        } else if (c == '\r') {
            shown.append("\\r");
        } else if (c == '\t') {
            shown.append("\\t");
        } else {
            shown.append(hex(c));
        }
    }

    private static String hex(int c) {
        return "\\u" + HEX.charAt((c >> 12) & 0xf) + HEX.charAt((c >> 8) & 0xf) + HEX.charAt((c >> 4) & 0xf)
                + HEX.charAt(c & 0xf);
    }

    /** Jackson's standard escapes, plus DEL and every unsafe character beyond ASCII. */
    private static final class TerminalSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] ascii;

        TerminalSafeEscapes() {
            ascii = CharacterEscapes.standardAsciiEscapesForJSON();
            ascii[0x7f] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii.clone();
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return unsafe(ch) ? new SerializedString(hex(ch)) : null;
        }
    }
}
