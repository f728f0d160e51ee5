package dev.agentfsm.runtime.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A journal file: read back with its checks, or appended to, one record per line.
 *
 * <p>Reading: a record counts once its line, newline included, is in the file. Bytes after the last
 * newline are a torn record (the process died while writing it) and are dropped; the step it was
 * writing had not completed. Any complete line that is not a good record (its checksum does not
 * match, it is not JSON, its number is out of order) is corruption: an error naming the record and
 * its byte offset, whatever follows it.
 *
 * <p>Writing: each record is written with one call and, with {@link Durability#SYNC}, forced to the
 * device before {@link #write} returns. A file is written by one {@code JournalFile} at a time: it
 * holds an exclusive lock on it until {@link #close()}.
 */
public final class JournalFile implements AutoCloseable {
    /** The version of the file format this runtime writes and reads; a header records it. */
    public static final int FORMAT = 1;

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;
    private final Durability durability;
    private int records;
    private long bytes;

    private JournalFile(Path path, FileChannel channel, FileLock lock, Durability durability, int records, long bytes) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
        this.durability = durability;
        this.records = records;
        this.bytes = bytes;
    }

    /**
     * What a journal file holds.
     *
     * @param file the file
     * @param records its good records, in order
     * @param validBytes the length of the good records: where the next record goes
     * @param tornBytes how many bytes of a torn last record follow them (0 when none)
     */
    public record Contents(Path file, List<JournalRecord> records, long validBytes, long tornBytes) {
        public Contents {
            records = List.copyOf(records);
        }

        /** The header, when there is a first record. */
        public Optional<JournalRecord.Header> header() {
            return records.isEmpty() || !(records.get(0) instanceof JournalRecord.Header h)
                    ? Optional.empty()
                    : Optional.of(h);
        }
    }

    /**
     * Reads a journal and checks every record.
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) naming the first bad record, its
     *     byte offset and the problem
     * @throws IOException when the file cannot be read
     */
    public static Contents read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<JournalRecord> records = new ArrayList<>();
        int start = 0;
        while (true) {
            int end = indexOf(bytes, (byte) '\n', start);
            if (end < 0) {
                break;
            }
            int number = records.size() + 1;
            String line = new String(bytes, start, end - start, StandardCharsets.UTF_8);
            JournalRecord record;
            try {
                record = RecordCodec.parse(line, number);
                if ((number == 1) != (record instanceof JournalRecord.Header)) {
                    throw new RecordCodec.BadRecord(
                            number == 1
                                    ? "the first record must be the journal's header (\"type\":\"journal\")"
                                    : "a journal has one header, and it is the first record");
                }
            } catch (RecordCodec.BadRecord e) {
                throw corrupt(file, number, start, e.getMessage(), line);
            }
            records.add(record);
            start = end + 1;
        }
        return new Contents(file, records, start, bytes.length - start);
    }

    /**
     * Starts a new journal file; an empty file may exist already.
     *
     * @throws JournalException ({@link JournalException.Kind#MISUSE}) if the file has content: a journal is
     *     never overwritten
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another process writes it
     */
    public static JournalFile create(Path file, Durability durability) throws IOException {
        Objects.requireNonNull(durability, "durability");
        if (Files.exists(file) && Files.size(file) > 0) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    file,
                    0,
                    "journal " + file + " already exists and"
                            + " holds " + Files.size(file) + " bytes; a journal is never overwritten. Resume it"
                            + " (Journal.open, or 'run --resume'), move it away, or name another file");
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = lock(file, channel);
        if (durability == Durability.SYNC) {
            syncDirectory(file);
        }
        return new JournalFile(file, channel, lock, durability, 0, 0);
    }

    /**
     * Opens a journal to append to what {@code contents} read from it: a torn last record is cut off first.
     *
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another process writes it
     * @throws IllegalStateException if the file changed since it was read
     */
    public static JournalFile append(Contents contents, Durability durability) throws IOException {
        Objects.requireNonNull(durability, "durability");
        Path file = contents.file();
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        try {
            FileLock lock = lock(file, channel);
            long size = channel.size();
            if (size != contents.validBytes() + contents.tornBytes()) {
                throw new IllegalStateException("journal " + file + " changed since it was read (" + size + " bytes, "
                        + (contents.validBytes() + contents.tornBytes()) + " read); read it again");
            }
            if (contents.tornBytes() > 0) {
                channel.truncate(contents.validBytes());
                channel.force(true);
            }
            channel.position(contents.validBytes());
            return new JournalFile(
                    file, channel, lock, durability, contents.records().size(), contents.validBytes());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Appends a record: one write, then (with {@link Durability#SYNC}) a force to the device.
     *
     * @throws IllegalArgumentException if the record's number is not the next one
     */
    public synchronized void write(JournalRecord record) throws IOException {
        if (record.number() != records + 1) {
            throw new IllegalArgumentException(
                    "record " + record.number() + " given where record " + (records + 1) + " of " + path + " belongs");
        }
        ByteBuffer line = ByteBuffer.wrap((RecordCodec.line(record) + "\n").getBytes(StandardCharsets.UTF_8));
        int length = line.remaining();
        while (line.hasRemaining()) {
            channel.write(line);
        }
        if (durability == Durability.SYNC) {
            channel.force(false);
        }
        records++;
        bytes += length;
    }

    /** The file. */
    public Path path() {
        return path;
    }

    /** How many records the file holds. */
    public synchronized int records() {
        return records;
    }

    /** How many bytes the file holds. */
    public synchronized long bytes() {
        return bytes;
    }

    /** Releases the lock and closes the file; the records written stay. */
    @Override
    public synchronized void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }

    private static FileLock lock(Path file, FileChannel channel) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new JournalException(
                    JournalException.Kind.IN_USE,
                    file,
                    0,
                    "journal " + file + " is open in another"
                            + " session (this process or another holds its lock); a journal is written by one session at a"
                            + " time. Wait for that session to end, or stop it");
        }
        return lock;
    }

    /** Forces the directory entry of a new file, so that the file itself survives a power cut. */
    private static void syncDirectory(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform can open a directory; the records themselves are still forced
        }
    }

    private static JournalException corrupt(Path file, int number, long offset, String problem, String line) {
        String shown = line.length() <= 120 ? line : line.substring(0, 117) + "...";
        return new JournalException(
                JournalException.Kind.CORRUPT,
                file,
                number,
                "journal " + file + " is corrupt at"
                        + " record " + number + " (line " + number + ", byte " + offset + "): " + problem
                        + ". The line: "
                        + shown
                        + ". Nothing was resumed. Restore the file from a copy, or start a new session; to resume"
                        + " from the " + (number - 1) + " records before it, cut the file there (truncate -s " + offset
                        + " " + file + ")");
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
