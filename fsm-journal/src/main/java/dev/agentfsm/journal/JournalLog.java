package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A journal's records written through a {@link JournalStore}'s claim: each record numbered next, turned into
 * its line (with its checksum, and its MAC chained to the last one under a key) and appended; the store keeps
 * it as durably as it promises before {@link #write} returns. A record the reader would refuse (over the caps)
 * is never written; and once a record could not be written, the log takes no more: what the store kept of it
 * is unknown, and a record after it could be unreadable, numbered twice, or follow a step the journal lacks.
 */
final class JournalLog implements AutoCloseable {
    private final String where;
    private final JournalStore.Writer writer;
    private final Optional<JournalKey> key;
    private String lastMac;
    private int records;
    private long bytes;
    /** Why a record could not be written, once one could not: the log then takes no more. */
    private Optional<String> failed = Optional.empty();

    private JournalLog(
            String where,
            JournalStore.Writer writer,
            Optional<JournalKey> key,
            String lastMac,
            int records,
            long bytes) {
        this.where = where;
        this.writer = writer;
        this.key = key;
        this.lastMac = lastMac;
        this.records = records;
        this.bytes = bytes;
    }

    /**
     * What a journal held when it was opened, and its log to append to.
     *
     * @param log where the next records go
     * @param records the records it held, checked, in order; at least the header
     * @param droppedBytes how many bytes of a torn last record the store cut off
     */
    record Opened(JournalLog log, List<JournalRecord> records, long droppedBytes) {}

    /** Claims the new journal {@code journal} of {@code store}. */
    static JournalLog create(JournalStore store, String journal, Optional<JournalKey> key) throws IOException {
        Objects.requireNonNull(key, "key");
        return new JournalLog(store.where(journal), store.create(journal), key, "", 0, 0);
    }

    /**
     * Claims the journal {@code journal} of {@code store} and reads it, checking every record.
     *
     * @throws JournalException ({@link JournalException.Kind#EMPTY}) when it holds no complete record; naming
     *     the first bad record; as the store's {@link JournalStore#open}
     */
    static Opened open(JournalStore store, String journal, Optional<JournalKey> key) throws IOException {
        String where = store.where(journal);
        RecordReader reader = new RecordReader(where, key, true);
        JournalStore.Writer writer = store.open(journal, reader);
        if (reader.records().isEmpty()) {
            writer.close();
            throw reader.empty();
        }
        JournalLog log = new JournalLog(
                where, writer, key, reader.lastMac(), reader.records().size(), reader.bytes());
        return new Opened(log, reader.records(), reader.tornBytes());
    }

    /**
     * Appends a record, kept as durably as the store promises when this returns.
     *
     * @throws IllegalArgumentException if the record's number is not the next one
     */
    synchronized void write(JournalRecord record) throws IOException {
        if (failed.isPresent()) {
            throw new IOException("journal " + where + " takes no more records: " + failed.get());
        }
        if (record.number() != records + 1) {
            throw new IllegalArgumentException(
                    "record " + record.number() + " given where record " + (records + 1) + " of " + where + " belongs");
        }
        RecordCodec.Line line = RecordCodec.line(record, key, lastMac);
        if (line.utf8Bytes() > JournalFile.MAX_RECORD_BYTES
                || bytes + line.utf8Bytes() + 1 > JournalFile.MAX_JOURNAL_BYTES) {
            failed = Optional.of("record " + record.number() + " was over a cap and not written; open the journal"
                    + " again to resume from the records before it");
            throw tooLarge(record, line.utf8Bytes());
        }
        try {
            writer.append(line.text());
        } catch (IOException | RuntimeException e) {
            failed = Optional.of("record " + record.number() + " could not be kept (" + e.getMessage()
                    + "), so whether the journal holds it is unknown, and a record after it could be unreadable or"
                    + " numbered twice. Open the journal again (Journal.open), which reads what was kept, and"
                    + " resume from there");
            throw e;
        }
        records++;
        bytes += line.utf8Bytes() + 1L; // and the line break
        lastMac = line.mac();
    }

    /** A record the reader would refuse: longer than a record may be, or taking the journal past its cap. */
    private JournalException tooLarge(JournalRecord record, int lineBytes) {
        boolean longLine = lineBytes > JournalFile.MAX_RECORD_BYTES;
        return new JournalException(
                JournalException.Kind.TOO_LARGE,
                where,
                record.number(),
                "journal " + where + ": record " + record.number() + " has " + lineBytes + " bytes"
                        + (longLine
                                ? ", over the cap of " + mib(JournalFile.MAX_RECORD_BYTES) + " a record may have"
                                : ", and would take the journal (" + bytes + " bytes) past the cap of "
                                        + mib(JournalFile.MAX_JOURNAL_BYTES) + " a journal may hold")
                        + ", which the journal's reader refuses; it was not written, and the journal takes no more"
                        + " records. The session stopped; the journal resumes from the " + records
                        + " records before it, and what this record would have held (a step, a reply) is done again. "
                        + (longLine
                                ? "Keep what a step records smaller (a model reply, an observation, a command's"
                                        + " output)"
                                : "Start a new session for further work"));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
    }

    /** How many records the journal holds. */
    synchronized int records() {
        return records;
    }

    /** How many bytes its records take as lines, line breaks included: a file's size. */
    synchronized long bytes() {
        return bytes;
    }

    /** Releases the claim; the records written stay. */
    @Override
    public void close() throws IOException {
        writer.close();
    }

    /** The bytes a line takes in a file: its UTF-8 and the line break. */
    static long lineBytes(String line) {
        return line.getBytes(StandardCharsets.UTF_8).length + 1L;
    }
}
