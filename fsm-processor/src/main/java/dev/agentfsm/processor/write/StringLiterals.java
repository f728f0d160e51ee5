package dev.agentfsm.processor.write;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;

/** User text as a Java string literal in generated code. */
final class StringLiterals {

    private StringLiterals() {}

    /**
     * {@code text} as a string literal, as JavaPoet's {@code $S} writes it, except for the characters
     * JavaPoet takes for line breaks (it splits its output by {@code \R}): U+2028, U+2029 and U+0085
     * would break the literal in two. Those are written as unicode escapes, concatenated: {@code "a" +
     * "\u2028" + "b"}, a constant still.
     */
    static CodeBlock of(String text) {
        List<CodeBlock> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == LINE_SEPARATOR || c == PARAGRAPH_SEPARATOR || c == NEXT_LINE) {
                if (i > start) {
                    parts.add(CodeBlock.of("$S", text.substring(start, i)));
                }
                parts.add(CodeBlock.of("$L", String.format("\"\\u%04x\"", (int) c)));
                start = i + 1;
            }
        }
        if (start == 0) {
            return CodeBlock.of("$S", text);
        }
        if (start < text.length()) {
            parts.add(CodeBlock.of("$S", text.substring(start)));
        }
        return CodeBlock.join(parts, " + ");
    }

    private static final char LINE_SEPARATOR = 0x2028;
    private static final char PARAGRAPH_SEPARATOR = 0x2029;
    private static final char NEXT_LINE = 0x85;
}
