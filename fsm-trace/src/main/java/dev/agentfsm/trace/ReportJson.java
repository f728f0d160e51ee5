package dev.agentfsm.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A trace report as one pretty-printed JSON object, every unsafe character escaped
 * ({@link TraceText#JSON_ESCAPES}): how {@link TraceReport#json} and {@link TraceStats#json} write.
 */
final class ReportJson {

    /** Writes a report's fields into the object. */
    @FunctionalInterface
    interface Fields {
        void write(JsonGenerator json) throws IOException;
    }

    private ReportJson() {}

    /** The object with the fields {@code fields} writes, and a newline. */
    static String object(String what, Fields fields) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json =
                new JsonFactory().setCharacterEscapes(TraceText.JSON_ESCAPES).createGenerator(text)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            fields.write(json);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the " + what + " as JSON", e); // a StringWriter does not fail
        }
        return text + "\n";
    }

    /** The field {@code findings}: each problem's kind, file, line and message. */
    static void findings(JsonGenerator json, List<TraceReport.Finding> findings) throws IOException {
        json.writeArrayFieldStart("findings");
        for (TraceReport.Finding finding : findings) {
            json.writeStartObject();
            json.writeStringField("kind", finding.kind().name());
            json.writeStringField("file", finding.file().toString());
            json.writeNumberField("line", finding.line());
            json.writeStringField("message", finding.message());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** The field {@code files}: the traces read, in order. */
    static void files(JsonGenerator json, List<Path> files) throws IOException {
        json.writeArrayFieldStart("files");
        for (Path file : files) {
            json.writeString(file.toString());
        }
        json.writeEndArray();
    }
}
