package dev.agentfsm.trace;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the spans of an OTLP JSON file (export requests, {@code {"resourceSpans":[{"scopeSpans":[{"spans":[...]}]}]}},
 * one a line as the collector's file exporter writes them) one span at a time. Only a span is ever held whole: the
 * collector writes a batch of thousands of spans as one line, and a request's other values (a resource's attributes,
 * an event's long text) are passed over unread, so memory stays bounded by the largest span, whatever the line.
 */
final class OtlpSpanReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What is done with each span: its JSON and the line of the file it starts on. */
    interface SpanAction {
        void accept(JsonNode span, long line) throws IOException;
    }

    /** What is done with each object of an array, the parser at its start. */
    private interface ObjectAction {
        void accept(JsonParser parser) throws IOException;
    }

    private final Path file;
    private final JsonParser parser;

    private OtlpSpanReader(Path file, JsonParser parser) {
        this.file = file;
        this.parser = parser;
    }

    /**
     * Gives each span of {@code file} to {@code action}, in order.
     *
     * @throws IOException if the file cannot be read, or holds something that is not JSON (bytes that are not UTF-8
     *     included) or JSON that is not an export request, naming the file and line
     */
    static void forEachSpan(Path file, SpanAction action) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                JsonParser parser = JSON.getFactory().createParser(in)) {
            new OtlpSpanReader(file, parser).requests(action);
        }
    }

    private void requests(SpanAction action) throws IOException {
        for (JsonToken token = next(); token != null; token = next()) {
            long line = parser.currentTokenLocation().getLineNr();
            if (token != JsonToken.START_OBJECT) {
                parser.skipChildren();
                throw notARequest(line);
            }
            boolean spans = eachObjectOf(
                    "resourceSpans",
                    resource -> eachObjectOf(
                            "scopeSpans",
                            scope -> eachObjectOf("spans", span -> {
                                long spanLine = parser.currentTokenLocation().getLineNr();
                                action.accept(read(), spanLine);
                            })));
            if (!spans) {
                // JSON of another kind (a JSON-lines trace, say) would otherwise pass with no moves checked
                throw notARequest(line);
            }
        }
    }

    /**
     * With the parser at the start of an object, gives each object of its array {@code field} to {@code action}
     * and passes over everything else, up to the object's end; whether the object has that array.
     */
    private boolean eachObjectOf(String field, ObjectAction action) throws IOException {
        boolean found = false;
        while (next() == JsonToken.FIELD_NAME) {
            boolean wanted = field.equals(parser.currentName());
            JsonToken value = next();
            if (wanted && value == JsonToken.START_ARRAY) {
                found = true;
                for (JsonToken element = next(); element != JsonToken.END_ARRAY; element = next()) {
                    if (element == JsonToken.START_OBJECT) {
                        action.accept(parser);
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
        return found;
    }

    /** The object the parser is at the start of, whole. */
    private JsonNode read() throws IOException {
        try {
            return JSON.readTree(parser);
        } catch (JacksonException e) {
            throw notJson(e);
        }
    }

    private JsonToken next() throws IOException {
        try {
            return parser.nextToken();
        } catch (JacksonException e) {
            throw notJson(e);
        }
    }

    private IOException notJson(JacksonException e) {
        long line = e.getLocation() != null && e.getLocation().getLineNr() > 0
                ? e.getLocation().getLineNr()
                : parser.currentLocation().getLineNr();
        return new IOException(
                file + ":" + line + " is not OTLP JSON (one ExportTraceServiceRequest a line, as the collector's file"
                        + " exporter writes): " + e.getOriginalMessage(),
                e);
    }

    private IOException notARequest(long line) {
        return new IOException(file + ":" + line + " is JSON but not an OTLP export request: it has no"
                + " \"resourceSpans\" array; give the file the collector's file exporter writes (for a"
                + " JSON-lines trace of agent-fsm, leave out --otlp)");
    }
}
