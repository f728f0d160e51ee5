package dev.agentfsm.journal;

import dev.agentfsm.runtime.SessionRecorder;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A journal that cannot be written, read or resumed as asked. The message names the journal (its file, or
 * its store and name), the record where there is one, what is wrong and what to do; nothing was resumed.
 */
public final class JournalException extends SessionRecorder.Failure {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The journal holds no complete record: the session it was made for never started. */
        EMPTY,
        /**
         * A record is damaged, out of order or not a journal record at all, or the header is of a format this
         * runtime does not read (another agent-fsm version wrote the journal; the message says so).
         */
        CORRUPT,
        /**
         * The journal was written by another machine, by a version of this one that it can't replay (a
         * recorded step entered a state that is gone, took a move no longer declared, ended its round or
         * timed out where this version would not, or was refused a status this version accepts; the record
         * is named), or with other settings.
         */
        OTHER_MACHINES,
        /** Replaying a recorded step did not do what the journal says it did: the agent's code or its inputs changed. */
        DIVERGED,
        /** Another session, in this process or another, has the journal open (holds its store's claim). */
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

    private final String journal;

    private final int record;

    /**
     * A store's own refusal, for {@link JournalStore} implementations: {@link Kind#IN_USE} when another
     * writer holds the journal, {@link Kind#MISUSE} when {@link JournalStore#create} meets a journal that has
     * lines.
     *
     * @param kind what went wrong
     * @param journal the journal, as {@link JournalStore#where} names it
     * @param message the whole message: the journal, the problem and the fix
     */
    public JournalException(Kind kind, String journal, String message) {
        this(kind, journal, 0, message);
    }

    /**
     * @param kind what went wrong
     * @param file the journal's file
     * @param record the record concerned, from 1, or 0 for none
     * @param message the whole message: the file, the record, the problem and the fix
     */
    JournalException(Kind kind, Path file, int record, String message) {
        this(kind, file.toString(), record, message);
    }

    /**
     * @param kind what went wrong
     * @param journal the journal, as its store names it
     * @param record the record concerned, from 1, or 0 for none
     * @param message the whole message: the journal, the record, the problem and the fix
     */
    JournalException(Kind kind, String journal, int record, String message) {
        super(message);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.journal = Objects.requireNonNull(journal, "journal");
        this.record = record;
    }

    /** What went wrong. */
    public Kind kind() {
        return kind;
    }

    /** The journal: its file, or its store and name ({@link JournalStore#where}). */
    public String journal() {
        return journal;
    }

    /** The record concerned (from 1), when the problem is in one. */
    public OptionalInt record() {
        return record > 0 ? OptionalInt.of(record) : OptionalInt.empty();
    }
}
