package dev.agentfsm.journal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only log of a {@link SharedLogJournalStore}: segment files in one directory, each a run of
 * frames, one frame per journal line, written in batches by one thread: the frames that appenders hand in
 * while a batch is being written and forced go together into the next batch, one write and (unless {@link
 * Durability#FLUSH}) one {@code force} for all of them (group commit). {@link #append} returns once its
 * frame's batch is forced.
 *
 * <p>A frame, big-endian:
 *
 * <pre>
 * int   0x4A4C4F47 ("JLOG")       where a frame starts
 * int   length                    of what follows the checksum
 * int   CRC-32C                   of what follows it
 * long  previous                  where the same journal's previous frame is (-1 for its first)
 * short name length, name (UTF-8) the journal's name
 * ...   the line (UTF-8)          the rest
 * </pre>
 *
 * <p>The back link lets a journal's frames be found from its last one without reading anyone else's; the
 * checksum covers the link, the name and the line, so a frame is read back whole or not at all. A frame's
 * length field starts with a zero byte (a frame is far below 16 MiB), which UTF-8 JSON text never holds, so
 * a frame can't hide in another frame's line.
 *
 * <p>The directory's {@code segments} file ({@link SegmentList}) lists the segments: each complete one's size,
 * and the newest one with the bytes forced in it when its first batch was. It is rewritten once per segment,
 * after that batch is forced and before its appends return, so a deleted or cut newest segment is refused
 * rather than taken for a log that ended there; a segment made but not listed yet (the process died between the
 * two) is the newest, and listed when the log is opened.
 *
 * <p>Opening scans every segment once: each frame's checksum, and that its back link points at its
 * journal's frame before it. A segment is only rolled over once it was forced, so damage in any segment but
 * the last is corruption. In the last one, a frame that is cut off or fails its checksum, with no good frame
 * after it, is the batch that was being written when the process died (none of its appends had returned):
 * it is cut off and logged. A bad frame with a good one after it is corruption: refused, naming where.
 */
final class SharedLog implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(SharedLog.class);

    /** How the log's segment is forced: {@code channel.force(false)}, or a stand-in in tests. */
    interface Force {
        void force(FileChannel channel) throws IOException;
    }

    static final int MAGIC = 0x4A4C4F47;
    /** Magic, length, checksum. */
    static final int HEAD = 12;
    /** The back link and the name's length. */
    static final int FIXED = 10;

    /** The direct buffer a batch is gathered into for its writes (see {@link #out}). */
    static final int GATHER_BYTES = 1 << 20;
    /** The longest journal name, in UTF-8 bytes. */
    static final int MAX_NAME_BYTES = 1024;
    /** A segment is rolled over once a batch would take it past this size: 64 MiB. */
    static final long SEGMENT_BYTES = 64L << 20;
    /** Segment numbers are kept above this many bits of offset in a position. */
    private static final int OFFSET_BITS = 40;

    private static final Pattern SEGMENT = Pattern.compile("segment-(\\d{10})\\.log");

    private final Path directory;
    private final Durability durability;
    private final Force force;
    private final long segmentBytes;
    /** Every segment, by number, open for reading (the last one also for writing). Guarded by itself. */
    private final TreeMap<Long, FileChannel> segments = new TreeMap<>();

    private final Object lock = new Object();
    /** The frames waiting for the next batch. Guarded by {@link #lock}. */
    private Batch open = new Batch();

    /**
     * The threads in {@code lock.wait()}: the writer between batches, and tests waiting for appends. An append
     * wakes them only when there are any, so that a batch's hundred appends made while the writer writes
     * don't each notify a lock nobody waits on. Guarded by {@link #lock}.
     */
    private int sleeping;

    private boolean closed;
    private Optional<IOException> failed = Optional.empty();
    private long batches;
    private long frames;
    private final Thread writer;

    /** The segment written to now, and how long it is (only the writer thread touches them after opening). */
    private long current;

    /**
     * Where the writer gathers a batch's frames for few writes: a direct buffer, reused, since a channel
     * copies heap buffers into temporary direct ones of its own first (a cache of a few, which a batch of a
     * hundred frames overflows). Only the writer thread touches it. Its size is fixed: a batch larger than it
     * is written in several pieces, and a frame larger than it on its own, so that a batch of many long
     * lines (each may be up to {@link JournalFile#MAX_RECORD_BYTES}) never holds its whole size in direct
     * memory.
     */
    private final ByteBuffer out = ByteBuffer.allocateDirect(GATHER_BYTES);

    private long currentSize;

    /** The sizes of the segments rolled over from, 1 to {@code current - 1}. Only the writer thread touches it after opening. */
    private final List<Long> completeSizes = new ArrayList<>();

    /**
     * What the directory's {@link SegmentList} file says now, empty before the log's first batch. Only the writer
     * thread touches it after opening.
     */
    private Optional<SegmentList> listed = Optional.empty();

    /**
     * What the scan of the segments found.
     *
     * @param tails each journal's last frame, by name
     * @param frames the frames, in all segments
     * @param cutBytes the bytes of a torn last batch cut off (0 when none)
     */
    record Scanned(Map<String, Long> tails, long frames, long cutBytes) {}

    private Scanned scanned;

    private SharedLog(Path directory, Durability durability, Force force, long segmentBytes) {
        this.directory = directory;
        this.durability = durability;
        this.force = force;
        this.segmentBytes = segmentBytes;
        this.writer = new Thread(this::run, "agentfsm-shared-log " + directory);
        this.writer.setDaemon(true);
    }

    /**
     * Opens the log in {@code directory} (made when missing): scans every segment, cuts off a torn last
     * batch, and starts its writer. The caller holds the directory's lock.
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) naming the segment and byte of a
     *     damaged frame
     */
    static SharedLog open(Path directory, Durability durability, Force force, long segmentBytes) throws IOException {
        SharedLog log = new SharedLog(directory, durability, force, segmentBytes);
        try {
            log.scanned = log.scan();
        } catch (IOException | RuntimeException e) {
            log.closeChannels();
            throw e;
        }
        log.writer.start();
        return log;
    }

    /** What opening found: the journals' last frames, the frames, a torn batch cut off. */
    Scanned scanned() {
        return scanned;
    }

    /**
     * A journal line as a frame, linked to the journal's previous frame at {@code previous} (-1 for its first).
     */
    static ByteBuffer frame(String journal, long previous, String line) {
        return frame(journal.getBytes(StandardCharsets.UTF_8), previous, line);
    }

    /** As {@link #frame(String, long, String)}, with the journal's name in UTF-8. */
    static ByteBuffer frame(byte[] name, long previous, String line) {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        int length = FIXED + name.length + text.length;
        ByteBuffer frame = ByteBuffer.allocate(HEAD + length);
        frame.putInt(MAGIC).putInt(length).putInt(0);
        frame.putLong(previous).putShort((short) name.length).put(name).put(text);
        CRC32C crc = new CRC32C();
        crc.update(frame.array(), HEAD, length);
        frame.putInt(8, (int) crc.getValue());
        return frame.flip();
    }

    /**
     * Appends {@code frame} in the next batch and returns where it is, once the batch is written and (unless
     * {@link Durability#FLUSH}) forced. The wait is not cut short by an interrupt (the line would not be known
     * kept); the thread's interrupt is kept for its caller.
     *
     * @throws IOException if the batch could not be written or forced (the log then takes no more), or the
     *     log is closed
     */
    long append(ByteBuffer frame) throws IOException {
        Pending pending = new Pending(frame);
        Batch batch;
        synchronized (lock) {
            if (failed.isPresent()) {
                throw new IOException(
                        "the shared log in " + directory + " failed earlier and takes no more lines: "
                                + failed.get().getMessage() + "; open the store again to go on from what it kept",
                        failed.get());
            }
            if (closed) {
                throw new IOException("the shared log in " + directory + " is closed; open the store again");
            }
            batch = open;
            batch.frames.add(pending);
            if (sleeping > 0) {
                lock.notifyAll();
            }
        }
        boolean interrupted = false;
        while (true) {
            try {
                batch.done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (batch.failure.isPresent()) {
            throw new IOException(batch.failure.get().getMessage(), batch.failure.get());
        }
        return pending.position;
    }

    /**
     * The frame at {@code position}: its back link and its line.
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) when it is not a good frame of {@code
     *     journal}
     */
    Frame read(String journal, long position) throws IOException {
        FileChannel channel;
        synchronized (segments) {
            channel = segments.get(segmentOf(position));
        }
        if (channel == null) {
            throw corrupt(position, "its segment is missing");
        }
        long offset = offsetOf(position);
        ByteBuffer head = ByteBuffer.allocate(HEAD);
        readFully(channel, head, offset);
        head.flip();
        int length = head.getInt(4);
        if (head.getInt(0) != MAGIC
                || length < FIXED
                || length > FIXED + MAX_NAME_BYTES + JournalFile.MAX_RECORD_BYTES) {
            throw corrupt(position, "no frame starts there");
        }
        ByteBuffer body = ByteBuffer.allocate(length);
        readFully(channel, body, offset + HEAD);
        Optional<Frame> frame = decode(head.getInt(8), body.array());
        if (frame.isEmpty() || !frame.get().journal().equals(journal)) {
            throw corrupt(position, "the frame there fails its checksum or is not journal '" + journal + "''s");
        }
        return frame.get();
    }

    /**
     * A frame read back.
     *
     * @param journal the journal's name
     * @param previous where its previous frame is, -1 for none
     * @param line the line
     */
    record Frame(String journal, long previous, String line) {}

    /** Where a position is, for messages: {@code "byte 412 of segment-0000000001.log"}. */
    String describe(long position) {
        return "byte " + offsetOf(position) + " of " + directory.resolve(segmentName(segmentOf(position)));
    }

    /** The batches written so far. */
    long batches() {
        synchronized (lock) {
            return batches;
        }
    }

    /** The frames written so far, in all batches. */
    long frames() {
        synchronized (lock) {
            return frames;
        }
    }

    /** Waits until {@code count} frames wait for the next batch (for tests, which must not sleep). */
    void awaitWaiting(int count) throws InterruptedException {
        synchronized (lock) {
            while (open.frames.size() < count) {
                sleeping++;
                try {
                    lock.wait();
                } finally {
                    sleeping--;
                }
            }
        }
    }

    /** Writes the frames handed in so far, then stops the writer and closes the segments. */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        boolean interrupted = false;
        while (writer.isAlive()) {
            try {
                writer.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        closeChannels();
    }

    // ---- the writer thread ----

    /** The frames of one batch, and when they were written and forced. */
    private static final class Batch {
        final List<Pending> frames = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        Optional<IOException> failure = Optional.empty();
    }

    private static final class Pending {
        final ByteBuffer frame;
        long position;

        Pending(ByteBuffer frame) {
            this.frame = frame;
        }
    }

    private void run() {
        while (true) {
            Batch batch;
            synchronized (lock) {
                while (open.frames.isEmpty() && !closed) {
                    sleeping++;
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        // the writer's own thread: nobody interrupts it on purpose, and appenders wait on it
                    } finally {
                        sleeping--;
                    }
                }
                if (open.frames.isEmpty()) {
                    return; // closed, and nothing left to write
                }
                batch = open;
                open = new Batch();
            }
            try {
                if (failed.isPresent()) {
                    throw failed.get();
                }
                write(batch);
            } catch (IOException | RuntimeException | Error e) {
                IOException failure =
                        e instanceof IOException io ? io : new IOException("the shared log's writer failed: " + e, e);
                batch.failure = Optional.of(new IOException(
                        "the shared log in " + directory + " could not write or force a batch of " + batch.frames.size()
                                + " lines: " + failure.getMessage(),
                        failure));
                synchronized (lock) {
                    failed = Optional.of(failure);
                }
            }
            synchronized (lock) {
                batches++;
                frames += batch.frames.size();
            }
            batch.done.countDown();
        }
    }

    /** One write of the whole batch, then one force, in the current segment (rolled over first when full). */
    private void write(Batch batch) throws IOException {
        long bytes = 0;
        for (Pending pending : batch.frames) {
            bytes += pending.frame.remaining();
        }
        if (currentSize > 0 && currentSize + bytes > segmentBytes) {
            roll();
        }
        FileChannel channel;
        synchronized (segments) {
            channel = segments.get(current);
        }
        out.clear();
        long offset = currentSize;
        long at = currentSize;
        for (Pending pending : batch.frames) {
            ByteBuffer frame = pending.frame;
            pending.position = position(current, offset);
            offset += frame.remaining();
            if (frame.remaining() > out.remaining()) {
                at = drain(channel, at);
            }
            if (frame.remaining() > out.capacity()) {
                at = writeFully(channel, frame.duplicate(), at);
            } else {
                out.put(frame.array(), frame.arrayOffset() + frame.position(), frame.remaining());
            }
        }
        drain(channel, at);
        if (durability != Durability.FLUSH) {
            force.force(channel);
        }
        currentSize += bytes;
        if (listed.isEmpty() || listed.get().newest() != current || listed.get().newestBytes() == 0) {
            // the segment's first batch: listed before its appends return, so that losing the segment is noticed
            if (durability == Durability.FLUSH) {
                force.force(channel); // the list says these bytes are on the device
            }
            list(new SegmentList(completeSizes, current, currentSize));
        }
    }

    /** Writes {@code list} as the directory's {@link SegmentList}. */
    private void list(SegmentList list) throws IOException {
        list.write(directory);
        listed = Optional.of(list);
    }

    /** Writes what {@link #out} gathered at {@code at} and empties it; the position after it. */
    private long drain(FileChannel channel, long at) throws IOException {
        out.flip();
        long end = writeFully(channel, out, at);
        out.clear();
        return end;
    }

    private static long writeFully(FileChannel channel, ByteBuffer bytes, long at) throws IOException {
        long end = at;
        while (bytes.hasRemaining()) {
            end += channel.write(bytes, end);
        }
        return end;
    }

    /** Forces the full segment (whatever the durability: only the last segment may hold a torn batch) and starts the next. */
    private void roll() throws IOException {
        FileChannel full;
        synchronized (segments) {
            full = segments.get(current);
        }
        force.force(full);
        long next = current + 1;
        FileChannel channel = openSegment(next, true);
        synchronized (segments) {
            segments.put(next, channel);
        }
        completeSizes.add(currentSize);
        current = next;
        currentSize = 0;
    }

    // ---- opening: the scan ----

    private Scanned scan() throws IOException {
        TreeMap<Long, Path> files = new TreeMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "segment-*.log")) {
            for (Path entry : entries) {
                Matcher m = SEGMENT.matcher(entry.getFileName().toString());
                if (m.matches() && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    files.put(Long.parseLong(m.group(1)), entry);
                }
            }
        }
        long number = 1;
        for (long segment : files.keySet()) {
            if (segment != number) {
                throw missing(number, files);
            }
            number++;
        }
        Optional<SegmentList> list = SegmentList.read(directory);
        if (list.isPresent() && list.get().newest() > files.size()) {
            throw lost(files.size(), list.get());
        }
        if (files.isEmpty()) {
            segments.put(1L, openSegment(1, true));
            current = 1;
            currentSize = 0;
            return new Scanned(new HashMap<>(), 0, 0);
        }
        Map<String, Long> tails = new HashMap<>();
        long count = 0;
        long cut = 0;
        for (Map.Entry<Long, Path> file : files.entrySet()) {
            boolean last = file.getKey().equals(files.lastKey());
            FileChannel channel = openSegment(file.getKey(), last);
            segments.put(file.getKey(), channel);
            if (list.isPresent()) {
                checkListed(file.getKey(), channel.size(), list.get());
            }
            SegmentScan scan = scanSegment(file.getKey(), channel, tails, last);
            count += scan.frames;
            if (!last) {
                completeSizes.add(channel.size());
            }
            if (list.isPresent()
                    && list.get().newest() == file.getKey()
                    && scan.good < list.get().newestBytes()) {
                throw corrupt(
                        position(file.getKey(), scan.good),
                        (channel.size() < list.get().newestBytes()
                                        ? "the segment ends there"
                                        : "the segment's good frames end there")
                                + ", but " + list.get().newestBytes() + " bytes were forced in it (its file '"
                                + SegmentList.FILE + "' says so), so it was cut or damaged, and the records after"
                                + " that byte would be lost; nothing was cut");
            }
            if (last) {
                long size = channel.size();
                if (size > scan.good) {
                    cut = size - scan.good;
                    channel.truncate(scan.good);
                    channel.force(true);
                    LOG.warn(
                            "shared log {}: cut off {} bytes of a batch being written when its process died, at byte"
                                    + " {} of {} (no append of that batch had returned: their steps run again)",
                            directory,
                            cut,
                            scan.good,
                            file.getValue().getFileName());
                }
                current = file.getKey();
                currentSize = scan.good;
            }
        }
        listed = list;
        if (list.isEmpty() || list.get().newest() < current || (list.get().newestBytes() == 0 && currentSize > 0)) {
            relist(list);
        }
        return new Scanned(tails, count, cut);
    }

    /**
     * Lists the segments as the scan found them, when the file says less: there is none (a log written before
     * there was one, or the file was deleted), or the process died after the log rolled over to a new segment
     * and before its first batch was listed (none of that batch's appends had returned).
     */
    private void relist(Optional<SegmentList> list) throws IOException {
        if (list.isEmpty() && (current > 1 || currentSize > 0)) {
            LOG.warn(
                    "shared log {} has no file '{}' (written by an earlier version, or its process died before its"
                            + " first batch was listed, or the file was deleted): its {}"
                            + " segments were taken as they are, the newest one whole; listing them now, so that a"
                            + " lost newest segment is noticed from here on",
                    directory,
                    SegmentList.FILE,
                    current);
        } else if (list.isPresent() && list.get().newest() < current - 1) {
            LOG.warn(
                    "shared log {}: its file '{}' lists segments up to {}, the directory holds {}; listing them now",
                    directory,
                    SegmentList.FILE,
                    list.get().newest(),
                    current);
        }
        FileChannel channel;
        synchronized (segments) {
            channel = segments.get(current);
        }
        if (currentSize > 0) {
            channel.force(false); // the list says these bytes are on the device: a FLUSH log's may not be yet
        }
        list(new SegmentList(completeSizes, current, currentSize));
    }

    /**
     * Refuses a complete segment whose size is not what the list recorded; the newest one is checked once scanned,
     * against the bytes forced in it.
     */
    private void checkListed(long segment, long size, SegmentList list) {
        if (segment < list.newest() && size != list.complete().get((int) segment - 1)) {
            throw corrupt(
                    position(segment, Math.min(size, list.complete().get((int) segment - 1))),
                    "the segment holds " + size + " bytes, but it held "
                            + list.complete().get((int) segment - 1)
                            + " when the log rolled over from it (its file '" + SegmentList.FILE + "' says so), so"
                            + " it was cut, grown or replaced since");
        }
    }

    private record SegmentScan(long frames, long good) {}

    /** Reads a segment's frames, updating {@code tails}; in the last segment, stops at a torn tail. */
    private SegmentScan scanSegment(long segment, FileChannel channel, Map<String, Long> tails, boolean last)
            throws IOException {
        long size = channel.size();
        long offset = 0;
        long count = 0;
        ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
        while (offset < size) {
            Optional<Frame> frame = Optional.empty();
            long length = -1;
            if (size - offset >= HEAD) {
                ByteBuffer head = ByteBuffer.allocate(HEAD);
                readFully(channel, head, offset);
                length = head.getInt(4);
                if (head.getInt(0) == MAGIC
                        && length >= FIXED
                        && length <= FIXED + MAX_NAME_BYTES + JournalFile.MAX_RECORD_BYTES
                        && offset + HEAD + length <= size) {
                    ByteBuffer body = ByteBuffer.allocate((int) length);
                    readFully(channel, body, offset + HEAD);
                    frame = decode(head.getInt(8), body.array());
                }
            }
            long position = position(segment, offset);
            if (frame.isEmpty()) {
                if (last && !goodFrameAfter(channel, offset + 1, size, chunk)) {
                    return new SegmentScan(count, offset); // the torn last batch
                }
                throw corrupt(
                        position,
                        last
                                ? "a damaged frame with good frames after it"
                                : "a damaged or cut-off frame in a segment that was complete");
            }
            long expected = tails.getOrDefault(frame.get().journal(), -1L);
            if (frame.get().previous() != expected) {
                throw corrupt(
                        position,
                        "journal '" + frame.get().journal() + "''s frame links back to "
                                + frame.get().previous() + ", not to its frame before (" + expected + ")");
            }
            tails.put(frame.get().journal(), position);
            count++;
            offset += HEAD + length;
        }
        return new SegmentScan(count, offset);
    }

    /** Whether a whole, good frame starts anywhere in {@code [from, size)}: then a bad frame before it is damage. */
    private boolean goodFrameAfter(FileChannel channel, long from, long size, ByteBuffer chunk) throws IOException {
        for (long at = from; at + HEAD + FIXED <= size; ) {
            chunk.clear();
            int read = channel.read(chunk, at);
            if (read <= 0) {
                return false;
            }
            for (int i = 0; i + 4 <= read; i++) {
                if (chunk.getInt(i) == MAGIC && isGoodFrame(channel, at + i, size)) {
                    return true;
                }
            }
            at += Math.max(1, read - 3);
        }
        return false;
    }

    private boolean isGoodFrame(FileChannel channel, long offset, long size) throws IOException {
        if (offset + HEAD > size) {
            return false;
        }
        ByteBuffer head = ByteBuffer.allocate(HEAD);
        readFully(channel, head, offset);
        int length = head.getInt(4);
        if (length < FIXED
                || length > FIXED + MAX_NAME_BYTES + JournalFile.MAX_RECORD_BYTES
                || offset + HEAD + length > size) {
            return false;
        }
        ByteBuffer body = ByteBuffer.allocate(length);
        readFully(channel, body, offset + HEAD);
        return decode(head.getInt(8), body.array()).isPresent();
    }

    /** A frame's contents, when its checksum matches and its fields fit. */
    private static Optional<Frame> decode(int crc, byte[] body) {
        CRC32C check = new CRC32C();
        check.update(body);
        if ((int) check.getValue() != crc) {
            return Optional.empty();
        }
        ByteBuffer in = ByteBuffer.wrap(body);
        long previous = in.getLong();
        int nameLength = Short.toUnsignedInt(in.getShort());
        if (nameLength == 0 || nameLength > MAX_NAME_BYTES || FIXED + nameLength > body.length) {
            return Optional.empty();
        }
        String journal = new String(body, FIXED, nameLength, StandardCharsets.UTF_8);
        String line = new String(body, FIXED + nameLength, body.length - FIXED - nameLength, StandardCharsets.UTF_8);
        return Optional.of(new Frame(journal, previous, line));
    }

    private FileChannel openSegment(long number, boolean write) throws IOException {
        Path file = directory.resolve(segmentName(number));
        if (!write) {
            return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        }
        boolean created = !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
        FileChannel channel = FileChannel.open(
                file,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        if (created) {
            Directories.force(directory);
        }
        return channel;
    }

    private void closeChannels() throws IOException {
        IOException first = null;
        synchronized (segments) {
            for (FileChannel channel : segments.values()) {
                try {
                    channel.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            segments.clear();
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * A segment before the last is not there: its journals would vanish without a word (a log's segments are
     * numbered from 1 and never deleted).
     */
    private JournalException missing(long segment, TreeMap<Long, Path> files) {
        return new JournalException(
                JournalException.Kind.CORRUPT,
                directory.toString(),
                0,
                "shared log " + directory + " is corrupt: its segment " + segmentName(segment) + " is missing (it"
                        + " holds " + files.size() + " segments, numbered " + files.firstKey() + " to "
                        + files.lastKey() + "; a log's segments are numbered from 1 and never deleted), so the"
                        + " records in it would be lost. Nothing was opened. Restore the directory from a copy, or"
                        + " move it away and start new sessions");
    }

    /**
     * The newest segment the list names, and those after {@code newest} before it, are not there: their journals'
     * forced records would vanish as if the journals had ended earlier.
     */
    private JournalException lost(long newest, SegmentList list) {
        String missing = newest + 1 == list.newest()
                ? "its newest segment " + segmentName(list.newest()) + " is missing"
                : "its segments " + segmentName(newest + 1) + " to " + segmentName(list.newest()) + " are missing";
        return new JournalException(
                JournalException.Kind.CORRUPT,
                directory.toString(),
                0,
                "shared log " + directory + " is corrupt: " + missing + " (its file '" + SegmentList.FILE + "' says its"
                        + " newest segment is " + segmentName(list.newest()) + ", with " + list.newestBytes()
                        + " bytes forced in it; the directory holds "
                        + (newest == 0 ? "no segment" : "segments 1 to " + newest)
                        + "), so the records there would be lost, and the steps they recorded would run again on"
                        + " resume. Nothing was opened. Restore the missing segment from a copy of the directory,"
                        + " or move the directory away and start new sessions");
    }

    private JournalException corrupt(long position, String problem) {
        return new JournalException(
                JournalException.Kind.CORRUPT,
                directory.toString(),
                0,
                "shared log " + directory + " is corrupt at " + describe(position) + ": " + problem
                        + ". Nothing was opened. Restore the directory from a copy, or move it away and start new"
                        + " sessions");
    }

    static String segmentName(long number) {
        return String.format(Locale.ROOT, "segment-%010d.log", number);
    }

    static long position(long segment, long offset) {
        return (segment << OFFSET_BITS) | offset;
    }

    static long segmentOf(long position) {
        return position >>> OFFSET_BITS;
    }

    static long offsetOf(long position) {
        return position & ((1L << OFFSET_BITS) - 1);
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long offset) throws IOException {
        long at = offset;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw new IOException("the shared log ended at byte " + at + " inside a frame");
            }
            at += read;
        }
    }
}
