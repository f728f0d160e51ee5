package dev.agentfsm.benchmarks.journal;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model and the shell the many-session journal benchmarks give a {@link WorkerAgent}: both answer
 * at once, so that only the runtime and the journal are measured, with the shapes of {@link
 * JournalCost}'s (a reply of about 500 bytes, a command's output of about 1 KiB).
 */
final class StandIns {
    static final String REPLY =
            """
            {"observation": "The listing shows two log files under logs/, app.log and worker.log, and a data file.",
             "thought": "Count the ERROR lines in each log next; grep -c gives one count per file.",
             "action": {"function": "execute_command", "arguments": {"command": "grep -c ERROR logs/app.log logs/worker.log"},
                        "status": "%s"},
             "plan": ["count the ERROR lines of each log", "quote the first error", "answer"],
             "result": ""}""";
    static final String OUTPUT = "exit code: 0\nstdout:\n" + "logs/app.log:3\nlogs/worker.log:1\n".repeat(28);

    private StandIns() {}

    /**
     * Says WORK until the agent's {@code steps}-th step, then DONE; it reads the step from the request
     * ({@code "step N"}), so a resumed session, whose replayed steps never reach it, is answered alike.
     */
    static LlmClient model(int steps) {
        return model(steps, 0);
    }

    /** As {@link #model(int)}, each reply coming {@code millis} after the request, as a model's would. */
    static LlmClient model(int steps, long millis) {
        return new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) {
                if (millis > 0) {
                    try {
                        Thread.sleep(millis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while the model thought", e);
                    }
                }
                String text =
                        request.messages().get(request.messages().size() - 1).text();
                int done = Integer.parseInt(text.substring(text.indexOf(' ') + 1));
                return new LlmReply(REPLY.formatted(done + 1 < steps ? "WORK" : "DONE"));
            }
        };
    }

    /** What the shell tells of each action it carried out, before it returns. */
    interface Executed {
        void executed(DeviceDriver.ActionId id);
    }

    /** Answers every command at once with the same kilobyte of output, telling {@code executed} first. */
    static DeviceDriver shell(Executed executed) {
        return new DeviceDriver() {
            @Override
            public String name() {
                return "shell";
            }

            @Override
            public Observation observe(Duration timeout) {
                return Observation.text("");
            }

            @Override
            public List<ToolSpec> tools() {
                return List.of();
            }

            @Override
            public ActionResult execute(Action action, Duration timeout) {
                return new ActionResult(true, OUTPUT, Optional.empty(), Map.of("exit_code", 0, "elapsed_ms", 12));
            }

            @Override
            public ActionResult execute(Action action, Duration timeout, ActionId id) {
                executed.executed(id);
                return execute(action, timeout);
            }
        };
    }
}
