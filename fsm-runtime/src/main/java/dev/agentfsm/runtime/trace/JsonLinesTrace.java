package dev.agentfsm.runtime.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentfsm.runtime.ArchivedSubtask;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.SubtaskEvent;
import dev.agentfsm.runtime.TransitionEvent;
import dev.agentfsm.runtime.TransitionListener;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a trace file in JSON Lines: one object per transition
 * ({@code {"event":"transition","session":…,"round":…,"step":…,"agent":…,"machine":…,"from":…,"to":…,"trigger":…,"nanos":…}})
 * one per subtask end ({@code {"event":"subtaskEnd","session":…,"round":…,"step":…,"agent":…,"machine":…,"state":…,"number":…,"subtask":…,"status":…,"result":…}},
 * {@code status} qualified with its machine) and one per round end ({@code "event":"roundEnd"} with
 * {@code outcome}, {@code reason}, {@code finalStatus}, {@code path}, {@code steps}, and {@code error},
 * {@code violation}, {@code result}, {@code subtasks} when present). Each line is handed to the operating system as soon as it is
 * written, in one write call, so a crash or a halted JVM loses nothing that was traced before it,
 * and traces appending to one file never tear each other's lines.
 *
 * <p>One trace may serve many sessions at once: lines are written whole, one at a time. A failed
 * write throws {@link UncheckedIOException}, which ends the round as {@code ERROR}.
 */
public final class JsonLinesTrace implements TransitionListener, Closeable {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Path file;
    private final OutputStream out;
    /** The line being built; written to the file in one call, so a line is never torn or half-written. */
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    /** Writes into {@link #line}; a new one per line, so a failed line cannot leave it mid-object. */
    private JsonGenerator json;
    private boolean closed;

    private JsonLinesTrace(Path file, OutputStream out) {
        this.file = file;
        this.out = out;
    }

    /**
     * Opens {@code file} for appending, creating it (and its directory) if needed.
     *
     * @throws UncheckedIOException naming the file when it cannot be opened
     */
    public static JsonLinesTrace open(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new JsonLinesTrace(file, new FileOutputStream(file.toFile(), true));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the trace file " + file + ": " + e.getMessage(), e);
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

    @Override
    public synchronized void onTransition(TransitionEvent event) {
        try {
            start("transition");
            json.writeStringField("session", event.session());
            json.writeNumberField("round", event.round());
            json.writeNumberField("step", event.step());
            json.writeStringField("agent", event.agent());
            json.writeStringField("machine", event.machine());
            json.writeStringField("from", event.from().name());
            json.writeStringField("to", event.targetName());
            json.writeStringField("trigger", event.trigger().name());
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
            json.writeStringField("session", event.session());
            json.writeNumberField("round", event.round());
            json.writeNumberField("step", event.step());
            json.writeStringField("agent", event.agent());
            json.writeStringField("machine", event.machine());
            json.writeStringField("state", event.status().name());
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
            json.writeStringField("session", session);
            json.writeNumberField("round", round);
            json.writeStringField("outcome", result.outcome().name());
            json.writeStringField("reason", result.reason());
            json.writeStringField("finalStatus", result.finalStatus().qualifiedName());
            writeStrings("path", result.qualifiedPath());
            json.writeNumberField("steps", result.steps());
            if (result.error().isPresent()) {
                json.writeStringField("error", result.error().get().toString());
            }
            if (result.violation().isPresent()) {
                RoundResult.Violation violation = result.violation().get();
                json.writeObjectFieldStart("violation");
                json.writeStringField("machine", violation.from().machine().name());
                json.writeStringField("from", violation.from().name());
                json.writeStringField("requested", violation.requested());
                writeStrings("allowed", violation.allowed().stream().map(s -> s.machine() == violation.from().machine() ? s.name() : s.qualifiedName()).toList());
                json.writeEndObject();
            }
            if (result.result().isPresent()) {
                json.writeStringField("result", result.result().get());
            }
            if (!result.subtasks().isEmpty()) {
                json.writeArrayFieldStart("subtasks");
                for (ArchivedSubtask subtask : result.subtasks()) {
                    json.writeStartObject();
                    writeSubtaskFields(subtask);
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            end();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private void writeSubtaskFields(ArchivedSubtask subtask) throws IOException {
        json.writeStringField("subtask", subtask.subtask());
        json.writeStringField("status", subtask.status().qualifiedName());
        json.writeStringField("result", subtask.result());
    }

    private void writeStrings(String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
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
     * Ends the line and hands it to the operating system in one write (the stream beneath is not
     * buffered): with the file opened for appending, two traces on one file, even in two processes,
     * never interleave inside a line, and a write that fails leaves nothing behind for the next line.
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
