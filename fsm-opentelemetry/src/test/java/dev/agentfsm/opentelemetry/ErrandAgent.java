package dev.agentfsm.opentelemetry;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The agent of {@link Errand}: the model's reply is the name of the next state. */
public final class ErrandAgent extends BaseAgent {
    private final LlmClient llm;
    private final DeviceDriver driver;

    public ErrandAgent(LlmClient llm, DeviceDriver driver) {
        super("Errand", RuntimeConfig.defaults());
        this.llm = llm;
        this.driver = driver;
    }

    void plan() throws Exception {
        String next = llm.complete(LlmRequest.of(List.of(ChatMessage.user("what next?"))))
                .content();
        setStatus(ErrandStatus.parse(next).orElseThrow());
    }

    void act() throws Exception {
        driver.execute(new Action("type_text", Map.of("text", "hello")), Duration.ofSeconds(5));
        setStatus(ErrandStatus.DONE);
    }
}
