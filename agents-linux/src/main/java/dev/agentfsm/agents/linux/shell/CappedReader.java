package dev.agentfsm.agents.linux.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads one output stream of a process to its end on its own thread, keeping the first
 * {@code cap} bytes and counting the rest. It always drains the stream, so a process that prints
 * more than the cap never blocks on a full pipe.
 */
final class CappedReader {
    private final InputStream in;
    private final int cap;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final Thread thread;
    private long total;
    private IOException failure;

    private CappedReader(InputStream in, int cap, String name) {
        this.in = in;
        this.cap = cap;
        this.thread = new Thread(this::drain, name);
        thread.setDaemon(true);
    }

    /** Starts reading {@code in} on a new daemon thread called {@code name}. */
    static CappedReader start(InputStream in, int cap, String name) {
        CappedReader reader = new CappedReader(in, cap, name);
        reader.thread.start();
        return reader;
    }

    private void drain() {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                synchronized (this) {
                    int keep = (int) Math.max(0, Math.min(n, cap - total));
                    kept.write(buffer, 0, keep);
                    total += n;
                }
            }
        } catch (IOException e) {
            synchronized (this) {
                failure = e;
            }
        }
    }

    /**
     * Waits up to {@code millis} for the stream to end and returns what was read. The stream ends
     * when every process holding it has exited; if one escaped, the output so far is returned.
     */
    Captured finish(long millis) throws InterruptedException {
        thread.join(Math.max(1, millis));
        synchronized (this) {
            if (failure != null && total == 0) {
                throw new UncheckedIOException("reading " + thread.getName(), failure);
            }
            byte[] bytes = kept.toByteArray();
            int length = completeCharacters(bytes);
            return new Captured(new String(bytes, 0, length, StandardCharsets.UTF_8), length, total);
        }
    }

    /** The length of {@code bytes} without a UTF-8 sequence that the cap cut in two. */
    static int completeCharacters(byte[] bytes) {
        int end = bytes.length;
        for (int back = 1; back <= Math.min(4, end); back++) {
            int b = bytes[end - back] & 0xFF;
            if ((b & 0xC0) == 0x80) {
                continue; // a continuation byte: look further back for its lead byte
            }
            int length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
            return length > back ? end - back : end;
        }
        return end;
    }

    /**
     * One stream's output.
     *
     * @param text the kept bytes, decoded as UTF-8
     * @param keptBytes how many bytes {@code text} was decoded from
     * @param totalBytes how many bytes the process wrote in all
     */
    record Captured(String text, int keptBytes, long totalBytes) {
        /** Whether bytes were dropped. */
        boolean truncated() {
            return totalBytes > keptBytes;
        }

        /** The text, followed by a line saying how much was dropped when anything was. */
        String marked() {
            if (!truncated()) {
                return text;
            }
            return text + "\n[output truncated: " + keptBytes + " of " + totalBytes + " bytes shown]";
        }
    }
}
