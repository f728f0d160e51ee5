package dev.agentfsm.journal;

import java.io.Closeable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared-log store: the journals of many sessions in ONE append-only log (segment files in a
 * directory), so that concurrent sessions share a sync. The lines that sessions append while the log is
 * writing a batch go together into its next batch: one write and one {@code force} for all of them (group
 * commit), and each {@link Writer#append} returns only once its line's batch is forced, so a completed
 * step's record is on the device before the session starts its next step, as with a file per journal.
 *
 * <pre>{@code
 * try (SharedLogJournalStore log = SharedLogJournalStore.open(Path.of("journals"), Durability.SYNC)) {
 *     Journal journal = Journal.create(log, "ticket-4711");      // as with any store
 *     ...
 * }
 * }</pre>
 *
 * <p><b>Durability</b>: {@link Durability#SYNC} and {@link Durability#GROUP} mean the same here: every
 * batch is forced before its appends return (a record survives a killed process and a power cut); the log
 * always commits in groups. {@link Durability#FLUSH}: every batch is written to the operating system in one
 * call and not forced (a record survives a killed process; a power cut may lose the last batches).
 *
 * <p><b>Claims</b>: one store per directory and JVM, which holds an exclusive lock on the directory's
 * {@code lock} file until {@link #close}; another store of the directory, in this JVM or another, is refused
 * ({@link JournalException.Kind#IN_USE}) naming the holder (process, host and since when, as the lock file
 * says). Within the store, one writer per journal: a second {@link #create} or {@link #open} of a journal
 * that is claimed fails with {@code IN_USE}, so of two resumers racing for a journal exactly one wins.
 *
 * <p><b>Finding a journal</b>: each line's frame names its journal and links back to the journal's previous
 * frame. Opening the store scans every segment once (checksums, links, a torn last batch cut off) and keeps,
 * per journal, only where its last frame is: the journal's name and one position, about 100 bytes of heap
 * per journal, records never. {@link #open} walks the journal's links back from its last frame (one read per
 * line), never reading other journals' lines. Segments are never deleted or compacted: the log grows with
 * every journal it holds. The directory's {@code segments} file lists the segments (rewritten once per segment,
 * never per record), so that a missing segment, the newest included, or one cut short of what the file lists, is
 * refused ({@link JournalException.Kind#CORRUPT}) naming it, never taken for journals that ended earlier.
 *
 * <p>The records are the same lines as in a journal file ({@link Journal} writes them: checksums, numbering,
 * MACs under a {@link JournalKey}), each kept in a frame with a checksum of its own.
 */
public final class SharedLogJournalStore implements JournalStore, Closeable {
    private static final String LOCK_FILE = "lock";

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;
    /** This JVM's claim on the lock file ({@link LockedFiles}), let go once the lock is. */
    private final Path claim;

    private final SharedLog log;
    /**
     * Each journal's last frame: the index that {@link #open} starts from. A claimed journal's entry is made
     * with its first line and brought up to date when its claim is released, not at every line (a shared
     * map written per record): nothing reads it meanwhile, since {@link #open} and {@link #create} of a
     * claimed journal are refused.
     */
    private final Map<String, Long> tails;
    /** The journals claimed by a writer now. */
    private final Set<String> claimed = ConcurrentHashMap.newKeySet();

    private SharedLogJournalStore(Path directory, FileChannel lockChannel, FileLock lock, Path claim, SharedLog log) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.claim = claim;
        this.log = log;
        this.tails = new ConcurrentHashMap<>(log.scanned().tails());
    }

    /**
     * Opens the shared log in {@code directory} (made when missing), taking it for this JVM until {@link
     * #close}: scans its segments, and cuts off a batch that was being written when a process died (none of
     * its appends had returned).
     *
     * @throws JournalException ({@link JournalException.Kind#IN_USE}) if another store, in this JVM or
     *     another, has the directory, naming it; ({@link JournalException.Kind#CORRUPT}) naming a damaged frame
     * @throws IOException if the directory cannot be read or written
     */
    public static SharedLogJournalStore open(Path directory, Durability durability) throws IOException {
        return open(directory, durability, channel -> channel.force(false), SharedLog.SEGMENT_BYTES);
    }

    /** As {@link #open(Path, Durability)}, with {@code force} forcing the batches, and segments of {@code segmentBytes}. */
    static SharedLogJournalStore open(Path directory, Durability durability, SharedLog.Force force, long segmentBytes)
            throws IOException {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(durability, "durability");
        Directories.create(directory);
        Path lockFile = directory.resolve(LOCK_FILE);
        // refused before the lock file is opened (let alone read for its holder): closing a channel of it would
        // drop this JVM's lock on it, and another process could then open the log beside the store that has it
        Path claim = LockedFiles.claim(lockFile)
                .orElseThrow(() -> new JournalException(
                        JournalException.Kind.IN_USE,
                        directory.toString(),
                        "shared log " + directory + " is open in another SharedLogJournalStore of this JVM, process "
                                + ProcessHandle.current().pid() + " on " + host() + "; a shared log is written by one"
                                + " JVM, through one store. Use that store, or wait for it to be closed"));
        FileChannel channel;
        try {
            channel = FileChannel.open(
                    lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            LockedFiles.release(claim);
            throw e;
        }
        try {
            LockedFiles.opened(claim);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                throw held(directory, lockFile, "another SharedLogJournalStore of this JVM, ");
            }
            if (lock == null) {
                throw held(directory, lockFile, "");
            }
            byte[] holder = ("process " + ProcessHandle.current().pid() + " on " + host() + " since " + Instant.now()
                            + " (" + ManagementFactory.getRuntimeMXBean().getName() + ")\n")
                    .getBytes(StandardCharsets.UTF_8);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(holder), 0);
            SharedLog log = SharedLog.open(directory, durability, force, segmentBytes);
            return new SharedLogJournalStore(directory, channel, lock, claim, log);
        } catch (IOException | RuntimeException e) {
            try {
                channel.close();
            } finally {
                LockedFiles.release(claim);
            }
            throw e;
        }
    }

    private static JournalException held(Path directory, Path lockFile, String whom) {
        String holder;
        try {
            holder = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            holder = "(its lock file could not be read: " + e.getMessage() + ")";
        }
        return new JournalException(
                JournalException.Kind.IN_USE,
                directory.toString(),
                "shared log " + directory + " is open in " + whom + (holder.isEmpty() ? "a process" : holder)
                        + "; a shared log is written by one JVM, through one store. Use that store, or wait"
                        + " for its process to close it or end");
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "an unknown host";
        }
    }

    @Override
    public List<String> journals() {
        List<String> names = new ArrayList<>(tails.keySet());
        Collections.sort(names);
        return names;
    }

    @Override
    public Writer create(String journal) throws IOException {
        claim(journal);
        if (tails.containsKey(journal)) {
            claimed.remove(journal);
            throw new JournalException(
                    JournalException.Kind.MISUSE,
                    where(journal),
                    "journal " + where(journal) + " already holds records; a journal is never overwritten."
                            + " Resume it (Journal.open(store, \"" + journal + "\")), or name another journal");
        }
        return new Claim(journal, -1);
    }

    @Override
    public Writer open(String journal, Reader reader) throws IOException {
        Objects.requireNonNull(reader, "reader");
        claim(journal);
        try {
            long last = tails.getOrDefault(journal, -1L);
            List<SharedLog.Frame> frames = new ArrayList<>();
            List<Long> positions = new ArrayList<>();
            long bytes = 0;
            for (long at = last; at >= 0; ) {
                SharedLog.Frame frame = log.read(journal, at);
                bytes += JournalLog.lineBytes(frame.line());
                if (bytes > JournalFile.MAX_JOURNAL_BYTES) {
                    throw new JournalException(
                            JournalException.Kind.TOO_LARGE,
                            where(journal),
                            "journal " + where(journal) + " holds more than the cap of "
                                    + (JournalFile.MAX_JOURNAL_BYTES >> 20) + " MiB a journal may hold; it was not"
                                    + " read, and nothing was resumed. Start a new session");
                }
                frames.add(frame);
                positions.add(at);
                at = frame.previous();
            }
            Collections.reverse(frames);
            Collections.reverse(positions);
            for (int i = 0; i < frames.size(); i++) {
                reader.line(new Line(
                        i + 1,
                        frames.get(i).line(),
                        "line " + (i + 1) + ", at " + log.describe(positions.get(i)),
                        "copy them into a new journal (a shared log is never cut in place)"));
            }
            reader.torn(0); // a torn batch is the whole log's, cut off when the store was opened
            return new Claim(journal, last);
        } catch (IOException | RuntimeException e) {
            claimed.remove(journal);
            throw e;
        }
    }

    @Override
    public String where(String journal) {
        return "'" + journal + "' in shared log " + directory;
    }

    /** The batches written since the store was opened: each one write and, unless {@code FLUSH}, one force. */
    public long batches() {
        return log.batches();
    }

    /** The lines written since the store was opened, in all batches. */
    public long lines() {
        return log.frames();
    }

    /** The log, for tests. */
    SharedLog log() {
        return log;
    }

    /**
     * Writes what was handed in, closes the log and lets the directory go; journals still claimed can't be
     * appended to any more.
     */
    @Override
    public void close() throws IOException {
        try {
            log.close();
        } finally {
            try {
                if (lock.isValid()) {
                    lock.release();
                }
            } finally {
                try {
                    lockChannel.close();
                } finally {
                    LockedFiles.release(claim);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "SharedLogJournalStore(" + directory + ")";
    }

    private void claim(String journal) {
        Objects.requireNonNull(journal, "journal");
        int bytes = journal.getBytes(StandardCharsets.UTF_8).length;
        if (bytes == 0 || bytes > SharedLog.MAX_NAME_BYTES) {
            throw new IllegalArgumentException("journal name '" + journal + "' has " + bytes + " bytes in UTF-8;"
                    + " a journal of a shared log is named by 1 to " + SharedLog.MAX_NAME_BYTES + " bytes");
        }
        if (!claimed.add(journal)) {
            throw new JournalException(
                    JournalException.Kind.IN_USE,
                    where(journal),
                    "journal " + where(journal) + " is open in another session of this process; a journal is"
                            + " written by one session at a time. Wait for that session to end, or stop it");
        }
    }

    /** A claim on one journal: appends its lines, each linked to the one before. */
    private final class Claim implements Writer {
        private final String journal;
        /** The journal's name in UTF-8, as each of its frames holds it. */
        private final byte[] name;

        private long last;
        private boolean closed;

        Claim(String journal, long last) {
            this.journal = journal;
            this.name = journal.getBytes(StandardCharsets.UTF_8);
            this.last = last;
        }

        @Override
        public synchronized void append(String line) throws IOException {
            if (closed) {
                throw new JournalException(
                        JournalException.Kind.MISUSE,
                        where(journal),
                        "journal " + where(journal) + " was closed; open it again to append");
            }
            ByteBuffer frame = SharedLog.frame(name, last, line);
            int lineBytes = frame.remaining() - SharedLog.HEAD - SharedLog.FIXED - name.length;
            if (lineBytes > JournalFile.MAX_RECORD_BYTES) {
                // a longer frame would read back as damage: the log's torn tail, or corruption of every journal
                throw new JournalException(
                        JournalException.Kind.TOO_LARGE,
                        where(journal),
                        "journal " + where(journal) + ": a line of " + lineBytes + " bytes is over the cap of "
                                + (JournalFile.MAX_RECORD_BYTES >> 20) + " MiB a record may have; it was not"
                                + " written. Append lines of at most " + JournalFile.MAX_RECORD_BYTES + " bytes");
            }
            boolean first = last < 0;
            last = log.append(frame);
            if (first) {
                tails.put(journal, last); // listed by journals() from its first line
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                if (last >= 0) {
                    tails.put(journal, last);
                }
                claimed.remove(journal);
            }
        }
    }
}
