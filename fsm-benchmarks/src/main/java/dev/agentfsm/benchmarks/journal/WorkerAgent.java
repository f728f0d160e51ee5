package dev.agentfsm.benchmarks.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent of {@link Worker}: a LinuxAgent-like step without the LinuxAgent's prompt: ask the model,
 * parse its reply, run the command it names, note the step in the context and on the blackboard.
 */
public final class WorkerAgent extends BaseAgent {
    static final Context.Key<Integer> DONE = Context.Key.of("worker.done");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LlmClient llm;
    private final DeviceDriver driver;
    private int steps;

    WorkerAgent(LlmClient llm, DeviceDriver driver, RuntimeConfig config) {
        super("Worker", config);
        this.llm = llm;
        this.driver = driver;
    }

    void work(Context context) throws Exception {
        JsonNode reply = JSON.readTree(llm.complete(LlmRequest.of(List.of(ChatMessage.user("step " + steps))))
                .content());
        JsonNode action = reply.path("action");
        ActionResult result = driver.execute(
                new Action(
                        action.path("function").asText(),
                        Map.of(
                                "command",
                                action.path("arguments").path("command").asText())),
                Duration.ofSeconds(30));
        steps++;
        context.put(DONE, steps);
        Map<String, Object> trajectory = new LinkedHashMap<>();
        trajectory.put("step", steps);
        trajectory.put("action", action.path("arguments").path("command").asText());
        trajectory.put("success", result.success());
        blackboard().addTrajectory(trajectory);
        setStatus(WorkerStatus.parse(action.path("status").asText()).orElseThrow());
    }
}
