package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The agent of {@link Approval}, with a counting model and a counting device for tests that nothing runs twice. */
public final class ApprovalAgent extends BaseAgent {
    static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: 20");

    private final LlmClient llm;
    private final DeviceDriver driver;
    private final UserChannel user;
    private String table = "";

    public ApprovalAgent(LlmClient llm, DeviceDriver driver, UserChannel user) {
        super("Approval", CONFIG);
        this.llm = llm;
        this.driver = driver;
        this.user = user;
    }

    void ask(Context context) {
        Answer answer = user.ask("Which table should be dropped?", Duration.ofMinutes(5));
        table = answer instanceof Answer.Given given ? given.text() : "none";
        setStatus(ApprovalStatus.DROP);
    }

    void drop(Context context) throws Exception {
        String command = llm.complete(LlmRequest.of(List.of(ChatMessage.user("drop " + table))))
                .content();
        Decision decision = user.confirm(command, Duration.ofMinutes(5));
        if (decision == Decision.APPROVED) {
            ActionResult result = driver.execute(new Action("sql", Map.of("command", command)), Duration.ofSeconds(5));
            context.put(Context.ROUND_RESULT, result.output());
        } else {
            context.put(Context.ROUND_RESULT, "not dropped: " + decision);
        }
        setStatus(ApprovalStatus.FINISH);
    }

    @Override
    public void reset() {
        super.reset();
        table = "";
    }

    /** A model that writes the drop command and counts the calls that reached it. */
    static final class Model implements LlmClient {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public LlmReply complete(LlmRequest request) {
            calls.incrementAndGet();
            String asked = request.messages().get(0).text();
            return new LlmReply("DROP TABLE " + asked.substring("drop ".length()));
        }
    }

    /** A device that runs the command (it keeps it) and counts the actions that reached it. */
    static final class Database implements DeviceDriver {
        final List<String> ran = new ArrayList<>();

        @Override
        public String name() {
            return "database";
        }

        @Override
        public Observation observe(Duration timeout) {
            return Observation.text(ran.size() + " commands");
        }

        @Override
        public List<ToolSpec> tools() {
            return List.of(new ToolSpec("sql", "Runs a command", Map.of("command", "the SQL")));
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) {
            ran.add(String.valueOf(action.arguments().get("command")));
            return ActionResult.ok("ran " + action.arguments().get("command"));
        }
    }
}
