package dev.agentfsm.journal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where journals are kept: a directory of files ({@link #directory}), one log that many sessions share a
 * sync of ({@link SharedLogJournalStore}), or a database that several machines share (fsm-journal-postgres), so that a session stopped on one machine resumes on another. A store
 * keeps each journal, by name, as its records' lines in order; {@link Journal} turns records into lines
 * and back and checks them (checksums, MACs, numbering), so a store only keeps lines and who writes them.
 *
 * <p>What a store promises:
 *
 * <ul>
 *   <li><b>One writer per journal.</b> {@link #create} and {@link #open} claim the journal until the
 *       {@link Writer} is closed; a second claim, from this process or any other, fails at once with a
 *       {@link JournalException.Kind#IN_USE} error naming the journal and, where the store knows it, who
 *       holds it. Two resumers racing for one journal: exactly one wins.
 *   <li><b>Durable before the next step.</b> {@link Writer#append} returns only once the line is kept as
 *       durably as the store promises (a file with {@link Durability#SYNC}: on the device; a database: committed),
 *       so a completed step's record is kept before the session starts its next step.
 *   <li><b>Whole lines or none.</b> A line is read back exactly as appended, or, if the writer died while
 *       appending it, not at all (a file's torn tail is reported to {@link Reader#torn} and cut off).
 * </ul>
 *
 * <p>Modelled on LangGraph4j's four-method checkpoint saver: {@link #journals} (list), {@link #create} and
 * {@link #open} (claim, with what the journal holds), {@link Writer#append} (put) and {@link Writer#close}
 * (release). Public so that other modules and users can add stores.
 */
public interface JournalStore {

    /**
     * The most bytes (UTF-8) one line may have, 16 MiB: the journal writes none longer and its reader refuses
     * one ({@link JournalException.Kind#TOO_LARGE}); a store whose lines can be edited outside it (a database)
     * refuses a longer one before fetching it, so that a bad line never fills the heap.
     */
    int MAX_LINE_BYTES = JournalFile.MAX_RECORD_BYTES;

    /** The most bytes a journal's lines may take together, line breaks included, 128 MiB; as {@link #MAX_LINE_BYTES}. */
    long MAX_JOURNAL_BYTES = JournalFile.MAX_JOURNAL_BYTES;

    /** A store of journal files in {@code directory}, one file per journal, named as the journal. */
    static JournalStore directory(Path directory, Durability durability) {
        return new FileJournalStore(directory, durability);
    }

    /**
     * The names of the journals this store holds (those with at least one line), sorted: the sessions one
     * can resume from it.
     *
     * @throws IOException if the store cannot be read
     */
    List<String> journals() throws IOException;

    /**
     * Claims the new journal {@code journal} to write it from its first line.
     *
     * @throws JournalException ({@link JournalException.Kind#MISUSE}) if it holds lines already: a journal is
     *     never overwritten; ({@link JournalException.Kind#IN_USE}) if another writer holds it
     * @throws IOException if the store cannot be written
     */
    Writer create(String journal) throws IOException;

    /**
     * Claims the journal {@code journal} to append to it, handing each line it holds, in order, to
     * {@code reader}. An exception the reader throws ends the claim (nothing is changed) and comes out of
     * this method.
     *
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another writer holds it, or what
     *     the reader throws
     * @throws IOException if the store cannot be read or written
     */
    Writer open(String journal, Reader reader) throws IOException;

    /**
     * How messages name the journal {@code journal} of this store: the file's path, or the database and the
     * journal's name.
     */
    String where(String journal);

    /** A claim on one journal: the only way to append to it, until it is closed. */
    interface Writer extends Closeable {
        /**
         * Appends {@code line} (one record, without a line break) as the journal's next line, and returns once
         * it is kept as durably as the store promises.
         *
         * @throws IOException if it could not be kept: the journal is then not to be written further
         */
        void append(String line) throws IOException;

        /** Releases the claim; what was appended stays. */
        @Override
        void close() throws IOException;
    }

    /** What {@link #open} hands the lines of a journal to. */
    interface Reader {
        /** The journal's next line. */
        void line(Line line);

        /**
         * Called once, after the last line: {@code bytes} bytes of a line that was never finished (its writer
         * died while appending it), which the store cuts off once the reader returns; 0 when there are none
         * (always, in a store whose lines are never torn).
         */
        void torn(long bytes);
    }

    /**
     * One line of a journal, as kept.
     *
     * @param number its number in the journal, from 1
     * @param text the line, without its line break
     * @param position where it is, for messages ({@code "line 3, byte 412"}, {@code "row 3"})
     * @param cut how to cut the journal before this line, so that it resumes from the lines before it
     *     ({@code "cut the file there (truncate -s 412 session.journal)"})
     */
    record Line(int number, String text, String position, String cut) {
        public Line {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(position, "position");
            Objects.requireNonNull(cut, "cut");
        }
    }
}
