package dev.agentfsm.runtime.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.internal.SafeText;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a trace file in JSON Lines: one object per transition
 * ({@code {"event":"transition","session":…,"round":…,"step":…,"agent":…,"machine":…,"from":…,"to":…,"trigger":…,"nanos":…}})
 * one per subtask end ({@code {"event":"subtaskEnd","session":…,"round":…,"step":…,"agent":…,"machine":…,"state":…,"number":…,"subtask":…,"status":…,"result":…}},
 * {@code status} qualified with its machine) and one per round end ({@code "event":"roundEnd"} with
 * {@code outcome}, {@code reason}, {@code finalStatus}, {@code path}, {@code steps}, and {@code error},
 * {@code violation}, {@code result}, {@code subtasks} when present), and one per round that an exception left
 * with no end ({@link TransitionListener#onRoundFailed}: a journal that could not be written, a replay that
 * diverged, an {@link Error}):
 * {@code {"event":"roundFailed","session":…,"round":…,"exception":…,"message":…}}, {@code exception} the
 * exception's class and {@code message} its message, left out when it has none. Each line is handed to the
 * operating system as soon as it is written, in one write call on a file opened for appending, so a
 * crash or a halted JVM loses nothing that was traced before the line being written.
 *
 * <p>A line is at most {@value #MAX_LINE_BYTES} bytes: a text field that does not fit in what is
 * left of the line is cut and ends with {@code ... (N chars)} (fields are served in the order
 * written, and short ones, like statuses, are always whole), and a list that does not fit ends
 * with an entry {@code ... (N more)} (in {@code subtasks}, a string in place of the objects left out).
 * What can still tear is the last line, when the process dies or the disk fills
 * while it is being written; {@link #open} cuts such a torn tail back to the last newline before it
 * appends, so every line of the file parses. (A file that another process is appending to at that
 * moment could lose that process's line: give each process its own file, or open the trace first.)
 *
 * <p>One trace may serve many sessions at once: lines are written whole, one at a time. A failed
 * write throws {@link UncheckedIOException}, which ends the round as {@code ERROR}.
 */
public final class JsonLinesTrace implements TransitionListener, Closeable {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final Logger LOG = LoggerFactory.getLogger(JsonLinesTrace.class);
    /** The longest line written, its newline included. */
    static final int MAX_LINE_BYTES = 64 * 1024;
    /** A text field this short is always written whole, so that statuses and names survive a huge field before them. */
    private static final int SHORT_FIELD_BYTES = 256;
    /**
     * Kept free while a field is cut to fit: room for what follows it (keys, numbers, brackets, short
     * fields and the markers of later fields cut to nothing), under 3 KiB for the longest kind of line.
     */
    private static final int TAIL_RESERVE = 4 * 1024;
    /** Room for a marker, {@code ... (2147483647 chars)}, and the quotes around a value. */
    private static final int MARKER_BYTES = 32;
    /** The room a subtask's entry needs to be written: its three fields short, each with its key and a marker. */
    private static final int SUBTASK_ENTRY_BYTES = 3 * (SHORT_FIELD_BYTES + MARKER_BYTES);

    private final Path file;
    private final OutputStream out;
    /** The line being built; handed to the file in one write call, and only when it is complete. */
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    /** Writes into {@link #line}; a new one per line, so a failed line cannot leave it mid-object. */
    private JsonGenerator json;

    private boolean closed;

    private JsonLinesTrace(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /**
     * Opens {@code file} for appending, creating it (and its directory) if needed. A file whose last
     * line has no newline (a run was stopped while writing it) is first cut back to its last newline,
     * so the next line does not join onto the torn one; the cut is logged as a warning.
     *
     * @throws UncheckedIOException naming the file when it cannot be opened
     */
    public static JsonLinesTrace open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            long torn = cutTornTail(file);
            if (torn > 0) {
                LOG.warn(
                        "The trace file {} ended in a torn line of {} bytes (a run stopped while writing it);"
                                + " it was cut off before appending",
                        file,
                        torn);
            }
            return new JsonLinesTrace(file, new FileOutputStream(file.toFile(), true));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the trace file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Cuts a regular file back to just after its last newline (to nothing if it has none); returns the bytes cut. */
    private static long cutTornTail(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = channel.size();
            ByteBuffer block = ByteBuffer.allocate(8192);
            long end = size;
            while (end > 0) {
                int length = (int) Math.min(block.capacity(), end);
                block.clear().limit(length);
                long at = end - length;
                while (block.hasRemaining()) {
                    if (channel.read(block, at + block.position()) < 0) {
                        throw new IOException("the file shrank while its last line was read");
                    }
                }
                for (int i = length - 1; i >= 0; i--) {
                    if (block.get(i) == '\n') {
                        long keep = at + i + 1;
                        if (keep < size) {
                            channel.truncate(keep);
                        }
                        return size - keep;
                    }
                }
                end = at;
            }
            channel.truncate(0);
            return size;
        }
    }

    /** A trace writing to {@code out}, named {@code file} in messages; for tests of failing streams. */
    static JsonLinesTrace over(Path file, OutputStream out) {
        return new JsonLinesTrace(file, out);
    }

    /** The file this trace writes. */
    public Path file() {
        return file;
    }

    /** The fields of a step's event that say where it happened. */
    private void at(String session, int round, int step, String agent, String machine) throws IOException {
        text("session", session);
        json.writeNumberField("round", round);
        json.writeNumberField("step", step);
        text("agent", agent);
        text("machine", machine);
    }

    @Override
    public synchronized void onTransition(TransitionEvent event) {
        try {
            start("transition");
            at(event.session(), event.round(), event.step(), event.agent(), event.machine());
            text("from", event.from().name());
            text("to", event.targetName());
            text("trigger", event.trigger().name());
            json.writeNumberField("nanos", event.nanos());
            end();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public synchronized void onSubtaskEnd(SubtaskEvent event) {
        try {
            start("subtaskEnd");
            at(event.session(), event.round(), event.step(), event.agent(), event.machine());
            text("state", event.status().name());
            json.writeNumberField("number", event.number());
            writeSubtaskFields(event.subtask());
            end();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public synchronized void onRoundEnd(String session, int round, RoundResult result) {
        try {
            start("roundEnd");
            text("session", session);
            json.writeNumberField("round", round);
            text("outcome", result.outcome().name());
            text("reason", result.reason());
            text("finalStatus", result.finalStatus().qualifiedName());
            writeStrings("path", result.qualifiedPath());
            json.writeNumberField("steps", result.steps());
            if (result.error().isPresent()) {
                text("error", result.error().get().toString());
            }
            if (result.violation().isPresent()) {
                RoundResult.Violation violation = result.violation().get();
                json.writeObjectFieldStart("violation");
                text("machine", violation.from().machine().name());
                text("from", violation.from().name());
                text("requested", violation.requested());
                writeStrings(
                        "allowed",
                        violation.allowed().stream()
                                .map(s -> s.machine() == violation.from().machine() ? s.name() : s.qualifiedName())
                                .toList());
                json.writeEndObject();
            }
            if (result.result().isPresent()) {
                text("result", result.result().get());
            }
            if (!result.subtasks().isEmpty()) {
                writeSubtasks(result.subtasks());
            }
            end();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * A line of its own, so that a trace tells a round that died with an exception from one still running or a file
     * cut short: without it the round's lines would just stop at its last transition.
     */
    @Override
    public synchronized void onRoundFailed(String session, int round, Throwable failure) {
        try {
            start("roundFailed");
            text("session", session);
            json.writeNumberField("round", round);
            text("exception", failure.getClass().getName());
            if (failure.getMessage() != null) {
                text("message", failure.getMessage());
            }
            end();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** A text field: whole when it is short or fits in what is left of the line's room, else cut to that room. */
    private void text(String field, String value) throws IOException {
        json.writeFieldName(field);
        int room = room();
        int whole = Math.max(room, SHORT_FIELD_BYTES);
        json.writeString(
                jsonBytes(value, whole) <= whole
                        ? value
                        : SafeText.cut(value, charsWithin(value, room - MARKER_BYTES)));
    }

    private void writeSubtaskFields(ArchivedSubtask subtask) throws IOException {
        text("subtask", subtask.subtask());
        text("status", subtask.status().qualifiedName());
        text("result", subtask.result());
    }

    /** The archived subtasks; once the line's room is spent, the rest give way to one entry {@code ... (N more)}. */
    private void writeSubtasks(List<ArchivedSubtask> subtasks) throws IOException {
        json.writeArrayFieldStart("subtasks");
        for (int i = 0; i < subtasks.size(); i++) {
            if (room() < SUBTASK_ENTRY_BYTES) {
                json.writeString("... (" + (subtasks.size() - i) + " more)");
                break;
            }
            json.writeStartObject();
            writeSubtaskFields(subtasks.get(i));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** A list of texts; the entries that do not fit whole give way to one entry {@code ... (N more)}. */
    private void writeStrings(String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (int i = 0; i < values.size(); i++) {
            int room = room() - MARKER_BYTES; // the marker of the entries left out must fit after this one
            if (jsonBytes(values.get(i), room) > room) {
                json.writeString("... (" + (values.size() - i) + " more)");
                break;
            }
            json.writeString(values.get(i));
        }
        json.writeEndArray();
    }

    /** What the line may still take before {@link #TAIL_RESERVE}; negative once the reserve is reached. */
    private int room() throws IOException {
        json.flush(); // so that the line's size counts what the generator holds
        return MAX_LINE_BYTES - TAIL_RESERVE - line.size();
    }

    /** The bytes {@code value} takes as a JSON string, quotes included, counted up to a little past {@code limit}. */
    private static long jsonBytes(String value, int limit) {
        long bytes = 2;
        for (int i = 0; i < value.length() && bytes <= limit; i++) {
            bytes += jsonBytes(value.charAt(i));
        }
        return bytes;
    }

    /** How many of {@code value}'s first characters fit in {@code room} bytes as a JSON string, quotes included. */
    private static int charsWithin(String value, int room) {
        long bytes = 2;
        int chars = 0;
        while (chars < value.length() && bytes + jsonBytes(value.charAt(chars)) <= room) {
            bytes += jsonBytes(value.charAt(chars));
            chars++;
        }
        return chars;
    }

    /** An upper bound of the bytes one UTF-16 unit takes in a JSON string in UTF-8 (a surrogate pair: 2 + 2). */
    private static int jsonBytes(char c) {
        if (c < 0x20) {
            return 6; // a six-character escape
        }
        if (c == '"' || c == '\\') {
            return 2;
        }
        return c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }

    private void start(String event) throws IOException {
        if (closed) {
            throw new IllegalStateException("the trace " + file + " is closed");
        }
        line.reset();
        json = JSON.createGenerator(line, JsonEncoding.UTF8);
        json.writeStartObject();
        json.writeStringField("event", event);
    }

    /**
     * Ends the line and hands it to the operating system in one write call (the stream beneath is not
     * buffered). With the file opened for appending, each write lands whole at the end of the file, so
     * on a local file system two traces on one file, even in two processes, do not interleave inside a
     * line; and a line that fails to build or to write is not kept for the next one. A write cut short
     * (the process killed in it, a full disk) leaves a torn last line, which {@link #open} repairs.
     */
    private void end() throws IOException {
        json.writeEndObject();
        json.close();
        line.write('\n');
        line.writeTo(out);
    }

    private UncheckedIOException failed(IOException e) {
        return new UncheckedIOException("cannot write the trace file " + file + ": " + e.getMessage(), e);
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            out.close();
        }
    }
}
