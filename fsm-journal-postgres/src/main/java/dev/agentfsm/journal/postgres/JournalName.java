package dev.agentfsm.journal.postgres;

import dev.agentfsm.runtime.internal.SafeText;
import java.nio.charset.StandardCharsets;

/**
 * The names a journal may have in PostgreSQL: text its {@code text} columns hold as given, so that the name
 * read back by {@code journals()} is the name written, and short enough for the tables' primary keys.
 */
final class JournalName {
    /** As the shared log's: well under the 2,704 bytes a b-tree index entry may take. */
    static final int MAX_BYTES = 1024;
    /** The most of a refused name a message shows, escaped as a terminal shows it safely. */
    private static final int SHOWN_CHARS = 80;

    private JournalName() {}

    /**
     * Refuses a name PostgreSQL would refuse or change: empty, with a NUL character (no {@code text} holds one),
     * with a lone surrogate (which UTF-8 cannot encode; the driver would store {@code ?}, so two names would
     * be one journal), or over {@link #MAX_BYTES} bytes.
     */
    static void check(String journal) {
        if (journal.isEmpty()) {
            throw new IllegalArgumentException("a journal's name is not empty; name it (a session or ticket id)");
        }
        String problem = "";
        for (int i = 0; i < journal.length() && problem.isEmpty(); i++) {
            char c = journal.charAt(i);
            if (c == '\0') {
                problem = "it holds a NUL character at index " + i + ", which PostgreSQL's text cannot hold";
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < journal.length()
                    && Character.isLowSurrogate(journal.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                problem = "it holds a lone surrogate at index " + i + ", which UTF-8 cannot encode";
            }
        }
        int bytes = journal.getBytes(StandardCharsets.UTF_8).length;
        if (problem.isEmpty() && bytes > MAX_BYTES) {
            problem = "it has " + bytes + " bytes in UTF-8, over the " + MAX_BYTES + " a name may have";
        }
        if (!problem.isEmpty()) {
            throw new IllegalArgumentException("journal name \"" + SafeText.line(journal, SHOWN_CHARS)
                    + "\" is refused: " + problem
                    + ". A journal's name is text of 1 to " + MAX_BYTES + " bytes without NUL characters; name it"
                    + " by a session or ticket id, or by a digest of a longer one");
        }
    }
}
