package dev.agentfsm.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns one line of a trace into a {@link TraceEntry} with Jackson's streaming parser: no tree is
 * built, and fields the entry does not use are skipped. A line that is not one JSON object, or whose
 * fields are missing or of the wrong type, becomes {@link TraceEntry.Unreadable} saying why.
 */
final class EntryParser {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    /** The most characters of a JSON parser's message quoted in a problem. */
    private static final int MESSAGE_CHARS = 160;

    private EntryParser() {}

    /** The entry of a line's bytes; {@code terminated} is false for a last line without a newline. */
    static TraceEntry parse(byte[] bytes, int length, long line, boolean terminated) {
        TraceEntry entry;
        try (JsonParser json = JSON.createParser(bytes, 0, length)) {
            entry = new Fields(line).read(json);
        } catch (JsonProcessingException e) {
            String message = e.getOriginalMessage() == null ? e.toString() : e.getOriginalMessage();
            int column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
            entry = new TraceEntry.Unreadable(
                    line,
                    "not JSON" + (column > 0 ? " (at column " + column + ")" : "") + ": "
                            + cut(message.strip().replaceAll("\\s+", " ")));
        } catch (IOException e) {
            // a byte array does not fail to read; an IOException here is the parser's own complaint
            entry = new TraceEntry.Unreadable(line, "not JSON: " + cut(String.valueOf(e.getMessage())));
        }
        if (!terminated && entry instanceof TraceEntry.Unreadable unreadable) {
            return new TraceEntry.Unreadable(
                    line,
                    "the last line is cut off (the file does not end with a newline;"
                            + " a run stopped while writing it?): " + unreadable.problem());
        }
        return entry;
    }

    private static String cut(String text) {
        return text.length() <= MESSAGE_CHARS ? text : text.substring(0, MESSAGE_CHARS) + "...";
    }

    /** The fields of one line, read in any order; what is missing stays absent. */
    private static final class Fields {
        private final long line;
        private String event;
        private String session;
        private Integer round;
        private Integer step;
        private String agent;
        private String machine;
        private String from;
        private String to;
        private String trigger;
        private Long nanos;
        private String action;
        private String outcome;
        private String reason;
        private String finalStatus;
        private List<String> path;
        private Integer steps;
        private String error;
        private String result;
        private String exception;
        private String message;
        /** What is wrong with {@link #exception} or {@link #message}; a problem only on a roundFailed line. */
        private String failureProblem;
        /** The first problem met, if any; reading stops there. */
        private String problem;

        Fields(long line) {
            this.line = line;
        }

        TraceEntry read(JsonParser json) throws IOException {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return unreadable("not a JSON object");
            }
            String name;
            while (problem == null && (name = json.nextFieldName()) != null) {
                JsonToken value = json.nextToken();
                switch (name) {
                    case "event" -> event = text(json, value, name);
                    case "session" -> session = text(json, value, name);
                    case "round" -> round = whole(json, value, name);
                    case "step" -> step = whole(json, value, name);
                    case "agent" -> agent = text(json, value, name);
                    case "machine" -> machine = text(json, value, name);
                    case "from" -> from = text(json, value, name);
                    case "to" -> to = text(json, value, name);
                    case "trigger" -> trigger = text(json, value, name);
                    case "nanos" -> nanos = duration(json, value, name);
                    case "action" -> action = actionText(json, value);
                    case "outcome" -> outcome = text(json, value, name);
                    case "reason" -> reason = text(json, value, name);
                    case "finalStatus" -> finalStatus = text(json, value, name);
                    case "path" -> path = texts(json, value, name);
                    case "steps" -> steps = whole(json, value, name);
                    case "error" -> error = text(json, value, name);
                    case "result" -> result = text(json, value, name);
                    case "exception" -> exception = failureText(json, value, name);
                    case "message" -> message = failureText(json, value, name);
                    default -> json.skipChildren();
                }
            }
            if (problem != null) {
                return unreadable(problem);
            }
            if (json.nextToken() != null) {
                return unreadable("more than one JSON value on the line");
            }
            if (event == null) {
                return unreadable("no \"event\" field");
            }
            return switch (event) {
                case "transition" -> transition();
                case "roundEnd" -> roundEnd();
                case "roundFailed" -> roundFailed();
                default -> new TraceEntry.Other(line, event);
            };
        }

        private TraceEntry transition() {
            String missing = missing("machine", machine, "from", from, "to", to, "trigger", trigger);
            if (missing != null) {
                return unreadable("a transition without " + missing);
            }
            return new TraceEntry.Transition(
                    line,
                    orEmpty(session),
                    orZero(round),
                    orZero(step),
                    orEmpty(agent),
                    machine,
                    from,
                    to,
                    trigger,
                    nanos == null ? 0 : nanos,
                    Optional.ofNullable(action));
        }

        private TraceEntry roundEnd() {
            if (outcome == null) {
                return unreadable("a roundEnd without \"outcome\"");
            }
            return new TraceEntry.RoundEnd(
                    line,
                    orEmpty(session),
                    orZero(round),
                    outcome,
                    orEmpty(reason),
                    orEmpty(finalStatus),
                    path == null ? List.of() : path,
                    orZero(steps),
                    Optional.ofNullable(error),
                    Optional.ofNullable(result));
        }

        private TraceEntry roundFailed() {
            if (failureProblem != null) {
                return unreadable(failureProblem);
            }
            if (exception == null) {
                return unreadable("a roundFailed without \"exception\"");
            }
            return new TraceEntry.RoundFailed(
                    line, orEmpty(session), orZero(round), exception, Optional.ofNullable(message));
        }

        private static String missing(String... namesAndValues) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < namesAndValues.length; i += 2) {
                if (namesAndValues[i + 1] == null) {
                    missing.add("\"" + namesAndValues[i] + "\"");
                }
            }
            return missing.isEmpty() ? null : String.join(", ", missing);
        }

        private TraceEntry unreadable(String why) {
            return new TraceEntry.Unreadable(line, why);
        }

        private String text(JsonParser json, JsonToken value, String name) throws IOException {
            if (value == JsonToken.VALUE_STRING) {
                return json.getText();
            }
            problem = "\"" + name + "\" is " + describe(value) + ", not text";
            return null;
        }

        /**
         * A field only a roundFailed line has: its type is checked there alone, since the lines of other events
         * (another tool's, sharing the file) were read before this writer had such fields, and still read the same.
         */
        private String failureText(JsonParser json, JsonToken value, String name) throws IOException {
            if (value == JsonToken.VALUE_STRING) {
                return json.getText();
            }
            json.skipChildren();
            if (failureProblem == null) {
                failureProblem = "\"" + name + "\" is " + describe(value) + ", not text";
            }
            return null;
        }

        private Integer whole(JsonParser json, JsonToken value, String name) throws IOException {
            if (value == JsonToken.VALUE_NUMBER_INT && json.getNumberType() == JsonParser.NumberType.INT) {
                return json.getIntValue();
            }
            problem = "\"" + name + "\" is " + (value == JsonToken.VALUE_NUMBER_INT ? "too large" : describe(value))
                    + ", not a whole number";
            return null;
        }

        private Long wholeLong(JsonParser json, JsonToken value, String name) throws IOException {
            if (value == JsonToken.VALUE_NUMBER_INT && json.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                return json.getLongValue();
            }
            problem = "\"" + name + "\" is " + (value == JsonToken.VALUE_NUMBER_INT ? "too large" : describe(value))
                    + ", not a whole number";
            return null;
        }

        /** A time in nanoseconds: a step's time is never negative, and a negative one would skew the stats. */
        private Long duration(JsonParser json, JsonToken value, String name) throws IOException {
            Long nanos = wholeLong(json, value, name);
            if (nanos != null && nanos < 0) {
                problem = "\"" + name + "\" is " + nanos + ", not a time (nanoseconds, 0 or more)";
                return null;
            }
            return nanos;
        }

        private List<String> texts(JsonParser json, JsonToken value, String name) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                problem = "\"" + name + "\" is " + describe(value) + ", not a list of text";
                return null;
            }
            List<String> texts = new ArrayList<>();
            JsonToken item;
            while ((item = json.nextToken()) != JsonToken.END_ARRAY) {
                if (item != JsonToken.VALUE_STRING) {
                    problem = "\"" + name + "\" holds " + describe(item) + ", not only text";
                    return null;
                }
                texts.add(json.getText());
            }
            return texts;
        }

        /**
         * The action as text: a string as it is, any other value (a tool call's object, a number, a list) as
         * its compact JSON, so that it is shown rather than lost; {@code null} leaves it absent.
         */
        private static String actionText(JsonParser json, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_STRING) {
                return json.getText();
            }
            if (value == JsonToken.VALUE_NULL) {
                return null;
            }
            StringWriter text = new StringWriter();
            try (JsonGenerator compact = JSON.createGenerator(text)) {
                compact.copyCurrentStructure(json);
            }
            return text.toString();
        }

        private static String describe(JsonToken token) {
            return switch (token) {
                case VALUE_STRING -> "text";
                case VALUE_NUMBER_INT -> "a number";
                case VALUE_NUMBER_FLOAT -> "a fraction";
                case VALUE_TRUE, VALUE_FALSE -> "true/false";
                case VALUE_NULL -> "null";
                case START_OBJECT -> "an object";
                case START_ARRAY -> "a list";
                default -> String.valueOf(token);
            };
        }

        private static String orEmpty(String text) {
            return text == null ? "" : text;
        }

        private static int orZero(Integer number) {
            return number == null ? 0 : number;
        }
    }
}
