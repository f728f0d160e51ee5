package dev.agentfsm.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Checks the step spans fsm-opentelemetry exported against the machines' transition tables, as
 * {@link TraceCheck} checks a JSON-lines trace. It reads OTLP JSON as the OpenTelemetry collector's
 * file exporter writes it: one {@code ExportTraceServiceRequest} per line
 * ({@code {"resourceSpans":[{"scopeSpans":[{"spans":[...]}]}]}}). Each span with an
 * {@code agentfsm.move} attribute is one move: {@code agentfsm.machine}, {@code agentfsm.state},
 * {@code agentfsm.to} (with {@code agentfsm.to_machine} on a hand-off) and {@code agentfsm.trigger}.
 */
public final class OtlpSpanCheck {
    private final TraceCheck check;

    /** A check against the machines {@code check} knows. */
    public OtlpSpanCheck(TraceCheck check) {
        this.check = Objects.requireNonNull(check, "check");
    }

    /**
     * What the spans of one or more files showed.
     *
     * @param files the files read, in order
     * @param moves how many moves (step spans that moved) were checked
     * @param findings each illegal or unknown move, with the file's line and the span's id
     */
    public record Result(List<Path> files, int moves, List<TraceReport.Finding> findings) {
        public Result {
            files = List.copyOf(files);
            findings = List.copyOf(findings);
        }

        /** Whether every move was legal. */
        public boolean passed() {
            return findings.isEmpty();
        }

        /**
         * The result as plain text: what was read, a table of the findings, and a last line
         * {@code PASSED: ...} or {@code FAILED: ...}. Text from the spans is escaped for a terminal.
         */
        public String table() {
            StringBuilder out = new StringBuilder()
                    .append("read ")
                    .append(files.size())
                    .append(files.size() == 1 ? " span file: " : " span files: ")
                    .append(moves)
                    .append(moves == 1 ? " move\n" : " moves\n");
            if (!findings.isEmpty()) {
                TextTable table = TextTable.of("problem", "where", "what");
                findings.forEach(finding -> table.row(finding.kind().words(1), finding.where(), finding.message()));
                out.append('\n');
                table.appendTo(out);
            }
            return out.append('\n').append(verdict()).append('\n').toString();
        }

        /** One line: {@code PASSED: ...} or {@code FAILED: ...} with the count of each kind of finding. */
        public String verdict() {
            if (passed()) {
                return "PASSED: every move (" + moves + ") is declared by its machine";
            }
            List<String> counts = new ArrayList<>();
            for (TraceReport.Kind kind : TraceReport.Kind.values()) {
                long count = findings.stream().filter(f -> f.kind() == kind).count();
                if (count > 0) {
                    counts.add(count + " " + kind.words(count));
                }
            }
            return "FAILED: " + String.join(", ", counts);
        }

        /** The result as one JSON object, pretty-printed, with text from the spans escaped for a terminal. */
        public String json() {
            return ReportJson.object("result", json -> {
                json.writeBooleanField("passed", passed());
                ReportJson.files(json, files);
                json.writeNumberField("moves", moves);
                ReportJson.findings(json, findings);
            });
        }
    }

    /**
     * Reads and checks the OTLP JSON files {@code files}, one after the other.
     *
     * @throws IOException if one cannot be read, or a line is not JSON (naming the file and line)
     */
    public Result check(List<Path> files) throws IOException {
        int moves = 0;
        List<TraceReport.Finding> findings = new ArrayList<>();
        for (Path file : files) {
            Result one = check(file);
            moves += one.moves();
            findings.addAll(one.findings());
        }
        return new Result(files, moves, findings);
    }

    /**
     * Reads and checks the OTLP JSON file {@code file}.
     *
     * @throws IOException if it cannot be read, or a line is not JSON (naming the file and line)
     */
    public Result check(Path file) throws IOException {
        AtomicInteger moves = new AtomicInteger();
        List<TraceReport.Finding> findings = new ArrayList<>();
        OtlpSpanReader.forEachSpan(file, (span, line) -> {
            Optional<TraceEntry.Transition> move = move(span, line);
            if (move.isEmpty()) {
                return;
            }
            moves.incrementAndGet();
            TraceCheck.MoveCheck checked = check.check(move.get());
            if (!checked.legal()) {
                findings.add(new TraceReport.Finding(
                        checked.problem().orElseThrow(),
                        file,
                        line,
                        "span " + span.path("spanId").asText() + ": " + checked.message()));
            }
        });
        return new Result(List.of(file), moves.get(), findings);
    }

    private static Optional<TraceEntry.Transition> move(JsonNode span, long line) {
        JsonNode attributes = span.path("attributes");
        Optional<String> to = text(attributes, "agentfsm.to");
        if (text(attributes, "agentfsm.move").isEmpty() || to.isEmpty()) {
            return Optional.empty();
        }
        String machine = text(attributes, "agentfsm.machine").orElse("");
        String target = text(attributes, "agentfsm.to_machine")
                .map(other -> other + "." + to.get())
                .orElse(to.get());
        return Optional.of(new TraceEntry.Transition(
                line,
                text(attributes, "agentfsm.session").orElse(""),
                (int) number(attributes, "agentfsm.round"),
                (int) number(attributes, "agentfsm.step"),
                text(attributes, "agentfsm.agent").orElse(""),
                machine,
                text(attributes, "agentfsm.state").orElse(""),
                target,
                text(attributes, "agentfsm.trigger").orElse(""),
                0,
                Optional.empty()));
    }

    private static Optional<JsonNode> value(JsonNode attributes, String key) {
        for (JsonNode attribute : attributes) {
            if (key.equals(attribute.path("key").asText())) {
                return Optional.of(attribute.path("value"));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> text(JsonNode attributes, String key) {
        return value(attributes, key).map(v -> v.path("stringValue").asText());
    }

    /** OTLP JSON writes 64-bit integers as strings. */
    private static long number(JsonNode attributes, String key) {
        return value(attributes, key).map(v -> v.path("intValue").asLong()).orElse(0L);
    }
}
