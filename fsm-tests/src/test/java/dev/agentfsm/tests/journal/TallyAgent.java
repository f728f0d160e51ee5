package dev.agentfsm.tests.journal;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The agent of {@link Tally} and of its later versions ({@code v2.Tally} to {@code v5.Tally}). What it adds and what the device said are its own state, rebuilt by a
 * resumed session's replay; the model sees them in its prompt.
 */
public final class TallyAgent extends BaseAgent {
    /** The last count, in the context. */
    public static final Context.Key<Integer> COUNT = Context.Key.of("tally.count");
    /** What the device showed when the agent last rested. */
    public static final Context.Key<String> LOOKED = Context.Key.of("tally.looked");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LlmClient llm;
    private final DeviceDriver driver;
    private final List<Integer> added = new ArrayList<>();
    private final List<String> outputs = new ArrayList<>();

    /**
     * @param llm the model (a {@link CountingModel}), wrapped by the journal when there is one
     * @param driver the device, wrapped by the journal when there is one
     */
    public TallyAgent(LlmClient llm, DeviceDriver driver, RuntimeConfig config) {
        super("Tally", config);
        this.llm = llm;
        this.driver = driver;
    }

    /** WORK's work: asks the model what to add, appends it on the device, and takes the status the model chose. */
    public void work(Context context) throws Exception {
        String prompt = "count " + added.size() + "; last output "
                + (outputs.isEmpty() ? "-" : outputs.get(outputs.size() - 1));
        JsonNode reply = JSON.readTree(
                llm.complete(LlmRequest.of(List.of(ChatMessage.user(prompt)))).content());
        int add = reply.path("add").asInt();
        // a number among the arguments, as a model's tool call has: resuming compares it as a JSON value
        ActionResult result = driver.execute(
                new Action("append", Map.of("line", "item-" + add, "weight", add, "share", add / 2.0)),
                Duration.ofSeconds(5));
        added.add(add);
        outputs.add(result.output());
        context.put(COUNT, added.size());
        blackboard().addTrajectory(Map.of("step", added.size(), "add", add, "output", result.output()));
        // the status of the machine this agent runs in, so that every version of Tally (v2, v3) can drive it
        setStatus(status().machine().table().require(reply.path("status").asText()));
    }

    /** REST's work: looks at the device. */
    public void rest(Context context) throws Exception {
        context.put(LOOKED, driver.observe(Duration.ofSeconds(5)).text().orElse(""));
    }

    /** What the agent added, in order. */
    public List<Integer> added() {
        return List.copyOf(added);
    }

    /** What the device answered, in order. */
    public List<String> outputs() {
        return List.copyOf(outputs);
    }

    @Override
    public void reset() {
        super.reset();
        added.clear();
        outputs.clear();
    }
}
