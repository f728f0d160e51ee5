package dev.agentfsm.agents.linux.cli;

/**
 * Text made safe for an HTML page or an inline SVG: markup characters become entities, and the
 * characters that could hide or reorder what is shown (controls, bidi overrides) become visible
 * {@code \\uXXXX} escapes. Everything a trace holds goes through it before it reaches the page.
 */
final class Html {
    private static final String HEX = "0123456789abcdef";

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
                    if (hidden(c)) {
                        out.append("\\u")
                                .append(HEX.charAt((c >> 12) & 0xf))
                                .append(HEX.charAt((c >> 8) & 0xf))
                                .append(HEX.charAt((c >> 4) & 0xf))
                                .append(HEX.charAt(c & 0xf));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
            i += Character.charCount(c);
        }
        return out.toString();
    }

    /** Controls (a tab and a newline included), bidi controls, line separators and lone surrogates. */
    private static boolean hidden(int c) {
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028
                || c == 0x2029
                || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    }
}
