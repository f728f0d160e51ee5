package dev.agentfsm.processor.write;

/** Makes user text safe inside generated Javadoc. */
final class Javadoc {

    private Javadoc() {}

    /**
     * {@code text} as Javadoc prose: HTML-escaped, with nothing that could end the comment, start
     * a tag or form a unicode escape (javac reads backslash-u escapes inside comments too).
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '@' -> out.append("&#64;");
                case '\\' -> out.append("&#92;");
                case '/' -> out.append(i > 0 && text.charAt(i - 1) == '*' ? "&#47;" : "/");
                case '\r' -> {}
                case '\n' -> out.append(' ');
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
