package dev.agentfsm.journal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.annotations.Trigger;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * Turns records into lines and back. A line is the record's JSON object with a last member
 * {@code "crc"}: the CRC-32C, in eight hex digits, of the UTF-8 bytes of the object without it. In a
 * keyed journal the member before it is {@code "mac"}: the {@link JournalKey}'s HMAC-SHA256, in hex, of
 * the object without either, chained to the previous record's MAC.
 */
final class RecordCodec {
    /**
     * Writes and reads the records. A character outside the Basic Multilingual Plane is written as its four
     * bytes of UTF-8, as Java's own encoder writes it (Jackson's UTF-8 generator would otherwise write the
     * escapes of its surrogate pair, where journals hold the character); a lone surrogate, which no encoder
     * can write as UTF-8, is written as its escape and so reads back as it was.
     */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build());

    private static final HexFormat HEX = HexFormat.of();
    private static final String CRC_PREFIX = ",\"crc\":\"";
    /** {@code ,"crc":"} + eight hex digits + {@code "}}. */
    private static final int CRC_SUFFIX_LENGTH = CRC_PREFIX.length() + 8 + 2;

    private static final String MAC_PREFIX = ",\"mac\":\"";
    /** {@code ,"mac":"} + 64 hex digits (HMAC-SHA256) + {@code "}}. */
    private static final int MAC_SUFFIX_LENGTH = MAC_PREFIX.length() + 64 + 2;

    private RecordCodec() {}

    /** Why a line is not a good record; the reader adds the file, the record and the offset. */
    static final class BadRecord extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean unauthentic;
        private final boolean otherFormat;

        BadRecord(String problem) {
            this(problem, false);
        }

        BadRecord(String problem, boolean unauthentic) {
            this(problem, unauthentic, false);
        }

        private BadRecord(String problem, boolean unauthentic, boolean otherFormat) {
            super(problem);
            this.unauthentic = unauthentic;
            this.otherFormat = otherFormat;
        }

        /** A header of a format this runtime does not read: a journal another version wrote, not a damaged one. */
        static BadRecord otherFormat(String problem) {
            return new BadRecord(problem, false, true);
        }

        /** Whether the record failed its MAC (or lacks one), rather than being damaged. */
        boolean unauthentic() {
            return unauthentic;
        }

        /** Whether the record is a header of another format: nothing in the journal is damaged. */
        boolean otherFormat() {
            return otherFormat;
        }
    }

    /**
     * A record as a line, and the MAC it carries ({@code ""} when unkeyed).
     *
     * @param text the line, without its newline
     * @param mac its MAC, which the next record's chains to
     * @param utf8Bytes the length of {@code text} in UTF-8, known from its encoding, so that a writer need
     *     not encode a 2 KB record once more to learn it (that was 5 to 13% of a journaled step's processor
     *     time in a JFR profile of fsm-benchmarks' ConcurrentJournals)
     */
    record Line(String text, String mac, int utf8Bytes) {}

    /**
     * A record read from a line, and the MAC it carried ({@code ""} when none).
     *
     * @param record the record
     * @param mac its MAC
     */
    record Parsed(JournalRecord record, String mac) {}

    /** The record as one line, without its newline, unkeyed. */
    static String line(JournalRecord record) {
        return line(record, Optional.empty(), "").text();
    }

    /**
     * The record as one line; with a key, it carries a MAC chained to {@code previousMac}. The record is
     * written by Jackson's streaming generator straight into UTF-8 bytes, on which the MAC and the checksum
     * are computed: no tree of the whole record, no second encoding of the text (building the tree and
     * writing it as a string, then encoding that string again, were a fifth of a journaled step's processor
     * time in a profile of fsm-benchmarks' ConcurrentJournals).
     */
    static Line line(JournalRecord record, Optional<JournalKey> key, String previousMac) {
        Utf8Line out = new Utf8Line();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            write(record, json);
        } catch (IOException e) {
            throw new IllegalStateException("record " + record.number() + " cannot be written as JSON", e);
        }
        String mac = "";
        if (key.isPresent()) {
            mac = key.get().mac(previousMac, out.bytes(), out.size());
            out.replaceClosingBrace(MAC_PREFIX, mac);
        }
        // the line is the body with its closing brace replaced by the checksum's member, all ASCII
        out.replaceClosingBrace(CRC_PREFIX, crc(out.bytes(), out.size()));
        return new Line(new String(out.bytes(), 0, out.size(), StandardCharsets.UTF_8), mac, out.size());
    }

    /** A JSON value in UTF-8 as this codec writes it (the action ids' digests are taken of it). */
    static byte[] utf8(JsonNode value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The bytes of a line being written: the JDK's growable array, whose contents the codec reads in place
     * (its MAC and checksum are taken of them) rather than copied by {@code toByteArray()}.
     */
    private static final class Utf8Line extends ByteArrayOutputStream {
        Utf8Line() {
            super(4096);
        }

        /** The array written into; its first {@link #size()} bytes are the line. */
        byte[] bytes() {
            return buf;
        }

        /** Replaces the object's closing brace by {@code ,"name":"value"}}: {@code prefix} is {@code ,"name":"}. */
        void replaceClosingBrace(String prefix, String value) {
            count--;
            writeBytes((prefix + value + "\"}").getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** The record a line holds, unkeyed. */
    static JournalRecord parse(String line, int expected) throws BadRecord {
        return parse(line, expected, Optional.empty(), "").record();
    }

    /**
     * The record a line holds; with a key, its MAC must be there and match, chained to {@code previousMac}.
     *
     * @param expected the number it must have
     * @throws BadRecord saying what is wrong with it
     */
    static Parsed parse(String line, int expected, Optional<JournalKey> key, String previousMac) throws BadRecord {
        if (line.length() < CRC_SUFFIX_LENGTH + 2
                || !line.endsWith("\"}")
                || !line.startsWith(CRC_PREFIX, line.length() - CRC_SUFFIX_LENGTH)) {
            throw new BadRecord("it does not end with its checksum (,\"crc\":\"........\"}), so it is not a whole"
                    + " journal record");
        }
        String body = line.substring(0, line.length() - CRC_SUFFIX_LENGTH) + "}";
        String crc = line.substring(line.length() - 10, line.length() - 2);
        if (!crc.equals(crc(body))) {
            throw new BadRecord("its checksum " + crc + " does not match its contents (" + crc(body)
                    + "): the line was changed or damaged after it was written");
        }
        String mac = "";
        boolean macked = body.length() > MAC_SUFFIX_LENGTH
                && body.startsWith(MAC_PREFIX, body.length() - MAC_SUFFIX_LENGTH)
                && body.endsWith("\"}");
        if (macked) {
            mac = body.substring(body.length() - MAC_SUFFIX_LENGTH + MAC_PREFIX.length(), body.length() - 2);
            body = body.substring(0, body.length() - MAC_SUFFIX_LENGTH) + "}";
        }
        if (key.isPresent()) {
            if (!macked) {
                throw new BadRecord(
                        "it carries no MAC, and a key (" + key.get() + ") was given: the journal was written"
                                + " without a key, or the record was put in by someone without it",
                        true);
            }
            if (!JournalKey.same(mac, key.get().mac(previousMac, body))) {
                throw new BadRecord(
                        "its MAC does not match its contents under the key from " + key.get()
                                + ": it was changed after it was written (its checksum recomputed), moved from another"
                                + " journal, or the journal was written with another key",
                        true);
            }
        } else if (macked && expected == 1) {
            throw new BadRecord(
                    "the journal was written with a key (each record carries a MAC), and none was given: give"
                            + " the same key (--journal-key-env NAME, or Journal.open(file, durability, key)) to resume it",
                    true);
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new BadRecord("it is not JSON: " + e.getOriginalMessage());
        }
        if (json == null || !json.isObject()) {
            throw new BadRecord("it is not a JSON object");
        }
        int number = integer(json, "n");
        if (number != expected) {
            throw new BadRecord("it is numbered " + number + " where record " + expected + " belongs: records are"
                    + " missing, repeated or out of order");
        }
        String type = text(json, "type");
        return new Parsed(record(json, type, number), mac);
    }

    private static JournalRecord record(JsonNode json, String type, int number) throws BadRecord {
        return switch (type) {
            case "journal" -> header(json, number);
            case "requests" -> new JournalRecord.Requests(number, texts(json, "requests"));
            case "step" -> step(json, number);
            case "roundEnd" ->
                new JournalRecord.RoundEnd(
                        number,
                        integer(json, "round"),
                        text(json, "outcome"),
                        text(json, "reason"),
                        texts(json, "path"),
                        optionalText(json, "result"));
            case "waiting" -> waiting(json, number);
            case "answered" -> new JournalRecord.Answered(number, call(json.get("call")));
            default ->
                throw new BadRecord(
                        "its type \"" + type + "\" is none of journal, requests, step, roundEnd, waiting, answered");
        };
    }

    static String crc(String body) {
        byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
        return crc(utf8, utf8.length);
    }

    private static String crc(byte[] utf8, int length) {
        CRC32C crc = new CRC32C();
        crc.update(utf8, 0, length);
        return HEX.toHexDigits((int) crc.getValue()); // eight lower-case digits, as %08x, without a Formatter
    }

    /** Writes the record's members, in the order every journal has them. */
    private static void write(JournalRecord record, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeNumberField("n", record.number());
        if (record instanceof JournalRecord.Header h) {
            json.writeStringField("type", "journal");
            json.writeNumberField("format", h.format());
            json.writeStringField("session", h.session());
            json.writeStringField("machine", h.machine());
            json.writeStringField("fingerprint", h.fingerprint());
            texts(json, "machines", h.machines());
            json.writeNumberField("maxStep", h.maxStep());
            json.writeNumberField("maxRound", h.maxRound());
            json.writeStringField("created", h.created().toString());
        } else if (record instanceof JournalRecord.Requests r) {
            json.writeStringField("type", "requests");
            texts(json, "requests", r.requests());
        } else if (record instanceof JournalRecord.Step s) {
            json.writeStringField("type", "step");
            json.writeNumberField("round", s.round());
            json.writeNumberField("step", s.step());
            json.writeNumberField("sessionStep", s.sessionStep());
            json.writeStringField("agent", s.agent());
            json.writeStringField("state", s.state());
            if (s.moved().isPresent()) {
                json.writeObjectFieldStart("moved");
                json.writeStringField("to", s.moved().get().to());
                json.writeStringField("trigger", s.moved().get().trigger().name());
                json.writeEndObject();
            }
            if (s.ended().isPresent()) {
                json.writeStringField("ended", s.ended().get());
            }
            if (s.refused().isPresent()) {
                json.writeStringField("refused", s.refused().get());
            }
            json.writeBooleanField("timedOut", s.timedOut());
            trees(json, "calls", s.calls());
            tree(json, "context", s.context());
            tree(json, "blackboard", s.blackboard());
            json.writeNumberField("nanos", s.nanos());
        } else if (record instanceof JournalRecord.RoundEnd e) {
            json.writeStringField("type", "roundEnd");
            json.writeNumberField("round", e.round());
            json.writeStringField("outcome", e.outcome());
            json.writeStringField("reason", e.reason());
            texts(json, "path", e.path());
            if (e.result().isPresent()) {
                json.writeStringField("result", e.result().get());
            }
        } else if (record instanceof JournalRecord.Waiting w) {
            json.writeStringField("type", "waiting");
            json.writeNumberField("round", w.round());
            json.writeNumberField("step", w.step());
            json.writeNumberField("sessionStep", w.sessionStep());
            json.writeStringField("agent", w.agent());
            json.writeStringField("state", w.state());
            trees(json, "calls", w.calls());
            json.writeStringField("kind", w.kind());
            json.writeStringField("prompt", w.prompt());
        } else if (record instanceof JournalRecord.Answered a) {
            json.writeStringField("type", "answered");
            tree(json, "call", a.call());
        }
        json.writeEndObject();
    }

    private static void texts(JsonGenerator json, String field, List<String> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (String value : values) {
            json.writeString(value);
        }
        json.writeEndArray();
    }

    private static void trees(JsonGenerator json, String field, List<JsonNode> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (JsonNode value : values) {
            JSON.writeTree(json, value);
        }
        json.writeEndArray();
    }

    private static void tree(JsonGenerator json, String field, JsonNode value) throws IOException {
        json.writeFieldName(field);
        JSON.writeTree(json, value);
    }

    private static JournalRecord.Header header(JsonNode json, int number) throws BadRecord {
        int format = integer(json, "format");
        if (format != JournalFile.FORMAT) {
            throw BadRecord.otherFormat(
                    "it is a journal of format " + format + ", and this runtime reads format " + JournalFile.FORMAT);
        }
        Instant created;
        try {
            created = Instant.parse(text(json, "created"));
        } catch (DateTimeParseException e) {
            throw new BadRecord("its \"created\" is not an instant: " + json.get("created"));
        }
        return new JournalRecord.Header(
                number,
                format,
                text(json, "session"),
                text(json, "machine"),
                text(json, "fingerprint"),
                texts(json, "machines"),
                integer(json, "maxStep"),
                integer(json, "maxRound"),
                created);
    }

    private static JournalRecord.Step step(JsonNode json, int number) throws BadRecord {
        Optional<JournalRecord.Moved> moved = Optional.empty();
        JsonNode move = json.get("moved");
        if (move != null) {
            String trigger = text(move, "trigger");
            try {
                moved = Optional.of(new JournalRecord.Moved(text(move, "to"), Trigger.valueOf(trigger)));
            } catch (IllegalArgumentException e) {
                throw new BadRecord("its trigger \"" + trigger + "\" is not a Trigger");
            }
        }
        Optional<String> ended = optionalText(json, "ended");
        if (moved.isPresent() == ended.isPresent()) {
            throw new BadRecord("a step record needs exactly one of \"moved\" and \"ended\"");
        }
        List<JsonNode> list = calls(json.get("calls"));
        return new JournalRecord.Step(
                number,
                integer(json, "round"),
                integer(json, "step"),
                integer(json, "sessionStep"),
                text(json, "agent"),
                text(json, "state"),
                moved,
                ended,
                optionalText(json, "refused"),
                json.path("timedOut").asBoolean(false),
                list,
                object(json, "context"),
                object(json, "blackboard"),
                json.path("nanos").asLong(0));
    }

    private static JournalRecord.Waiting waiting(JsonNode json, int number) throws BadRecord {
        String kind = text(json, "kind");
        if (!List.of("ANSWER", "DECISION", "EVENT").contains(kind)) {
            throw new BadRecord("its wait \"" + kind + "\" is none of ANSWER, DECISION, EVENT");
        }
        return new JournalRecord.Waiting(
                number,
                integer(json, "round"),
                integer(json, "step"),
                integer(json, "sessionStep"),
                text(json, "agent"),
                text(json, "state"),
                calls(json.get("calls")),
                kind,
                text(json, "prompt"));
    }

    /** The one call an {@code answered} record holds: an object with a {@code "kind"}. */
    private static JsonNode call(JsonNode call) throws BadRecord {
        if (call == null || !call.isObject() || !call.path("kind").isTextual()) {
            throw new BadRecord("its \"call\" is not a call with a \"kind\"");
        }
        return call;
    }

    /** The calls a record holds: a list of objects, each with a {@code "kind"}. */
    private static List<JsonNode> calls(JsonNode calls) throws BadRecord {
        if (calls == null || !calls.isArray()) {
            throw new BadRecord("it has no \"calls\" list");
        }
        List<JsonNode> list = new ArrayList<>();
        for (JsonNode call : calls) {
            if (!call.isObject() || !call.path("kind").isTextual()) {
                throw new BadRecord("call " + list.size() + " has no \"kind\"");
            }
            list.add(call);
        }
        return list;
    }

    private static int integer(JsonNode json, String field) throws BadRecord {
        JsonNode value = json.get(field);
        if (value == null || !value.canConvertToInt() || !value.isIntegralNumber()) {
            throw new BadRecord(
                    "its \"" + field + "\" is " + (value == null ? "missing" : value + ", not a whole number"));
        }
        return value.intValue();
    }

    private static String text(JsonNode json, String field) throws BadRecord {
        JsonNode value = json.get(field);
        if (value == null || !value.isTextual()) {
            throw new BadRecord("its \"" + field + "\" is " + (value == null ? "missing" : value + ", not text"));
        }
        return value.textValue();
    }

    private static Optional<String> optionalText(JsonNode json, String field) throws BadRecord {
        return json.has(field) ? Optional.of(text(json, field)) : Optional.empty();
    }

    private static List<String> texts(JsonNode json, String field) throws BadRecord {
        JsonNode value = json.get(field);
        if (value == null || !value.isArray()) {
            throw new BadRecord("its \"" + field + "\" is " + (value == null ? "missing" : value + ", not a list"));
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new BadRecord("its \"" + field + "\" holds " + item + ", not text");
            }
            texts.add(item.textValue());
        }
        return texts;
    }

    private static JsonNode object(JsonNode json, String field) throws BadRecord {
        JsonNode value = json.get(field);
        if (value == null || !value.isObject()) {
            throw new BadRecord("its \"" + field + "\" is " + (value == null ? "missing" : value + ", not an object"));
        }
        return value;
    }
}
