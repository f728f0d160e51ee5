package dev.agentfsm.benchmarks.sessions;

import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@link SuspendedSessions} keeps its sessions' journals: a choice on its command line
 * ({@code --store}), so that another {@link JournalStore} is measured the same way by adding a case to
 * {@link #of}. Everything a store keeps lives under its directory, whose size on disk is the journals'.
 */
interface SessionJournals {
    /** The store kinds {@link #of} knows, for messages. */
    String KINDS = "'files' (a file per journal, a directory per 1,000 sessions)";

    /**
     * The store of kind {@code kind} under {@code directory}.
     *
     * @throws IllegalArgumentException if {@code kind} is not one of {@link #KINDS}
     */
    static SessionJournals of(String kind, Path directory) {
        return switch (kind) {
            case "files" -> new FilePerSession(directory);
            default ->
                throw new IllegalArgumentException(
                        "--store " + kind + " is not a store this benchmark knows; give " + KINDS);
        };
    }

    /** The kind, as {@link #of} takes it. */
    String kind();

    /** The directory everything the store keeps is in. */
    Path directory();

    /** A new journal for session {@code session}, whose records are kept with {@code durability}. */
    Journal create(int session, Durability durability) throws IOException;

    /** Session {@code session}'s journal, to answer and resume it; new records are kept with {@code durability}. */
    Journal open(int session, Durability durability) throws IOException;

    /**
     * {@link JournalStore#directory}: a file per journal, {@code <directory>/<session / 1000>/session-<session>.journal},
     * so that no directory holds more than 1,000 files.
     */
    record FilePerSession(Path directory) implements SessionJournals {
        @Override
        public String kind() {
            return "files";
        }

        @Override
        public Journal create(int session, Durability durability) throws IOException {
            Path shard = Files.createDirectories(shard(session));
            return Journal.create(JournalStore.directory(shard, durability), name(session));
        }

        @Override
        public Journal open(int session, Durability durability) throws IOException {
            return Journal.open(JournalStore.directory(shard(session), durability), name(session));
        }

        private Path shard(int session) {
            return directory.resolve(Integer.toString(session / 1000));
        }

        private static String name(int session) {
            return "session-" + session + ".journal";
        }
    }
}
