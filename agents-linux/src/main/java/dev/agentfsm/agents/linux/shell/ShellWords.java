package dev.agentfsm.agents.linux.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words the way a POSIX shell does, without expanding anything: blanks
 * separate words, single quotes keep everything literally, double quotes keep everything but a
 * backslash before {@code \ " $ `}, and a backslash outside quotes keeps the next character. What a
 * shell would do beyond that (variables, globs, redirections, pipes) is not done here: the
 * {@link CommandPolicy} refuses such command lines before they are split.
 */
final class ShellWords {
    private ShellWords() {}

    /**
     * The words of {@code line}, in order.
     *
     * @throws IllegalArgumentException naming the problem if a quote is not closed or the line ends in a backslash
     */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated single quote at position " + i);
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted(line, i, word);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= line.length()) {
                    throw new IllegalArgumentException("the command ends in a backslash");
                }
                word.append(line.charAt(i + 1));
                inWord = true;
                i += 2;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** Appends the double-quoted text starting at {@code open} to {@code word}; returns the index after the closing quote. */
    private static int doubleQuoted(String line, int open, StringBuilder word) {
        int i = open + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < line.length() && "\\\"$`".indexOf(line.charAt(i + 1)) >= 0) {
                word.append(line.charAt(i + 1));
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException("unterminated double quote at position " + open);
    }
}
