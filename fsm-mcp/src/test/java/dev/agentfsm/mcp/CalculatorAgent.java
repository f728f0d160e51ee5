package dev.agentfsm.mcp;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.llm.AgentReply;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.ReplyGuard;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** An agent that asks the model for one tool call per step, offering the tools of its state. */
final class CalculatorAgent extends BaseAgent {
    private final McpDriver driver;
    private final ReplyGuard guard;
    private final ToolCallRule rule;
    private final List<ActionResult> results = new ArrayList<>();

    CalculatorAgent(McpDriver driver, LlmClient llm) {
        super("Calculator");
        this.driver = driver;
        this.rule = ToolCallRule.of(driver, "/action");
        this.guard = ReplyGuard.of(llm, "/action/status", 3).with(rule);
    }

    void step(Context context) throws Exception {
        String prompt = "Compute what the user asked.\n" + PromptData.tools(driver.tools(status()))
                + results.stream()
                        .map(r ->
                                "\n" + PromptData.result(String.valueOf(r.data().get("tool")), r))
                        .reduce("", String::concat);
        AgentReply reply = guard.ask(status(), List.of(ChatMessage.user(prompt)));
        Action action = rule.action(reply.json()).orElseThrow();
        results.add(driver.execute(action, Duration.ofSeconds(20)));
        setStatus(reply.status());
    }

    List<ActionResult> results() {
        return results;
    }
}
