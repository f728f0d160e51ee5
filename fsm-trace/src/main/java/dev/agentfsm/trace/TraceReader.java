package dev.agentfsm.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads a JSON-lines trace back, as {@link dev.agentfsm.runtime.trace.JsonLinesTrace} writes it, one line at a time: a stream
 * of {@link TraceEntry}s holds one line in memory, whatever the size of the file, like
 * {@link Files#lines(Path)}. Lines that cannot be read become {@link TraceEntry.Unreadable} entries
 * with their line numbers, and reading goes on with the next line. Blank lines are passed over.
 *
 * <pre>{@code
 * try (Stream<TraceEntry> entries = TraceReader.entries(Path.of("trace.jsonl"))) {
 *     entries.forEach(entry -> ...);
 * }
 * }</pre>
 */
public final class TraceReader {
    /**
     * The longest line read, 1 MiB (the writer's lines are far shorter); a longer line is reported
     * as unreadable and skipped without being held in memory.
     */
    public static final int MAX_LINE_BYTES = 1024 * 1024;

    private TraceReader() {}

    /**
     * The entries of {@code file}, read lazily; close the stream to close the file. A read failing
     * midway throws {@link UncheckedIOException} naming the file.
     *
     * @throws IOException naming the file when it cannot be opened ({@link java.nio.file.NoSuchFileException}
     *     when it does not exist)
     */
    public static Stream<TraceEntry> entries(Path file) throws IOException {
        return entries(Files.newInputStream(file), file.toString());
    }

    /**
     * The entries of a trace read from {@code in}, which is closed with the stream; {@code name}
     * names it in the message of a failed read.
     */
    public static Stream<TraceEntry> entries(InputStream in, String name) {
        LineReader lines = new LineReader(in, MAX_LINE_BYTES);
        Spliterator<TraceEntry> spliterator =
                new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
                    @Override
                    public boolean tryAdvance(Consumer<? super TraceEntry> action) {
                        try {
                            while (lines.next()) {
                                if (lines.tooLong()) {
                                    action.accept(new TraceEntry.Unreadable(
                                            lines.number(),
                                            "longer than " + MAX_LINE_BYTES + " bytes (" + lines.fullLength()
                                                    + " bytes); skipped"));
                                    return true;
                                }
                                if (!lines.blank()) {
                                    action.accept(EntryParser.parse(
                                            lines.bytes(), lines.length(), lines.number(), lines.terminated()));
                                    return true;
                                }
                            }
                            return false;
                        } catch (IOException e) {
                            throw new UncheckedIOException(
                                    "cannot read the trace " + name + " after line " + lines.number() + ": "
                                            + e.getMessage(),
                                    e);
                        }
                    }
                };
        return StreamSupport.stream(spliterator, false).onClose(() -> {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the trace " + name + ": " + e.getMessage(), e);
            }
        });
    }
}
