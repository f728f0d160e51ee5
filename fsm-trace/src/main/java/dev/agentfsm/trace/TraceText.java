package dev.agentfsm.trace;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.agentfsm.runtime.internal.SafeText;

/**
 * Text read from a trace (machine and status names, reasons, problems), made safe to show: a trace
 * may hold anything, and a report is printed on a terminal. The one place the trace reports shorten
 * and escape such text, for tables ({@link #cell}) and for JSON ({@link #JSON_ESCAPES}); both escape
 * what {@link SafeText#unsafe} names, as {@link SafeText#escape} writes it.
 */
final class TraceText {
    /** The most characters of a table cell shown. */
    static final int CELL_CHARS = 500;
    /** The most characters of a name from the trace quoted in a message. */
    static final int QUOTED_CHARS = 80;
    /** JSON escapes that also write every unsafe character as {@code \\uXXXX}: still the same JSON, safe to print. */
    static final CharacterEscapes JSON_ESCAPES = new TerminalSafeEscapes();

    private TraceText() {}

    /** {@code text} on one line, unsafe characters escaped, at most {@link #CELL_CHARS} characters and a marker. */
    static String cell(String text) {
        return SafeText.line(text, CELL_CHARS);
    }

    /** {@code text} in single quotes for a message, shortened to {@link #QUOTED_CHARS}; escaped when shown. */
    static String quote(String text) {
        return "'" + (text.length() <= QUOTED_CHARS ? text : text.substring(0, QUOTED_CHARS) + "...") + "'";
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
            return SafeText.unsafe(ch) ? new SerializedString(SafeText.escape(ch)) : null;
        }
    }
}
