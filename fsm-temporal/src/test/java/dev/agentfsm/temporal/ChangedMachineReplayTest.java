package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A session's history replayed against a new version of its machine that takes another path with
 * the same number of steps: the replay fails as non-deterministic, naming the state, rather than
 * going on along the new path. {@link Recount} is the new version; the old one is {@link Counter},
 * whose recorded history is relabelled as Recount's ("Counter" read as "Recount" in the payloads and the
 * activity types),
 * which is what Recount's first version, a counter without CHECK, would have recorded.
 */
@ExtendWith(TestServer.class)
class ChangedMachineReplayTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aNewVersionThatWalksAnotherPathOfTheSameLengthFailsTheReplayNamingTheState(TestWorkflowEnvironment env)
            throws Exception {
        WorkflowClient client = env.getWorkflowClient();
        String queue = TestServer.queue();
        String id = "counter-v1";
        try (TestServer.Worker worker =
                TestServer.worker(client, queue, (session, machine, user) -> new Counter.CounterAgent(3))) {
            RoundReport round = SessionClient.of(client, queue)
                    .start(id, SessionRequest.of("Counter", "count"))
                    .result()
                    .rounds()
                    .get(0);
            assertEquals(List.of("Counter.COUNT", "Counter.COUNT", "Counter.COUNT", "Counter.FINISH"), round.path());
        } finally {
            TestServer.terminateRunning(client, List.of(id));
        }
        String history = client.fetchHistory(id).toJson(false);
        TestServer.replay(client, WorkflowExecutionHistory.fromJson(history)); // the same version replays

        WorkflowExecutionHistory asRecount = WorkflowExecutionHistory.fromJson(relabel(history, "Counter", "Recount"));
        Exception e = assertThrows(Exception.class, () -> TestServer.replay(client, asRecount));
        String message = String.valueOf(e.getMessage());
        assertTrue(message.contains("NonDeterministicException"), message);
        assertTrue(message.contains("Recount.CHECK") && message.contains("Recount.COUNT"), message);
    }

    /**
     * The history with the machine {@code from} named {@code to}: in every payload (the JSON in its base64
     * data) and in the steps' activity types ({@code agentfsm.RunState:Counter.COUNT}).
     */
    private static String relabel(String history, String from, String to) throws Exception {
        JsonNode root = JSON.readTree(history.replace(":" + from + ".", ":" + to + "."));
        relabel(root, from, to);
        return JSON.writeValueAsString(root);
    }

    private static void relabel(JsonNode node, String from, String to) {
        if (node instanceof ObjectNode object
                && object.has("metadata")
                && object.path("data").isTextual()) {
            String data =
                    new String(Base64.getDecoder().decode(object.get("data").asText()), StandardCharsets.UTF_8);
            object.put(
                    "data",
                    Base64.getEncoder().encodeToString(data.replace(from, to).getBytes(StandardCharsets.UTF_8)));
        }
        node.forEach(child -> relabel(child, from, to));
    }
}
