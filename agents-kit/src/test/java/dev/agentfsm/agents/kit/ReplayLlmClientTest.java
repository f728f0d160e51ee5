package dev.agentfsm.agents.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayLlmClientTest {

    private static LlmRequest request(String text) {
        return LlmRequest.of(List.of(ChatMessage.user(text)));
    }

    private static InputStream yaml(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void playsRepliesInOrderAndKeepsTheRequests() throws LlmException {
        ReplayLlmClient replay = ReplayLlmClient.of(List.of("first", "second"));

        assertEquals(2, replay.remaining());
        assertEquals("first", replay.complete(request("a")).content());
        assertEquals("second", replay.complete(request("b")).content());

        assertEquals(0, replay.remaining());
        assertEquals(
                List.of("a", "b"),
                replay.requests().stream().map(r -> r.messages().get(0).text()).toList());
    }

    @Test
    void runningOutNamesTheSourceAndTheCount() throws LlmException {
        ReplayLlmClient replay = ReplayLlmClient.load(yaml("replies:\n  - only\n"), "demo.yaml");
        replay.complete(request("a"));

        LlmException e = assertThrows(LlmException.class, () -> replay.complete(request("b")));

        assertEquals(
                "Replay demo.yaml has no reply left for request 2: all 1 recorded replies were played;"
                        + " record more replies",
                e.getMessage());
        assertEquals(2, replay.requests().size());
    }

    @Test
    void readsBlockStringsFromAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("replay.yaml");
        Files.writeString(
                file,
                """
                replies:
                  - |
                    {"action": {"status": "CONTINUE"}}
                  - '{"action": {"status": "FINISH"}}'
                """);

        ReplayLlmClient replay = ReplayLlmClient.load(file);

        assertEquals(
                "{\"action\": {\"status\": \"CONTINUE\"}}\n",
                replay.complete(request("a")).content());
        assertEquals(
                "{\"action\": {\"status\": \"FINISH\"}}",
                replay.complete(request("b")).content());
    }

    @Test
    void anEmptyListIsAllowedAndRunsOutAtOnce() {
        ReplayLlmClient replay = ReplayLlmClient.load(yaml("replies: []\n"), "empty.yaml");

        assertEquals(0, replay.remaining());
        LlmException e = assertThrows(LlmException.class, () -> replay.complete(request("a")));
        assertTrue(e.getMessage().contains("all 0 recorded replies"), e.getMessage());
    }

    @Test
    void anotherKeyIsAnError() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ReplayLlmClient.load(yaml("replies: [a]\nreplys: [b]\n"), "typo.yaml"));

        assertEquals(
                "Replay typo.yaml has the unknown key 'replys'; the only key allowed is 'replies'", e.getMessage());
    }

    @Test
    void aMappingReplyIsAnErrorNamingTheEntry() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ReplayLlmClient.load(yaml("replies:\n  - ok\n  - {status: CONTINUE}\n"), "map.yaml"));

        assertEquals(
                "Replay map.yaml: reply 2 of 2 is a mapping, not a string; write it as a block string"
                        + " ('- |' and the reply indented below it)",
                e.getMessage());
    }

    @Test
    void aNumberOrAnEmptyEntryIsAnError() {
        IllegalArgumentException number = assertThrows(
                IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("replies:\n  - 42\n"), "n.yaml"));
        IllegalArgumentException empty = assertThrows(
                IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("replies:\n  - a\n  -\n"), "e.yaml"));

        assertTrue(
                number.getMessage().startsWith("Replay n.yaml: reply 1 of 1 is the number 42, not a string"),
                number.getMessage());
        assertTrue(
                empty.getMessage().startsWith("Replay e.yaml: reply 2 of 2 is null (an empty entry), not a string"),
                empty.getMessage());
    }

    @Test
    void aMissingOrScalarRepliesKeyIsAnError() {
        IllegalArgumentException missing =
                assertThrows(IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("{}\n"), "m.yaml"));
        IllegalArgumentException scalar = assertThrows(
                IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("replies: hello\n"), "s.yaml"));
        IllegalArgumentException list =
                assertThrows(IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("- hello\n"), "l.yaml"));
        IllegalArgumentException blank =
                assertThrows(IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml(""), "b.yaml"));

        assertEquals("Replay m.yaml has no 'replies' list", missing.getMessage());
        assertEquals(
                "Replay s.yaml: 'replies' must be a list of strings; it is the string \"hello\"", scalar.getMessage());
        assertEquals(
                "Replay l.yaml must be a YAML mapping with the one key 'replies' (a list of strings); it is a list",
                list.getMessage());
        assertTrue(blank.getMessage().startsWith("Replay b.yaml must be a YAML mapping"), blank.getMessage());
    }

    @Test
    void duplicateKeysAndBadYamlAreErrors() {
        IllegalArgumentException duplicate = assertThrows(
                IllegalArgumentException.class,
                () -> ReplayLlmClient.load(yaml("replies: [a]\nreplies: [b]\n"), "d.yaml"));
        IllegalArgumentException broken = assertThrows(
                IllegalArgumentException.class, () -> ReplayLlmClient.load(yaml("replies: [a\n"), "x.yaml"));

        assertTrue(
                duplicate.getMessage().startsWith("Replay d.yaml is not valid YAML: Duplicate field 'replies'"),
                duplicate.getMessage());
        assertTrue(broken.getMessage().startsWith("Replay x.yaml is not valid YAML"), broken.getMessage());
    }

    @Test
    void anUnreadableFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("nope.yaml");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplayLlmClient.load(missing));

        assertTrue(e.getMessage().startsWith("Cannot read replay file " + missing), e.getMessage());
    }

    @Test
    void aReplayOverTheCapIsRefusedBeforeItIsParsed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.yaml");
        String reply = "x".repeat(5 << 20); // a 5 MiB reply
        Files.writeString(file, "replies:\n  - \"" + reply + "\"\n");
        long size = Files.size(file);

        IllegalArgumentException fromFile =
                assertThrows(IllegalArgumentException.class, () -> ReplayLlmClient.load(file));
        IllegalArgumentException fromStream = assertThrows(
                IllegalArgumentException.class, () -> ReplayLlmClient.load(Files.newInputStream(file), "big"));

        assertEquals(
                "Replay " + file + " holds " + size + " bytes, over the cap of 2097152 bytes (2 MiB) a replay file may"
                        + " hold; it was not parsed. Split it, or shorten its replies",
                fromFile.getMessage());
        assertEquals(
                "Replay big holds more than 2097152 bytes, over the cap of 2097152 bytes (2 MiB) a replay file may"
                        + " hold; it was not parsed. Split it, or shorten its replies",
                fromStream.getMessage());
    }
}
