package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** Journal files written record by record the way {@code Journal} writes them: a {@link JournalLog} on the file store. */
final class TestLogs {
    private TestLogs() {}

    /** A new journal file, its records chained with {@code key} when there is one. */
    static JournalLog create(Path file, Durability durability, Optional<JournalKey> key) throws IOException {
        return JournalLog.create(FileJournalStore.of(file, durability), FileJournalStore.name(file), key);
    }

    /** A new unkeyed journal file. */
    static JournalLog create(Path file, Durability durability) throws IOException {
        return create(file, durability, Optional.empty());
    }

    /** The journal file opened to go on after its last good record (a torn one is cut off), read with {@code key}. */
    static JournalLog append(Path file, Durability durability, Optional<JournalKey> key) throws IOException {
        return JournalLog.open(FileJournalStore.of(file, durability), FileJournalStore.name(file), key)
                .log();
    }
}
