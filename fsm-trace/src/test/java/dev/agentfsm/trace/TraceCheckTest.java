package dev.agentfsm.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.MachineDoubles.AppStatus;
import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCheckTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TraceCheck CHECK =
            TraceCheck.of(List.of(HostStatus.CONTINUE.machine(), AppStatus.CONTINUE.machine()));

    @TempDir
    Path dir;

    /** A trace of two rounds, written by the runtime's own trace: a subtask handed to the AppAgent, then an error. */
    private Path legalTrace() throws IOException {
        Path file = dir.resolve("legal.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            List<Status> path = new ArrayList<>();
            move(trace, 1, HostStatus.CONTINUE, HostStatus.ASSIGN, Trigger.LLM, path);
            move(trace, 1, HostStatus.ASSIGN, AppStatus.CONTINUE, Trigger.SYSTEM, path);
            move(trace, 1, AppStatus.CONTINUE, AppStatus.SCREENSHOT, Trigger.LLM, path);
            move(trace, 1, AppStatus.SCREENSHOT, AppStatus.CONTINUE, Trigger.SYSTEM, path);
            move(trace, 1, AppStatus.CONTINUE, AppStatus.FINISH, Trigger.LLM, path);
            move(trace, 1, AppStatus.FINISH, HostStatus.CONTINUE, Trigger.SYSTEM, path);
            move(trace, 1, HostStatus.CONTINUE, HostStatus.FINISH, Trigger.LLM, path);
            end(trace, 1, Outcome.COMPLETED, HostStatus.FINISH, path);
            path.clear();
            move(trace, 2, HostStatus.CONTINUE, HostStatus.ASSIGN, Trigger.LLM, path);
            // ASSIGN declares no move to ERROR: the runtime's own move after a failure, to the onError state
            move(trace, 2, HostStatus.ASSIGN, HostStatus.ERROR, Trigger.SYSTEM, path);
            move(trace, 2, HostStatus.ERROR, HostStatus.FINISH, Trigger.SYSTEM, path);
            end(trace, 2, Outcome.ERROR, HostStatus.FINISH, path);
        }
        return file;
    }

    private static void move(
            JsonLinesTrace trace, int round, Status from, Status to, Trigger trigger, List<Status> path) {
        path.add(from);
        trace.onTransition(new TransitionEvent(
                "s-1", round, path.size(), from.machine().name(), from, to, trigger, 1_000_000L * path.size()));
    }

    private static void end(JsonLinesTrace trace, int round, Outcome outcome, Status last, List<Status> path) {
        path.add(last);
        trace.onRoundEnd(
                "s-1",
                round,
                new RoundResult(
                        outcome,
                        "ended",
                        last,
                        path,
                        path.size(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        List.of(),
                        Optional.empty()));
    }

    private Path file(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    private static String move(String machine, String from, String to, String trigger) {
        return "{\"event\":\"transition\",\"session\":\"s\",\"round\":1,\"step\":1,\"agent\":\"a\",\"machine\":\""
                + machine + "\",\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"trigger\":\"" + trigger
                + "\",\"nanos\":5}";
    }

    @Test
    void aTraceOfDeclaredMovesPassesAndSaysWhatWasNeverTaken() throws IOException {
        Path file = legalTrace();
        TraceReport report = CHECK.check(List.of(file));
        assertTrue(report.passed(), report.table());
        assertEquals(12, report.lines());
        assertEquals(10, report.transitions());
        assertEquals(2, report.rounds());
        assertEquals(Map.of("COMPLETED", 1L, "ERROR", 1L), report.outcomes());
        assertEquals(List.of(), report.findings());
        assertEquals(
                List.of("AppAgent", "HostAgent"),
                report.coverage().stream().map(TraceReport.Coverage::machine).toList());
        TraceReport.Coverage app = report.coverage().get(0);
        TraceReport.Coverage host = report.coverage().get(1);
        assertEquals(16, app.declared().size());
        assertEquals(
                List.of(
                        "AppAgent.CONTINUE -> AppAgent.SCREENSHOT (LLM)",
                        "AppAgent.CONTINUE -> AppAgent.FINISH (LLM)",
                        "AppAgent.SCREENSHOT -> AppAgent.CONTINUE (SYSTEM)",
                        "AppAgent.FINISH -> HostAgent.CONTINUE (SYSTEM)"),
                app.taken().stream().map(Move::toString).toList(),
                "in declaration order");
        assertEquals(13, host.declared().size());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE -> HostAgent.ASSIGN (LLM)",
                        "HostAgent.CONTINUE -> HostAgent.FINISH (LLM)",
                        "HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM)",
                        "HostAgent.ERROR -> HostAgent.FINISH (SYSTEM)"),
                host.taken().stream().map(Move::toString).toList(),
                "the runtime's own move to ERROR is not a declared one");
        assertEquals(9, host.neverTaken().size());
        assertTrue(host.neverTaken()
                .contains(HostStatus.PENDING.moveTo(HostStatus.FAIL).orElseThrow()));
    }

    @Test
    void illegalAndUnknownMovesAreReportedWhereTheyAre() throws IOException {
        Path file = file(
                "bad.jsonl",
                move("HostAgent", "CONTINUE", "ASSIGN", "LLM"), // 1: fine
                move("HostAgent", "FINISH", "CONTINUE", "LLM"), // 2: FINISH declares no moves
                move("HostAgent", "CONTINUE", "ASSIGN", "USER"), // 3: declared by LLM
                move("HostAgent", "PENDING", "FINISH", "USER"), // 4: not declared
                move("HostAgent", "ERROR", "ERROR", "SYSTEM"), // 5: the onError state does not move to itself
                move("HostAgent", "ASSIGN", "AppAgent.FINISH", "SYSTEM"), // 6: a hand-off to the wrong status
                move("WordAgent", "CONTINUE", "FINISH", "LLM"), // 7: unknown machine
                move("HostAgent", "WAIT", "FINISH", "LLM"), // 8: unknown status
                move("HostAgent", "ASSIGN", "AppAgent.NOPE", "SYSTEM"), // 9: unknown target
                move("HostAgent", "ASSIGN", "ExcelAgent.CONTINUE", "SYSTEM"), // 10: unknown target machine
                "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"finalStatus\":\"HostAgent.GONE\"}", // 11
                "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"finalStatus\":\"FINISH\"}", // 12
                "garbage", // 13
                move("HostAgent", "CONTINUE", "PENDING", "LLM")); // 14: still checked after the garbage
        TraceReport report = CHECK.check(List.of(file));
        assertFalse(report.passed());
        List<String> findings =
                report.findings().stream().map(TraceReport.Finding::toString).toList();
        String at = file + ":";
        assertEquals(
                List.of(
                        at
                                + "2: illegal move: HostAgent: FINISH -> CONTINUE by 'LLM' is not declared; FINISH declares no moves",
                        at + "3: illegal move: HostAgent: CONTINUE -> ASSIGN by 'USER' is declared by LLM, not 'USER'",
                        at
                                + "4: illegal move: HostAgent: PENDING -> FINISH by 'USER' is not declared; PENDING may move to"
                                + " CONTINUE (USER), FAIL (TIMEOUT)",
                        at
                                + "5: illegal move: HostAgent: ERROR -> ERROR by 'SYSTEM' is not declared; ERROR may move to FINISH (SYSTEM)",
                        at
                                + "6: illegal move: HostAgent: ASSIGN -> AppAgent.FINISH by 'SYSTEM' is not declared; ASSIGN may move to"
                                + " AppAgent.CONTINUE (SYSTEM)",
                        at
                                + "7: unknown machine: no machine on the class path is named 'WordAgent' (in \"from\"); the machines are"
                                + " AppAgent, HostAgent",
                        at
                                + "8: unknown status: HostAgent has no status 'WAIT' (in \"from\"); its statuses are CONTINUE, ASSIGN,"
                                + " PENDING, CONFIRM, FINISH, FAIL, ERROR",
                        at
                                + "9: unknown status: AppAgent has no status 'NOPE' (in \"to\"); its statuses are CONTINUE, SCREENSHOT,"
                                + " PENDING, CONFIRM, FINISH, FAIL, ERROR",
                        at
                                + "10: unknown machine: no machine on the class path is named 'ExcelAgent' (in \"to\"); the machines are"
                                + " AppAgent, HostAgent",
                        at
                                + "11: unknown status: HostAgent has no status 'GONE' (in the round's \"finalStatus\"); its statuses are"
                                + " CONTINUE, ASSIGN, PENDING, CONFIRM, FINISH, FAIL, ERROR",
                        at
                                + "12: unknown status: the round's \"finalStatus\" 'FINISH' names no machine; it is written Machine.STATUS",
                        at
                                + "13: unreadable line: not JSON (at column 1): Unrecognized token 'garbage': was expecting (JSON String,"
                                + " Number, Array, Object or token 'null', 'true' or 'false')"),
                findings.stream()
                        .sorted(java.util.Comparator.comparingInt(
                                f -> Integer.parseInt(f.substring(at.length(), f.indexOf(':', at.length())))))
                        .toList());
        assertEquals(5, report.count(TraceReport.Kind.ILLEGAL_MOVE));
        assertEquals(2, report.count(TraceReport.Kind.UNKNOWN_MACHINE));
        assertEquals(4, report.count(TraceReport.Kind.UNKNOWN_STATUS));
        assertEquals(1, report.count(TraceReport.Kind.UNREADABLE));
        assertEquals(11, report.transitions());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE -> HostAgent.ASSIGN (LLM)",
                        "HostAgent.CONTINUE -> HostAgent.PENDING (LLM)"),
                report.coverage().get(1).taken().stream().map(Move::toString).toList());
        assertEquals(
                "FAILED: 5 illegal moves, 2 unknown machines, 4 unknown statuses, 1 unreadable line", report.verdict());
    }

    @Test
    void unreadableLinesAloneDoNotFailTheCheck() throws IOException {
        Path file = file("torn.jsonl", move("HostAgent", "CONTINUE", "FINISH", "LLM"), "{\"event\":\"transi");
        TraceReport report = CHECK.check(List.of(file));
        assertTrue(report.passed());
        assertEquals("PASSED: every transition (1) is declared by its machine; 1 unreadable line", report.verdict());
    }

    @Test
    void aFileWithNoTraceLineFailsTheCheckNamingIt() throws IOException {
        // an OTLP export given for a JSON-lines trace: JSON on every line, none of it a trace line
        Path otlp = file("spans.json", "{\"resourceSpans\":[]}", "", "{\"resourceSpans\":[{\"scopeSpans\":[]}]}");
        Path good = legalTrace();
        TraceReport report = CHECK.check(List.of(good, otlp));
        assertFalse(report.passed());
        assertEquals(1, report.count(TraceReport.Kind.NOT_A_TRACE));
        assertEquals(2, report.count(TraceReport.Kind.UNREADABLE));
        TraceReport.Finding finding = report.findings().stream()
                .filter(found -> found.kind() == TraceReport.Kind.NOT_A_TRACE)
                .findFirst()
                .orElseThrow();
        assertEquals(otlp + ":1", finding.where());
        assertTrue(
                finding.message()
                        .startsWith("none of its 2 non-blank lines is a trace line, so nothing in it was"
                                + " checked (the first: "),
                finding.message());
        assertTrue(
                finding.message()
                        .endsWith("check an OTLP export with OtlpSpanCheck (on the command line: agentfsm-cli trace"
                                + " check --otlp)"),
                finding.message());
        assertEquals("FAILED: 2 unreadable lines, 1 file with no trace line", report.verdict());
        assertTrue(report.json().contains("\"NOT_A_TRACE\" : 1"), report.json());
    }

    @Test
    void aCompressedTraceIsNamedAsSuch(@TempDir Path dir) throws IOException {
        Path gzip = dir.resolve("trace.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
            out.write((move("HostAgent", "CONTINUE", "FINISH", "LLM") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Path zip = dir.resolve("trace.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("trace.jsonl"));
            out.write((move("HostAgent", "CONTINUE", "FINISH", "LLM") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        for (Path file : List.of(gzip, zip)) {
            TraceReport report = CHECK.check(List.of(file));
            assertFalse(report.passed());
            String kind = file == gzip ? "gzip" : "zip";
            TraceReport.Finding finding = report.findings().stream()
                    .filter(found -> found.kind() == TraceReport.Kind.NOT_A_TRACE)
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    "it is a " + kind + " file (its first bytes are a " + kind + " header), so none of its lines is a"
                            + " trace line and nothing in it was checked; decompress it and check the trace inside",
                    finding.message());
        }
    }

    @Test
    void anEmptyFileIsNoProblem() throws IOException {
        TraceReport report = CHECK.check(List.of(file("empty.jsonl", "")));
        assertTrue(report.passed());
        assertEquals("PASSED: every transition (0) is declared by its machine", report.verdict());
    }

    @Test
    void manyProblemsAreCountedButOnlyTheFirstAreListed() throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            lines.add(move("HostAgent", "FINISH", "CONTINUE", "LLM"));
        }
        TraceReport report = CHECK.check(List.of(file("many.jsonl", lines.toArray(String[]::new))));
        assertEquals(250, report.count(TraceReport.Kind.ILLEGAL_MOVE));
        assertEquals(TraceCheck.SHOWN_PER_KIND, report.findings().size());
        assertEquals(100, report.findings().get(99).line());
        assertTrue(report.table().contains("(150 more illegal moves not shown; 250 in all)\n"), report.table());
    }

    @Test
    void severalFilesAreCheckedTogether() throws IOException {
        Path first = legalTrace();
        Path second = file("second.jsonl", move("HostAgent", "FINISH", "CONTINUE", "LLM"));
        TraceReport report = CHECK.check(List.of(first, second));
        assertEquals(13, report.lines());
        assertEquals(11, report.transitions());
        assertEquals(
                List.of(second + ":1"),
                report.findings().stream().map(TraceReport.Finding::where).toList());
    }

    @Test
    void theTableShowsOutcomesCoverageAndProblems() throws IOException {
        Path file = file(
                "t.jsonl",
                move("HostAgent", "CONTINUE", "FINISH", "LLM"),
                "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\",\"finalStatus\":\"HostAgent.FINISH\",\"steps\":2}",
                move("HostAgent", "FAIL", "CONTINUE", "LLM"));
        TraceCheck hostOnly = TraceCheck.of(List.of(HostStatus.CONTINUE.machine()));
        String where = file + ":3";
        String table = hostOnly.check(List.of(file)).table();
        assertEquals(
                "read 1 trace: 3 lines, 2 transitions, 1 round end\n"
                        + "\n"
                        + "outcome    rounds\n"
                        + "COMPLETED       1\n"
                        + "\n"
                        + "machine    transitions taken  declared\n"
                        + "HostAgent                  1        13\n"
                        + "\n"
                        + "never taken  from      to                 trigger  when\n"
                        + "HostAgent    CONTINUE  CONTINUE           LLM\n"
                        + "HostAgent    CONTINUE  ASSIGN             LLM      an application was selected\n"
                        + "HostAgent    CONTINUE  PENDING            LLM\n"
                        + "HostAgent    CONTINUE  CONFIRM            LLM\n"
                        + "HostAgent    CONTINUE  ERROR              SYSTEM\n"
                        + "HostAgent    ASSIGN    AppAgent.CONTINUE  SYSTEM\n"
                        + "HostAgent    PENDING   CONTINUE           USER\n"
                        + "HostAgent    PENDING   FAIL               TIMEOUT\n"
                        + "HostAgent    CONFIRM   CONTINUE           USER     approved\n"
                        + "HostAgent    CONFIRM   FAIL               USER     rejected\n"
                        + "HostAgent    FAIL      FINISH             SYSTEM   clean-up\n"
                        + "HostAgent    ERROR     FINISH             SYSTEM   clean-up\n"
                        + "\n"
                        + "problem       where" + " ".repeat(where.length() - 3) + "what\n"
                        + "illegal move  " + where
                        + "  HostAgent: FAIL -> CONTINUE by 'LLM' is not declared; FAIL may move to"
                        + " FINISH (SYSTEM)\n"
                        + "\n"
                        + "FAILED: 1 illegal move\n",
                table);
    }

    @Test
    void aRoundThatAnExceptionLeftFailsTheCheckAsAFailedRoundNotAnIllegalMove() throws IOException {
        Path file = dir.resolve("failed.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(file)) {
            List<Status> path = new ArrayList<>();
            move(trace, 1, HostStatus.CONTINUE, HostStatus.ASSIGN, Trigger.LLM, path);
            trace.onRoundFailed(
                    "s-1", 1, new java.io.UncheckedIOException("cannot append to the journal", new IOException()));
        }

        TraceReport report = CHECK.check(List.of(file));

        assertFalse(report.passed(), report.table());
        assertEquals(1, report.count(TraceReport.Kind.ROUND_FAILED));
        assertEquals(0, report.count(TraceReport.Kind.ILLEGAL_MOVE), "its moves are legal");
        assertEquals(0, report.count(TraceReport.Kind.UNREADABLE), "the line is read, not passed over");
        assertEquals(0, report.otherEvents());
        assertEquals(0, report.rounds(), "a failed round has no end");
        TraceReport.Finding finding = report.findings().get(0);
        assertEquals(TraceReport.Kind.ROUND_FAILED, finding.kind());
        assertEquals(2, finding.line());
        assertTrue(
                finding.message()
                        .startsWith("session 's-1', round 1 failed with"
                                + " 'java.io.UncheckedIOException: cannot append to the journal' and has no end"),
                finding.message());
        assertTrue(report.table().endsWith("\nFAILED: 1 failed round\n"), report.table());
        JsonNode json = JSON.readTree(report.json());
        assertFalse(json.get("passed").asBoolean());
        assertEquals(1, json.get("problems").get("ROUND_FAILED").asLong());
        assertEquals("ROUND_FAILED", json.get("findings").get(0).get("kind").asText());
    }

    @Test
    void aTraceWithoutFailedRoundsReadsAsBefore() throws IOException {
        TraceReport report = CHECK.check(List.of(legalTrace()));
        assertTrue(report.passed());
        assertEquals(0, report.count(TraceReport.Kind.ROUND_FAILED));
        assertTrue(report.verdict().startsWith("PASSED: every transition (10) is declared"), report.verdict());
    }

    @Test
    void theJsonHoldsTheSameAndParses() throws IOException {
        Path file = file(
                "t.jsonl",
                move("HostAgent", "FAIL", "CONTINUE", "LLM"),
                "{\"event\":\"roundEnd\",\"outcome\":\"STEP_LIMIT\"}",
                "{\"event\":\"roundEnd\",\"outcome\":\"COMPLETED\"}");
        JsonNode json = JSON.readTree(CHECK.check(List.of(file)).json());
        assertFalse(json.get("passed").asBoolean());
        assertEquals(file.toString(), json.get("files").get(0).asText());
        assertEquals(1, json.get("transitions").asLong());
        assertEquals("{\"COMPLETED\":1,\"STEP_LIMIT\":1}", json.get("outcomes").toString(), "in the runtime's order");
        assertEquals(
                "{\"ILLEGAL_MOVE\":1,\"UNKNOWN_MACHINE\":0,\"UNKNOWN_STATUS\":0,\"UNREADABLE\":0,\"NOT_A_TRACE\":0,"
                        + "\"ROUND_FAILED\":0}",
                json.get("problems").toString());
        JsonNode finding = json.get("findings").get(0);
        assertEquals("ILLEGAL_MOVE", finding.get("kind").asText());
        assertEquals(1, finding.get("line").asLong());
        assertTrue(finding.get("message").asText().startsWith("HostAgent: FAIL -> CONTINUE"));
        JsonNode host = json.get("coverage").get(0);
        assertEquals("HostAgent", host.get("machine").asText());
        assertEquals(13, host.get("declared").asInt());
        assertEquals(0, host.get("taken").asInt());
        assertEquals(
                "{\"from\":\"ASSIGN\",\"to\":\"AppAgent.CONTINUE\",\"trigger\":\"SYSTEM\",\"when\":\"\"}",
                host.get("neverTaken").get(6).toString());
    }

    @Test
    void textFromTheTraceCannotActOnATerminal() throws IOException {
        // an escape sequence that would clear the screen, and a right-to-left override
        String nasty = "\u001b[2J\u202eWAIT\u009b";
        Path file = file(
                "nasty.jsonl",
                move("HostAgent", nasty.replace("\u001b", "\\u001b"), "FINISH", "LLM"),
                "{\"event\":\"roundEnd\",\"outcome\":\"\\u001b]52;c;cGF3bmVk\\u0007\"}");
        TraceReport report = CHECK.check(List.of(file));
        String table = report.table();
        String json = report.json();
        for (String shown : List.of(table, json)) {
            assertFalse(shown.chars().anyMatch(c -> c == 0x1b || c == 0x202e || c == 0x9b || c == 0x07), shown);
        }
        assertTrue(table.contains("HostAgent has no status '\\u001b[2J\\u202eWAIT\\u009b'"), table);
        assertTrue(json.contains("'\\u001B[2J\\u202eWAIT\\u009b'"), json);
        assertEquals(
                List.of(nasty),
                List.of(JSON.readTree(json)
                        .get("findings")
                        .get(0)
                        .get("message")
                        .asText()
                        .replaceAll(".*'(.*)'.*", "$1")),
                "the JSON still says what the trace held");
    }

    @Test
    void aMissingFileIsAnErrorNamingIt() {
        Path missing = dir.resolve("missing.jsonl");
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> CHECK.check(List.of(missing)));
        assertEquals(missing.toString(), e.getFile());
    }

    @Test
    void twoMachinesOfOneNameCannotBeToldApart() throws IOException {
        StateManager<?, ?> host = HostStatus.CONTINUE.machine();
        StateManager<?, ?> impostor = (StateManager<?, ?>) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {StateManager.class},
                (proxy, method, args) -> method.getName().equals("name") ? "HostAgent" : null);
        TraceCheck check = TraceCheck.of(List.of(host, impostor, AppStatus.CONTINUE.machine()));
        assertEquals(List.of("AppAgent", "HostAgent"), check.machines());
        assertEquals(Optional.empty(), check.machine("HostAgent"));
        assertEquals(Optional.of(AppStatus.CONTINUE.machine()), check.machine("AppAgent"));
        TraceReport report = check.check(List.of(file(
                "t.jsonl",
                move("HostAgent", "CONTINUE", "FINISH", "LLM"),
                move("AppAgent", "CONTINUE", "FINISH", "LLM"))));
        assertEquals(
                List.of("unknown machine: more than one machine on the class path is named 'HostAgent' ("
                        + host.getClass().getName() + ", " + impostor.getClass().getName()
                        + "), and a trace names machines by"
                        + " name only; check with a class path that holds one of them"),
                report.findings().stream()
                        .map(f -> f.kind().words(1) + ": " + f.message())
                        .toList());
        assertEquals(1, report.coverage().get(0).taken().size(), "the other machines are still checked");
        assertEquals(
                List.of("HostAgent"), TraceCheck.of(List.of(host, host)).machines(), "the same machine twice is one");
    }

    @Test
    void oneMoveIsResolvedToItsStatusesAndItsDeclaration() {
        TraceCheck.MoveCheck declared = CHECK.check(transition("HostAgent", "ASSIGN", "AppAgent.CONTINUE", "SYSTEM"));
        assertTrue(declared.legal());
        assertFalse(declared.runtimesOwn());
        assertEquals(Optional.of(HostStatus.ASSIGN), declared.from());
        assertEquals(Optional.of(AppStatus.CONTINUE), declared.to());
        assertEquals(HostStatus.ASSIGN.moveTo(AppStatus.CONTINUE), declared.declared());

        TraceCheck.MoveCheck onError = CHECK.check(transition("AppAgent", "SCREENSHOT", "ERROR", "SYSTEM"));
        assertTrue(onError.runtimesOwn(), "the runtime's move to the onError state");
        TraceCheck.MoveCheck notBySomeoneElse = CHECK.check(transition("AppAgent", "SCREENSHOT", "ERROR", "LLM"));
        assertEquals(Optional.of(TraceReport.Kind.ILLEGAL_MOVE), notBySomeoneElse.problem());
        assertEquals(Optional.of(AppStatus.ERROR), notBySomeoneElse.to(), "an illegal move still names its statuses");

        TraceCheck.MoveCheck unknown = CHECK.check(transition("HostAgent", "ASSIGN", "AppAgent.NOPE", "SYSTEM"));
        assertEquals(Optional.of(TraceReport.Kind.UNKNOWN_STATUS), unknown.problem());
        assertEquals(Optional.of(HostStatus.ASSIGN), unknown.from());
        assertEquals(Optional.empty(), unknown.to());
    }

    private static TraceEntry.Transition transition(String machine, String from, String to, String trigger) {
        return new TraceEntry.Transition(1, "s", 1, 1, machine, machine, from, to, trigger, 0, Optional.empty());
    }
}
