package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A journal's records written through a {@link JournalStore}'s claim: each record numbered next, turned into
 * its line (with its checksum, and its MAC chained to the last one under a key) and appended; the store keeps
 * it as durably as it promises before {@link #write} returns.
 */
final class JournalLog implements AutoCloseable {
    private final String where;
    private final JournalStore.Writer writer;
    private final Optional<JournalKey> key;
    private String lastMac;
    private int records;
    private long bytes;

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
        if (record.number() != records + 1) {
            throw new IllegalArgumentException(
                    "record " + record.number() + " given where record " + (records + 1) + " of " + where + " belongs");
        }
        RecordCodec.Line line = RecordCodec.line(record, key, lastMac);
        writer.append(line.text());
        records++;
        bytes += line.utf8Bytes() + 1L; // and the line break
        lastMac = line.mac();
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
