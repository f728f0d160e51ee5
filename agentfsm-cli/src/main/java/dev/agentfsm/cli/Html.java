package dev.agentfsm.cli;

import dev.agentfsm.runtime.internal.SafeText;

/**
 * Text made safe for an HTML page or an inline SVG: markup characters become entities, and the
 * characters that could hide or reorder what is shown (controls, bidi overrides) become the visible
 * escapes {@link SafeText} writes ({@code \\n}, {@code \\u202e}). Everything a trace holds goes
 * through it before it reaches the page.
 */
final class Html {

    private Html() {}

    /** {@code text} for an element's content or a quoted attribute value. */
    static String text(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (SafeText.unsafe(c)) {
                        out.append(SafeText.escape(c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
            i += Character.charCount(c);
        }
        return out.toString();
    }
}
