package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * What a shared log knows of its segments, kept in its directory's {@code segments} file, beside them: the
 * size of each segment it rolled over from (complete, never written again), and its newest segment with the
 * bytes that were forced in it when the file was written. A deleted newest segment, or one cut below what the
 * file says, is then told from a log that ended there, which the frames alone cannot do.
 *
 * <p>The file is rewritten once per segment, after the segment's first batch is forced and before that
 * batch's appends return, never per record: written to {@code segments.tmp}, forced, renamed over {@code
 * segments}, and the directory forced. Its text (a checksum of the lines before the last):
 *
 * <pre>
 * agentfsm shared log 1
 * segment-0000000001.log 67108812
 * segment-0000000002.log at least 4211
 * crc32c 7c3b041e
 * </pre>
 *
 * @param complete the sizes of segments 1 to {@code newest - 1}, in order
 * @param newest the newest segment's number, from 1
 * @param newestBytes the bytes forced in the newest segment when the file was written (it may hold more since)
 */
record SegmentList(List<Long> complete, long newest, long newestBytes) {
    static final String FILE = "segments";
    private static final String TEMPORARY = "segments.tmp";
    private static final String HEADER = "agentfsm shared log 1";
    /** A list of a million segments (64 TiB of log) is some 30 MB; a longer file is not one this log wrote. */
    private static final long MAX_BYTES = 64L << 20;

    private static final Pattern COMPLETE = Pattern.compile("segment-(\\d{10})\\.log (\\d{1,18})");
    private static final Pattern NEWEST = Pattern.compile("segment-(\\d{10})\\.log at least (\\d{1,18})");
    private static final Pattern CRC = Pattern.compile("crc32c ([0-9a-f]{8})");

    SegmentList {
        complete = List.copyOf(complete);
        if (newest != complete.size() + 1) {
            throw new IllegalArgumentException(
                    "segment " + newest + " is the newest after " + complete.size() + " complete segments");
        }
    }

    /**
     * The list in {@code directory}, empty when there is none (a log written before there was one, or a new log
     * whose first batch was never forced).
     *
     * @throws JournalException ({@link JournalException.Kind#CORRUPT}) when the file is not a list this log
     *     wrote: damaged, cut or edited
     */
    static Optional<SegmentList> read(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
            throw damaged(directory, "it is not a file of at most " + MAX_BYTES + " bytes");
        }
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        int crcAt = text.lastIndexOf("crc32c ");
        if (!text.endsWith("\n")
                || lines.size() < 3
                || crcAt < 0
                || !lines.get(0).equals(HEADER)) {
            throw damaged(directory, "it does not start with '" + HEADER + "' and end with its checksum");
        }
        Matcher crc = CRC.matcher(lines.get(lines.size() - 1));
        if (!crc.matches() || !crc.group(1).equals(crc(text.substring(0, crcAt)))) {
            throw damaged(directory, "its checksum does not match its lines");
        }
        List<Long> complete = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 2)) {
            Matcher m = COMPLETE.matcher(line);
            if (!m.matches() || Long.parseLong(m.group(1)) != complete.size() + 1) {
                throw damaged(directory, "line '" + line + "' is not segment " + (complete.size() + 1) + "'s size");
            }
            complete.add(Long.parseLong(m.group(2)));
        }
        String last = lines.get(lines.size() - 2);
        Matcher newest = NEWEST.matcher(last);
        if (!newest.matches() || Long.parseLong(newest.group(1)) != complete.size() + 1) {
            throw damaged(directory, "line '" + last + "' does not name segment " + (complete.size() + 1) + " newest");
        }
        return Optional.of(new SegmentList(complete, complete.size() + 1, Long.parseLong(newest.group(2))));
    }

    /** Writes the list into {@code directory} in place of the one there, durably (see the class's comment). */
    void write(Path directory) throws IOException {
        Path temporary = directory.resolve(TEMPORARY);
        try (FileChannel out = FileChannel.open(
                temporary,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            ByteBuffer bytes = ByteBuffer.wrap(text().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
            out.force(true);
        }
        Files.move(
                temporary,
                directory.resolve(FILE),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        Directories.force(directory);
    }

    /** The file's text. */
    String text() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < complete.size(); i++) {
            text.append(SharedLog.segmentName(i + 1))
                    .append(' ')
                    .append(complete.get(i))
                    .append('\n');
        }
        text.append(SharedLog.segmentName(newest))
                .append(" at least ")
                .append(newestBytes)
                .append('\n');
        String checksum = crc(text.toString());
        return text.append("crc32c ").append(checksum).append('\n').toString();
    }

    private static String crc(String text) {
        CRC32C crc = new CRC32C();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return String.format(Locale.ROOT, "%08x", crc.getValue());
    }

    private static JournalException damaged(Path directory, String problem) {
        return new JournalException(
                JournalException.Kind.CORRUPT,
                directory.toString(),
                0,
                "shared log " + directory + " is corrupt: its file '" + FILE + "', which lists its segments so that a"
                        + " lost newest segment is noticed, is damaged: " + problem + ". Nothing was opened. Restore"
                        + " the directory from a copy; or, if its segments are known whole, delete '" + FILE + "' and"
                        + " the log opens taking its newest segment as it is; or move it away and start new sessions");
    }
}
