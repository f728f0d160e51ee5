package dev.agentfsm.journal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A journal file, the {@link FileJournalStore}'s writer: read back with its checks, or appended to, one
 * record per line.
 *
 * <p>Reading: a record counts once its line, newline included, is in the file. Bytes after the last
 * newline are a torn record (the process died while writing it) and are dropped; the step it was
 * writing had not completed. Any complete line that is not a good record (its checksum does not
 * match, it is not JSON, its number is out of order) is corruption: an error naming the record and
 * its byte offset, whatever follows it.
 *
 * <p>Writing: each record is written with one call and, with {@link Durability#SYNC} or {@link
 * Durability#GROUP}, forced to the device before {@link #write} returns: by the writer's thread, or by
 * the shared {@link GroupSync} in a round with other journals' writers. A file is written by one {@code JournalFile} at a time: it
 * holds an exclusive lock on it until {@link #close()}.
 */
final class JournalFile implements JournalStore.Writer {
    /** The version of the file format this runtime writes and reads; a header records it. */
    public static final int FORMAT = 1;

    private final Path path;
    private final FileChannel channel;
    private final FileLock lock;
    /** This JVM's claim on the file ({@link LockedFiles}), let go once the lock is. */
    private final Path claim;
    /**
     * The most bytes a journal file may hold: 128 MiB. A larger file is refused before it is read, so that
     * a huge or sparse file never fills the heap.
     */
    public static final long MAX_JOURNAL_BYTES = 128L << 20;

    /** The most bytes one record (one line) may have: 16 MiB; a longer line is refused as it is read. */
    public static final int MAX_RECORD_BYTES = 16 << 20;

    private static final int CHUNK = 64 << 10;

    private final Durability durability;
    /** Who forces the file for {@link Durability#GROUP}. */
    private final GroupSync group;

    private int records;
    private long bytes;

    private JournalFile(
            Path path,
            FileChannel channel,
            FileLock lock,
            Path claim,
            Durability durability,
            GroupSync group,
            int records,
            long bytes) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
        this.claim = claim;
        this.durability = durability;
        this.group = group;
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
     * @param lastMac the MAC of the last good record, which the next one's chains to ({@code ""} when unkeyed)
     */
    public record Contents(Path file, List<JournalRecord> records, long validBytes, long tornBytes, String lastMac) {
        public Contents {
            records = List.copyOf(records);
            Objects.requireNonNull(lastMac, "lastMac");
        }

        /** The header, when there is a first record. */
        public Optional<JournalRecord.Header> header() {
            return records.isEmpty() || !(records.get(0) instanceof JournalRecord.Header h)
                    ? Optional.empty()
                    : Optional.of(h);
        }
    }

    /**
     * Reads a journal and checks every record; see {@link #read(Path, Optional)}.
     *
     * @throws JournalException naming the first bad record, its byte offset and the problem, or saying
     *     why the file is not read at all
     * @throws IOException when the file cannot be read
     */
    public static Contents read(Path file) throws IOException {
        return read(file, Optional.empty());
    }

    /**
     * Reads a journal as a stream and checks every record: memory grows with the records kept, and a line
     * is never read past {@link #MAX_RECORD_BYTES}.
     *
     * @param key the key the journal was written with: each record's MAC must match; empty for an unkeyed journal
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) naming the first bad record, its
     *     byte offset and the problem; ({@link JournalException.Kind#UNAUTHENTIC}) naming the first record
     *     whose MAC is missing or does not match; ({@link JournalException.Kind#TOO_LARGE}) when the file is
     *     over {@link #MAX_JOURNAL_BYTES} or a record over {@link #MAX_RECORD_BYTES}; ({@link
     *     JournalException.Kind#LINK}) when the file is a symbolic link
     * @throws IOException when the file cannot be read
     */
    public static Contents read(Path file, Optional<JournalKey> key) throws IOException {
        RecordReader reader = new RecordReader(file.toString(), key, false);
        long validBytes = scan(file, reader);
        return new Contents(file, reader.records(), validBytes, reader.tornBytes(), reader.lastMac());
    }

    /**
     * Reads a journal file as a stream, handing each complete line to {@code reader} and then the length of
     * a torn tail (0 when none) to {@link JournalStore.Reader#torn}: memory grows with what the reader keeps,
     * and a line is never read past {@link #MAX_RECORD_BYTES}.
     *
     * @return the length of the complete lines: where the next line goes
     * @throws JournalException ({@link JournalException.Kind#TOO_LARGE}) when the file is over {@link
     *     #MAX_JOURNAL_BYTES} or a line over {@link #MAX_RECORD_BYTES}; ({@link JournalException.Kind#LINK})
     *     when the file is a symbolic link; what the reader throws
     * @throws IOException when the file cannot be read
     */
    static long scan(Path file, JournalStore.Reader reader) throws IOException {
        refuseLink(file, "read");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return scan(file, channel, reader);
        }
    }

    private static long scan(Path file, FileChannel channel, JournalStore.Reader reader) throws IOException {
        InputStream in = Channels.newInputStream(channel);
        long size = channel.size();
        if (size > MAX_JOURNAL_BYTES) {
            throw new JournalException(
                    JournalException.Kind.TOO_LARGE,
                    file,
                    0,
                    "journal " + file + " holds " + size + " bytes (" + mib(size) + "), over the cap of "
                            + mib(MAX_JOURNAL_BYTES) + " a journal may hold; it was not read, and nothing was"
                            + " resumed. A session that long is not resumed from one journal: start a new session");
        }
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] chunk = new byte[CHUNK];
        int lines = 0;
        long start = 0;
        long offset = 0;
        int read;
        while ((read = in.read(chunk)) > 0) {
            int from = 0;
            while (from < read) {
                int end = indexOf(chunk, (byte) '\n', from, read);
                int upTo = end < 0 ? read : end;
                if (line.size() + (long) (upTo - from) > MAX_RECORD_BYTES) {
                    throw new JournalException(
                            JournalException.Kind.TOO_LARGE,
                            file,
                            lines + 1,
                            "journal " + file + ": record " + (lines + 1) + " (from byte " + start
                                    + ") is longer than the cap of " + mib(MAX_RECORD_BYTES)
                                    + " a record may have; it was not read, and nothing was resumed. The file is"
                                    + " not a journal this runtime wrote: restore it from a copy, or start a new"
                                    + " session");
                }
                line.write(chunk, from, upTo - from);
                offset += upTo - from;
                if (end < 0) {
                    break;
                }
                lines++;
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                reader.line(new JournalStore.Line(
                        lines,
                        text,
                        "line " + lines + ", byte " + start,
                        "cut the file there (truncate -s " + start + " " + file + ")"));
                offset++;
                start = offset;
                from = end + 1;
            }
        }
        reader.torn(offset - start);
        return start;
    }

    /**
     * Starts a new journal file; an empty file may exist already. A symbolic link is refused, dangling or
     * not: the file is opened as {@code O_NOFOLLOW}, so a journal is never created or written where a link
     * points. Records come as lines ({@link #append(String)}): their numbers, checksums and MACs are the
     * journal's ({@code JournalLog}).
     *
     * @throws JournalException ({@link JournalException.Kind#MISUSE}) if the file has content: a journal is
     *     never overwritten; ({@link JournalException.Kind#LINK}) if it is a symbolic link
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another process writes it
     */
    public static JournalFile create(Path file, Durability durability) throws IOException {
        return create(file, durability, GroupSync.SHARED);
    }

    /** Starts a new journal file whose records {@code group} forces, with {@link Durability#GROUP}. */
    static JournalFile create(Path file, Durability durability, GroupSync group) throws IOException {
        Objects.requireNonNull(durability, "durability");
        refuseLink(file, "created");
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) > 0) {
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    file,
                    0,
                    "journal " + file + " already exists and"
                            + " holds " + Files.size(file) + " bytes; a journal is never overwritten. Resume it"
                            + " (Journal.open, or 'run --resume'), move it away, or name another file");
        }
        Path claim = claim(file);
        try {
            FileChannel channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            LockedFiles.opened(claim);
            FileLock lock = lock(file, channel);
            if (durability != Durability.FLUSH) {
                // the directory entry of the new file, so that the file itself survives a power cut
                Directories.force(file.toAbsolutePath().getParent());
            }
            return new JournalFile(file, channel, lock, claim, durability, group, 0, 0);
        } catch (IOException | RuntimeException e) {
            LockedFiles.release(claim);
            throw e;
        }
    }

    /**
     * Opens a journal file to append to it, under its lock: hands each complete line to {@code reader}, then
     * cuts off a torn tail (after {@link JournalStore.Reader#torn}); a symbolic link is refused ({@code
     * O_NOFOLLOW}). What the reader throws closes the file unchanged and comes out of here.
     *
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another process writes it; as
     *     {@link #scan}
     */
    static JournalFile open(Path file, Durability durability, JournalStore.Reader reader) throws IOException {
        Objects.requireNonNull(durability, "durability");
        refuseLink(file, "read");
        Path claim = claim(file);
        FileChannel channel;
        try {
            channel = FileChannel.open(
                    file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            LockedFiles.release(claim);
            throw e;
        }
        try {
            FileLock lock = lock(file, channel);
            LineCount count = new LineCount(reader);
            long validBytes = scan(file, channel, count);
            if (channel.size() > validBytes) {
                channel.truncate(validBytes);
                channel.force(true);
            }
            channel.position(validBytes);
            return new JournalFile(file, channel, lock, claim, durability, GroupSync.SHARED, count.lines, validBytes);
        } catch (IOException | RuntimeException e) {
            try {
                channel.close();
            } finally {
                LockedFiles.release(claim);
            }
            throw e;
        }
    }

    /** Counts the lines a reader is handed. */
    private static final class LineCount implements JournalStore.Reader {
        private final JournalStore.Reader reader;
        private int lines;

        LineCount(JournalStore.Reader reader) {
            this.reader = reader;
        }

        @Override
        public void line(JournalStore.Line line) {
            reader.line(line);
            lines++;
        }

        @Override
        public void torn(long bytes) {
            reader.torn(bytes);
        }
    }

    /** Appends a line: one write, then (with {@link Durability#SYNC}) a force to the device. */
    @Override
    public synchronized void append(String text) throws IOException {
        ByteBuffer line = ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8));
        int length = line.remaining();
        while (line.hasRemaining()) {
            channel.write(line);
        }
        switch (durability) {
            case SYNC -> channel.force(false);
            case GROUP -> group.sync(channel);
            case FLUSH -> {
                // written to the operating system: survives a killed process
            }
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
            try {
                channel.close();
            } finally {
                LockedFiles.release(claim);
            }
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
            throw inUse(file);
        }
        return lock;
    }

    /**
     * Claims {@code file} for this JVM before a channel of it is opened: a second claim here is refused without
     * opening it, since closing any channel of the file would drop the holder's lock ({@link LockedFiles}).
     */
    private static Path claim(Path file) throws IOException {
        return LockedFiles.claim(file).orElseThrow(() -> inUse(file));
    }

    private static JournalException inUse(Path file) {
        return new JournalException(
                JournalException.Kind.IN_USE,
                file,
                0,
                "journal " + file + " is open in another"
                        + " session (this process or another holds its lock); a journal is written by one session at a"
                        + " time. Wait for that session to end, or stop it");
    }

    /** Refuses a symbolic link: a journal is read and written only at the path the user named. */
    private static void refuseLink(Path file, String doing) throws IOException {
        if (Files.isSymbolicLink(file)) {
            String target;
            try {
                target = Files.readSymbolicLink(file).toString();
            } catch (IOException e) {
                target = "(unreadable)";
            }
            throw new JournalException(
                    JournalException.Kind.LINK,
                    file,
                    0,
                    "journal " + file + " is a symbolic link (to " + target + "), and a journal is not " + doing
                            + " through a link, so that it never lands where the user did not name; give the"
                            + " file's real path");
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
    }

    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
