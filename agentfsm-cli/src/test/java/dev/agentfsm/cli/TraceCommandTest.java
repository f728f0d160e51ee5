package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trace check}, {@code trace stats} and {@code trace view} on a trace the demo recorded for real. */
class TraceCommandTest {

    @TempDir
    Path dir;

    @Test
    void checkPassesARecordedRoundAndNamesTheMovesItNeverTook() throws IOException {
        Path trace = DemoTrace.record(dir);
        Cli cli = Cli.run("trace", "check", trace.toString());
        assertEquals("", cli.err());
        assertEquals(0, cli.exitCode(), cli.out());
        assertEquals(
                "read 1 trace: 7 lines, 5 transitions, 1 round end, 1 line of other events\n"
                        + "\n"
                        + "outcome    rounds\n"
                        + "COMPLETED       1\n"
                        + "\n"
                        + "machine     transitions taken  declared\n"
                        + "LinuxAgent                  2         4\n"
                        + "\n"
                        + "never taken  from      to      trigger  when\n"
                        + "LinuxAgent   CONTINUE  FAIL    LLM\n"
                        + "LinuxAgent   FAIL      FINISH  SYSTEM   clean-up\n"
                        + "\n"
                        + "PASSED: every transition (5) is declared by its machine\n",
                cli.out());
    }

    @Test
    void checkExitsOneOnAnIllegalMoveAndSaysWhere() throws IOException {
        Path trace = DemoTrace.record(dir);
        Files.writeString(
                trace, DemoTrace.move("s-2", 1, 1, "FINISH", "CONTINUE", "LLM") + "{torn\n", StandardOpenOption.APPEND);
        Cli cli = Cli.run("trace", "check", trace.toString());
        assertEquals(1, cli.exitCode(), cli.out());
        assertTrue(
                cli.out()
                        .contains("illegal move     " + trace + ":8  LinuxAgent: FINISH -> CONTINUE by 'LLM' is not"
                                + " declared; FINISH declares no moves\n"),
                cli.out());
        assertTrue(cli.out().contains("unreadable line  " + trace + ":9  not JSON"), cli.out());
        assertTrue(cli.out().endsWith("\nFAILED: 1 illegal move, 1 unreadable line\n"), cli.out());
    }

    /** The demo's trace, then a round of session s-2 that an exception left after one move, as the runtime writes it. */
    private Path traceWithAFailedRound() throws IOException {
        Path trace = DemoTrace.record(dir);
        Files.writeString(trace, DemoTrace.move("s-2", 1, 1, "CONTINUE", "CONTINUE", "LLM"), StandardOpenOption.APPEND);
        try (JsonLinesTrace writer = JsonLinesTrace.open(trace)) {
            writer.onRoundFailed(
                    "s-2", 1, new UncheckedIOException("cannot append to the journal <b>", new IOException("full")));
        }
        return trace;
    }

    @Test
    void checkExitsOneOnARoundThatAnExceptionLeftAndSaysWhere() throws IOException {
        Path trace = traceWithAFailedRound();
        Cli cli = Cli.run("trace", "check", trace.toString());
        assertEquals(1, cli.exitCode(), cli.out());
        assertTrue(
                cli.out()
                        .contains("failed round  " + trace + ":9  session 's-2', round 1 failed with"
                                + " 'java.io.UncheckedIOException: cannot append to the journal <b>' and has no end"),
                cli.out());
        assertTrue(cli.out().endsWith("\nFAILED: 1 failed round\n"), cli.out());
        JsonNode json = new ObjectMapper()
                .readTree(Cli.run("trace", "check", "--format", "json", trace.toString())
                        .out());
        assertEquals(1, json.get("problems").get("ROUND_FAILED").asLong());
    }

    @Test
    void statsAndViewShowARoundThatAnExceptionLeft() throws IOException {
        Path trace = traceWithAFailedRound();
        Cli stats = Cli.run("trace", "stats", trace.toString());
        assertEquals(0, stats.exitCode(), stats.err());
        assertTrue(
                stats.out()
                        .startsWith("read 1 trace: 6 transitions, 1 round end, 1 failed round (no end: an exception"
                                + " left it)\n"),
                stats.out());

        Cli view = Cli.run("trace", "view", trace.toString(), "--out", dir.toString());
        assertEquals(0, view.exitCode(), view.err());
        String html = Files.readString(dir.resolve("trace.html"));
        assertTrue(html.contains("session s-2, round 1: failed with java.io.UncheckedIOException</option>"), html);
        assertTrue(
                html.contains("<span class=\"outcome bad\">failed</span>: an exception left the round, which has no"
                        + " end (its journal could not be written, a replay diverged, or an Error)<br>error:"
                        + " java.io.UncheckedIOException: cannot append to the journal &lt;b&gt;</div>"),
                html);
        assertTrue(
                html.contains("data-round=\"1\" data-step=\"1\" data-from=\"LinuxAgent.CONTINUE\" data-to=\"\""),
                "its last row is in the state the round was in when the exception came");
        assertTrue(html.contains("<td class=\"bad\">round failed</td>"), html);
    }

    @Test
    void checkExitsOneOnAFileThatIsNoTrace() throws IOException {
        // an OpenTelemetry export given without --otlp: JSON on every line, no trace line; nothing would be checked
        Path spans = Files.writeString(dir.resolve("spans.json"), "{\"resourceSpans\":[]}\n");
        Cli cli = Cli.run("trace", "check", spans.toString());
        assertEquals(1, cli.exitCode(), cli.out());
        assertTrue(
                cli.out()
                        .contains("file with no trace line  " + spans
                                + ":1  its one non-blank line is not a trace line, so"),
                cli.out());
        assertTrue(cli.out().endsWith("FAILED: 1 unreadable line, 1 file with no trace line\n"), cli.out());
    }

    @Test
    void checkReadsSeveralFilesAndWritesJson() throws IOException {
        Path first = DemoTrace.record(dir);
        Path second = Files.writeString(
                dir.resolve("second.jsonl"),
                DemoTrace.move("s-2", 1, 1, "CONTINUE", "FAIL", "LLM")
                        + DemoTrace.move("s-2", 1, 2, "FAIL", "FINISH", "SYSTEM")
                        + DemoTrace.end("s-2", 1, "COMPLETED", "FINISH", 3));
        Cli cli = Cli.run("trace", "check", "--format", "json", first.toString(), second.toString());
        assertEquals(0, cli.exitCode(), cli.out());
        JsonNode json = new ObjectMapper().readTree(cli.out());
        assertTrue(json.get("passed").asBoolean());
        assertEquals(2, json.get("files").size());
        assertEquals(7, json.get("transitions").asInt());
        assertEquals(2, json.get("outcomes").get("COMPLETED").asInt());
        JsonNode linux = json.get("coverage").get(0);
        assertEquals("LinuxAgent", linux.get("machine").asText());
        assertEquals(4, linux.get("taken").asInt(), "together the two traces take every declared move");
        assertEquals(0, linux.get("neverTaken").size());
    }

    @Test
    void aMissingFileIsAClearUsageError() {
        Path missing = dir.resolve("missing.jsonl");
        for (String command : new String[] {"check", "stats", "view"}) {
            Cli cli = command.equals("view")
                    ? Cli.run("trace", command, missing.toString(), "--out", dir.toString())
                    : Cli.run("trace", command, missing.toString());
            assertEquals(2, cli.exitCode(), command);
            assertEquals(
                    "agentfsm-cli trace " + command + ": the trace file '" + missing + "' does not exist"
                            + " (see 'agentfsm-cli trace " + command + " --help')" + System.lineSeparator(),
                    cli.err());
            assertEquals("", cli.out());
        }
        Cli directory = Cli.run("trace", "check", dir.toString());
        assertEquals(2, directory.exitCode());
        assertTrue(
                directory.err().contains("the trace file '" + dir + "' is a directory, not a trace file"),
                directory.err());
    }

    @Test
    void statsGivesStepsPerRoundOutcomesAndTimePerState() throws IOException {
        Path trace = DemoTrace.record(dir);
        Cli cli = Cli.run("trace", "stats", trace.toString());
        assertEquals(0, cli.exitCode(), cli.err());
        String out = cli.out().replaceAll("(?m)^(LinuxAgent.CONTINUE +5)( +[\\d.,]+){3}$", "$1 T");
        assertEquals(
                "read 1 trace: 5 transitions, 1 round end\n"
                        + "\n"
                        + "steps per round: min 6, mean 6.0, max 6\n"
                        + "steps  rounds\n"
                        + "  5-8       1\n"
                        + "\n"
                        + "outcome    rounds\n"
                        + "COMPLETED       1\n"
                        + "\n"
                        + "state                steps  total ms  mean ms  max ms\n"
                        + "LinuxAgent.CONTINUE      5 T\n",
                out);
        JsonNode json = new ObjectMapper()
                .readTree(Cli.run("trace", "stats", "--format", "JSON", trace.toString())
                        .out());
        assertEquals(6, json.get("stepsPerRound").get("max").asInt());
        assertEquals(
                "LinuxAgent.CONTINUE", json.get("states").get(0).get("state").asText());
        assertTrue(json.get("states").get(0).get("totalNanos").asLong() > 0);
    }

    @Test
    void textFromATraceIsEscapedBeforeItReachesTheTerminal() throws IOException {
        // a status that would clear the screen and set the window's title, if printed as it is
        Path trace = Files.writeString(
                dir.resolve("nasty.jsonl"),
                DemoTrace.move("s", 1, 1, "\\u001b[2J\\u001b]0;pwned\\u0007", "FINISH", "LLM"));
        Cli check = Cli.run("trace", "check", trace.toString());
        Cli json = Cli.run("trace", "check", "--format", "json", trace.toString());
        Cli stats = Cli.run("trace", "stats", trace.toString());
        for (Cli cli : new Cli[] {check, json, stats}) {
            assertFalse(cli.out().chars().anyMatch(c -> c == 0x1b || c == 0x07), cli.out());
        }
        assertTrue(check.out().contains("LinuxAgent has no status '\\u001b[2J\\u001b]0;pwned\\u0007'"), check.out());
        assertTrue(stats.out().contains("LinuxAgent.\\u001b[2J\\u001b]0;pwned\\u0007"), stats.out());
    }

    @Test
    void viewEscapesATraceFilesNameBeforeItReachesTheTerminal() throws IOException {
        // a file name that would set the window's title, printed as it is, in both of view's lines
        Path trace = Files.writeString(dir.resolve("t\u001b]0;pwned\u0007.jsonl"), "");
        Cli cli = Cli.run("trace", "view", trace.toString(), "--out", dir.toString());
        assertEquals(0, cli.exitCode(), cli.err());
        for (String printed : new String[] {cli.out(), cli.err()}) {
            assertFalse(printed.chars().anyMatch(c -> c == 0x1b || c == 0x07), printed);
            assertTrue(printed.contains("t\\u001b]0;pwned\\u0007."), printed);
        }
    }

    @Test
    void aDirectoryViewCannotCreateIsOneLineSayingWhy() throws IOException {
        Path trace = DemoTrace.record(dir);
        Path out = Files.createSymbolicLink(dir.resolve("report"), dir.resolve("gone/report")); // dangling
        Cli cli = Cli.run("trace", "view", trace.toString(), "--out", out.toString());
        assertEquals(1, cli.exitCode(), cli.out());
        assertEquals(
                "agentfsm-cli trace view: " + out
                        + ": a file is in the way (a dangling link, or a file where a directory should be)\n",
                cli.err());
    }

    @Test
    void viewWritesOneSelfContainedPage() throws IOException {
        Path trace = DemoTrace.record(dir);
        Files.writeString(
                trace,
                DemoTrace.move("<img src=x onerror=alert(1)>", 1, 1, "CONTINUE", "FAIL", "LLM"),
                StandardOpenOption.APPEND);
        Path out = dir.resolve("report");
        Cli cli = Cli.run("trace", "view", trace.toString(), "--out", out.toString());
        assertEquals("", cli.err());
        assertEquals(0, cli.exitCode());
        Path page = out.resolve("trace.html");
        assertEquals("wrote " + page + ": 2 rounds, 6 transitions (LinuxAgent)\n", cli.out());
        String html = Files.readString(page);
        assertTrue(html.startsWith("<!DOCTYPE html>\n"), html.substring(0, 100));
        assertTrue(
                html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"),
                "no fetches");
        assertFalse(html.matches("(?s).*(https?:)?//[a-z].*"), "nothing is loaded from anywhere: no URL at all");
        assertFalse(
                html.contains("<link") || html.contains("<script src") || html.contains("<img"),
                "styles and script are inline");
        for (String state : new String[] {"CONTINUE", "FINISH", "FAIL"}) {
            assertTrue(html.contains(" data-status=\"LinuxAgent." + state + "\">"), state);
        }
        assertTrue(html.contains("data-from=\"LinuxAgent.FAIL\" data-to=\"LinuxAgent.FINISH\""), "every declared move");
        assertFalse(html.contains("<img src=x"), "text from the trace is escaped");
        assertTrue(html.contains("session &lt;img src=x onerror=alert(1)&gt;, round 1: unfinished"), "and shown");
    }

    /** Issue 29: an {@code "action"} that is a JSON object was shown as an empty cell. */
    @Test
    void viewShowsAnObjectValuedActionAsItsJsonText() throws IOException {
        String move = DemoTrace.move("a", 1, 1, "CONTINUE", "FINISH", "LLM");
        Path trace = Files.writeString(
                dir.resolve("actions.jsonl"),
                move.replace("}\n", ",\"action\":{\"type\": \"click\", \"x\": 1, \"to\": [2, \"<b>\"]}}\n")
                        + DemoTrace.move("a", 1, 2, "FINISH", "FINISH", "LLM").replace("}\n", ",\"action\":7}\n")
                        + DemoTrace.end("a", 1, "COMPLETED", "FINISH", 2));
        Cli cli = Cli.run("trace", "view", trace.toString(), "--out", dir.toString());
        assertEquals(0, cli.exitCode(), cli.err());
        String html = Files.readString(dir.resolve("actions.html"));
        assertTrue(
                html.contains("<td class=\"action\">{&quot;type&quot;:&quot;click&quot;,&quot;x&quot;:1,"
                        + "&quot;to&quot;:[2,&quot;&lt;b&gt;&quot;]}</td>"),
                html);
        assertTrue(html.contains("<td class=\"action\">7</td>"), html);
    }

    @Test
    void viewOfOneSessionLeavesTheOthersOut() throws IOException {
        Path trace = Files.writeString(
                dir.resolve("two.jsonl"),
                DemoTrace.move("a", 1, 1, "CONTINUE", "FINISH", "LLM")
                        + DemoTrace.end("a", 1, "COMPLETED", "FINISH", 2)
                        + DemoTrace.move("b", 1, 1, "CONTINUE", "FAIL", "LLM"));
        Cli cli = Cli.run("trace", "view", trace.toString(), "--out", dir.toString(), "--session", "b");
        assertEquals("wrote " + dir.resolve("two.html") + ": 1 round, 1 transition (LinuxAgent)\n", cli.out());
        Cli none = Cli.run("trace", "view", trace.toString(), "--out", dir.toString(), "--session", "c");
        assertEquals(0, none.exitCode());
        assertEquals(
                "agentfsm-cli trace view: no rounds in " + trace + " for the session given with --session;"
                        + " the page is empty\n",
                none.err());
    }
}
