package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.agents.linux.shell.CommandDirectories;
import dev.agentfsm.openai.FakeChatServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} against a model server that streams its replies as server-sent events. */
class RunStreamingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TASK = "Which files are here?";
    /** A first reply that is no JSON and carries a clipboard write (OSC 52) and a bell: re-asked, never run. */
    private static final String HOSTILE = "\u001b]52;c;ZXZpbA==\u0007 oops\u009b2J";

    @TempDir
    Path dir;

    private Path root;

    @BeforeEach
    void workspace() throws IOException {
        CommandDirectories.readable(dir); // as root, commands run as user nobody
        root = Files.createDirectory(dir.resolve("root"));
        Files.writeString(root.resolve("hello.txt"), "hi\n");
    }

    /** {@code text} in pieces of 7 characters, as a server streams a reply. */
    private static FakeChatServer.Response streamed(String text) {
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < text.length(); i += 7) {
            pieces.add(text.substring(i, Math.min(text.length(), i + 7)));
        }
        return FakeChatServer.streamed(pieces.toArray(String[]::new));
    }

    /** {@code text} as one JSON completion saying what the stream says: model, finish reason and usage. */
    private static FakeChatServer.Response whole(String text) {
        ObjectNode body = JSON.createObjectNode().put("id", "chatcmpl-1").put("model", "fake-model");
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", text);
        body.putObject("usage").put("prompt_tokens", 7).put("completion_tokens", 3);
        return FakeChatServer.status(200, body.toString());
    }

    private Cli run(FakeChatServer server, String trace, String... more) {
        return RunArgs.run(server.baseUrl().toString(), root, dir.resolve(trace), more);
    }

    @Test
    void theModelsTextIsShownLiveAndEscapedAndTheJournalRecordsWhatAnUnstreamedRunRecords() throws Exception {
        Path streamedJournal = dir.resolve("streamed.journal");
        Path wholeJournal = dir.resolve("whole.journal");
        Cli live;
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(streamed(HOSTILE), streamed(RunArgs.LIST), streamed(RunArgs.DONE));
            live = run(server, "a.jsonl", "--task", TASK, "--journal", streamedJournal.toString());
            server.received()
                    .forEach(request -> assertTrue(request.body().get("stream").booleanValue(), "streamed"));
        }
        Cli quiet;
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(whole(HOSTILE), whole(RunArgs.LIST), whole(RunArgs.DONE));
            quiet = run(server, "b.jsonl", "--task", TASK, "--journal", wholeJournal.toString(), "--no-stream");
            assertEquals(3, server.received().size());
            server.received()
                    .forEach(request -> assertFalse(request.body().get("stream").booleanValue(), "not streamed"));
        }

        assertEquals(0, live.exitCode(), live.out() + live.err());
        assertEquals(0, quiet.exitCode(), quiet.out() + quiet.err());
        String out = live.out();
        assertFalse(
                out.contains("\u001b") || out.contains("\u0007") || out.contains("\u009b"),
                "no raw control character reaches the terminal: " + out);
        String[] list = RunArgs.LIST.split("\n");
        int rejected = out.indexOf("\n        > \\u001b]52;c;ZXZpbA==\\u0007 oops\\u009b2J\n");
        int listed = out.indexOf("\n        > " + list[0] + "\n        > " + list[1] + "\n        > " + list[2] + "\n");
        int step1 = out.indexOf("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, ");
        int finished = out.indexOf("\n        > " + RunArgs.DONE.split("\n")[0] + "\n");
        int step2 = out.indexOf("\nstep 2  CONTINUE -> FINISH  (no command)");
        assertTrue(
                rejected >= 0 && rejected < listed && listed < step1 && step1 < finished && finished < step2,
                "the rejected reply, the re-asked one and step 1's line, then step 2's reply and line: " + out);
        assertFalse(quiet.out().contains("        > "), "--no-stream shows no live text: " + quiet.out());
        assertEquals(stepLines(quiet.out()), stepLines(out), "the step lines are those of a run without streaming");

        assertEquals(
                modelCalls(wholeJournal),
                modelCalls(streamedJournal),
                "the same replies, with model, tokens and finish reason, whether streamed or not");
        assertEquals(moves(wholeJournal), moves(streamedJournal));
        assertEquals(3, modelCalls(streamedJournal).size());
    }

    @Test
    void aResumedRunShowsNoLiveTextForTheStepsItReplays() throws Exception {
        Path journal = dir.resolve("run.journal");
        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(streamed(RunArgs.LIST), streamed(RunArgs.DONE));
            Cli first = run(server, "a.jsonl", "--task", TASK, "--journal", journal.toString());
            assertEquals(0, first.exitCode(), first.out() + first.err());
        }
        List<String> records = Files.readAllLines(journal);
        Files.write(journal, records.subList(0, 3)); // the process died after step 1 was recorded

        try (FakeChatServer server = new FakeChatServer()) {
            server.answer(streamed(RunArgs.DONE));
            Cli resumed = run(server, "b.jsonl", "--resume", journal.toString());

            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            assertEquals(1, server.received().size(), "only step 2 asks the model");
            String out = resumed.out();
            assertFalse(
                    out.contains("        > " + RunArgs.LIST.split("\n")[0]),
                    "step 1 is replayed, not streamed: " + out);
            int replayed = out.indexOf("  (replayed from the journal)\n");
            int live = out.indexOf("\n        > " + RunArgs.DONE.split("\n")[0] + "\n");
            int step2 = out.indexOf("\nstep 2  CONTINUE -> FINISH  (no command)");
            assertTrue(replayed >= 0 && replayed < live && live < step2, out);
        }
    }

    /** The lines of the steps, their times left out. */
    private static List<String> stepLines(String out) {
        return out.lines()
                .filter(line -> line.startsWith("step "))
                .map(line -> line.replaceAll("\\d+ ms", "N ms"))
                .toList();
    }

    /** Every model call the journal recorded: the reply and what the provider said about it. */
    private static List<JsonNode> modelCalls(Path journal) throws IOException {
        List<JsonNode> calls = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            for (JsonNode call : JSON.readTree(line).path("calls")) {
                if (call.path("kind").asText().equals("llm")) {
                    calls.add(call);
                }
            }
        }
        return calls;
    }

    /** Every step's state and move the journal recorded. */
    private static List<String> moves(Path journal) throws IOException {
        List<String> moves = new ArrayList<>();
        for (String line : Files.readAllLines(journal)) {
            JsonNode record = JSON.readTree(line);
            if (record.path("type").asText().equals("step")) {
                moves.add(record.path("state").asText() + " " + record.path("moved"));
            }
        }
        return moves;
    }
}
