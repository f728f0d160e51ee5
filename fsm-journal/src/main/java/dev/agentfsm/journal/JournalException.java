package dev.agentfsm.journal;

import dev.agentfsm.runtime.SessionRecorder;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A journal that cannot be written, read or resumed as asked. The message names the file, the record
 * where there is one, what is wrong and what to do; nothing was resumed.
 */
public final class JournalException extends SessionRecorder.Failure {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The journal holds no complete record: the session it was made for never started. */
        EMPTY,
        /** A record in the middle of the file is damaged, out of order or not a journal record at all. */
        CORRUPT,
        /**
         * The journal was written by another machine, by a version of this one that it can't replay (a
         * recorded step entered a state that is gone or took a move no longer declared; the record is
         * named), or with other settings.
         */
        OTHER_MACHINES,
        /** Replaying a recorded step did not do what the journal says it did: the agent's code or its inputs changed. */
        DIVERGED,
        /** Another process has the journal open. */
        IN_USE,
        /** The journal was used in a way it does not support (given to two sessions, resumed into a session that ran). */
        MISUSE,
        /** The file, or one of its records, is over its size cap ({@link JournalFile#MAX_JOURNAL_BYTES}, {@link JournalFile#MAX_RECORD_BYTES}). */
        TOO_LARGE,
        /** The path is a symbolic link, which a journal is never read or written through. */
        LINK,
        /** A key was given and a record's MAC is missing or does not match: it was not written by a holder of the key as it is. */
        UNAUTHENTIC,
        /**
         * A reply ({@code answer}, {@code confirm}, {@code deliver}) for a session that is not suspended at a
         * wait, that waits for another kind of reply, or whose wait was answered already.
         */
        NOT_WAITING
    }

    private final Kind kind;

    @SuppressWarnings("serial") // a Path from the default file system; the message has it too
    private final Path file;

    private final int record;

    /**
     * @param kind what went wrong
     * @param file the journal
     * @param record the record concerned, from 1, or 0 for none
     * @param message the whole message: the file, the record, the problem and the fix
     */
    JournalException(Kind kind, Path file, int record, String message) {
        super(message);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.file = Objects.requireNonNull(file, "file");
        this.record = record;
    }

    /** What went wrong. */
    public Kind kind() {
        return kind;
    }

    /** The journal file. */
    public Path file() {
        return file;
    }

    /** The record concerned (from 1), when the problem is in one. */
    public OptionalInt record() {
        return record > 0 ? OptionalInt.of(record) : OptionalInt.empty();
    }
}
