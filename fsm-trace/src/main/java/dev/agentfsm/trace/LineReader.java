package dev.agentfsm.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a stream line by line into one reused buffer of at most {@code maxBytes}: a longer line is
 * counted and skipped, never held, so memory stays bounded whatever the input. Lines end at
 * {@code \n}; a {@code \r} before it is dropped. Not thread-safe.
 */
final class LineReader {
    private static final int CHUNK = 64 * 1024;

    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[CHUNK];
    private int position;
    private int limit;
    private boolean ended;

    private byte[] line = new byte[1024];
    private int length;
    private long fullLength;
    private long number;
    private boolean terminated;

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** Reads the next line; false at the end of the stream. */
    boolean next() throws IOException {
        length = 0;
        fullLength = 0;
        boolean any = false;
        while (true) {
            if (position == limit && !fill()) {
                if (!any) {
                    return false;
                }
                terminated = false;
                number++;
                return true;
            }
            any = true;
            int newline = position;
            while (newline < limit && chunk[newline] != '\n') {
                newline++;
            }
            append(position, newline);
            if (newline < limit) {
                position = newline + 1;
                terminated = true;
                number++;
                if (length > 0 && length == fullLength && line[length - 1] == '\r') {
                    length--;
                    fullLength--;
                }
                return true;
            }
            position = limit;
        }
    }

    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int read = in.read(chunk);
        while (read == 0) {
            read = in.read(chunk);
        }
        if (read < 0) {
            ended = true;
            position = limit = 0;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private void append(int from, int to) {
        int count = to - from;
        fullLength += count;
        int room = maxBytes - length;
        if (fullLength > maxBytes || count > room) {
            return; // too long: only counted from here on
        }
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.min(maxBytes, Math.max(line.length * 2, length + count)));
        }
        System.arraycopy(chunk, from, line, length, count);
        length += count;
    }

    /** The line's bytes, valid up to {@link #length()} until the next call of {@link #next()}. */
    byte[] bytes() {
        return line;
    }

    /** How many bytes of the line are in {@link #bytes()}. */
    int length() {
        return length;
    }

    /** Whether the line was longer than the limit, and so is not in {@link #bytes()}. */
    boolean tooLong() {
        return fullLength > maxBytes;
    }

    /** The line's whole length in bytes, its {@code \n} (and a {@code \r} before it) not counted. */
    long fullLength() {
        return fullLength;
    }

    /** The line's number, from 1. */
    long number() {
        return number;
    }

    /** Whether the line ended with a newline (the last line of a file cut off mid-write does not). */
    boolean terminated() {
        return terminated;
    }

    /** Whether the line holds nothing but spaces and tabs. */
    boolean blank() {
        for (int i = 0; i < length; i++) {
            if (line[i] != ' ' && line[i] != '\t') {
                return false;
            }
        }
        return !tooLong();
    }
}
