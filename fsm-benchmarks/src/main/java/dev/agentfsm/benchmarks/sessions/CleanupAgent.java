package dev.agentfsm.benchmarks.sessions;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.ChatMessage;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The agent of {@link Cleanup}: CHECK runs {@code stat} on the file the request names; ASK has the model
 * write the question from what {@code stat} said, asks the user, and on an answer starting with "yes"
 * runs {@code rm}. The round's result names the file, what was done and the answer, so a resumed session
 * shows which answer it was given. Its model and device are stand-ins that answer at once and count
 * what reached them.
 */
public final class CleanupAgent extends BaseAgent {
    static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: 5");
    private static final Context.Key<String> STAT = Context.Key.of("cleanup.stat");

    private final LlmClient llm;
    private final DeviceDriver device;
    private final UserChannel user;

    /**
     * An agent whose model, device and user go through {@code journal}: its calls are journaled and replayed,
     * and its user suspends the round at the question.
     */
    static CleanupAgent journaled(Journal journal, Model model, Device device) {
        return new CleanupAgent(journal.llm(model), journal.driver(device), journal.user(UserChannel.suspending()));
    }

    CleanupAgent(LlmClient llm, DeviceDriver device, UserChannel user) {
        super("Cleanup", CONFIG);
        this.llm = llm;
        this.device = device;
        this.user = user;
    }

    void check(Context context) throws DriverException {
        String file = context.get(Context.REQUEST).orElseThrow();
        ActionResult stat = device.execute(new Action("stat", Map.of("file", file)), Duration.ofSeconds(5));
        context.put(STAT, stat.output());
        setStatus(CleanupStatus.ASK);
    }

    void ask(Context context) throws DriverException, LlmException {
        String file = context.get(Context.REQUEST).orElseThrow();
        String question = llm.complete(LlmRequest.of(List.of(ChatMessage.user("Write the question: may " + file
                        + " be deleted? " + context.get(STAT).orElseThrow()))))
                .content();
        Answer answer = user.ask(question, Duration.ofDays(7));
        String text = answer instanceof Answer.Given given ? given.text() : "no answer";
        if (text.startsWith("yes")) {
            ActionResult rm = device.execute(new Action("rm", Map.of("file", file)), Duration.ofSeconds(5));
            context.put(Context.ROUND_RESULT, rm.output() + " (answer: " + text + ")");
        } else {
            context.put(Context.ROUND_RESULT, "kept " + file + " (answer: " + text + ")");
        }
        setStatus(CleanupStatus.DONE);
    }

    /** The file session {@code session} is about: its request. */
    static String file(int session) {
        return "logs/archive-" + session + ".tar.gz";
    }

    /** A model that writes the question at once and counts the calls that reached it. */
    static final class Model implements LlmClient {
        int calls;

        @Override
        public synchronized LlmReply complete(LlmRequest request) {
            calls++;
            String asked = request.messages().get(0).text();
            String about = asked.substring("Write the question: may ".length(), asked.indexOf(" be deleted? "));
            String stat = asked.substring(asked.indexOf(" be deleted? ") + " be deleted? ".length());
            return new LlmReply("Delete " + about + "? " + stat + " Nothing else refers to it.");
        }
    }

    /** A device that answers {@code stat} and {@code rm} at once and keeps the actions that reached it. */
    static final class Device implements DeviceDriver {
        final List<String> ran = new ArrayList<>();

        @Override
        public String name() {
            return "files";
        }

        @Override
        public Observation observe(Duration timeout) {
            return Observation.text(ran.size() + " actions");
        }

        @Override
        public List<ToolSpec> tools() {
            return List.of(
                    new ToolSpec("stat", "Tells a file's size and when it was last read", Map.of("file", "the path")),
                    new ToolSpec("rm", "Deletes a file", Map.of("file", "the path")));
        }

        @Override
        public synchronized ActionResult execute(Action action, Duration timeout) {
            String file = String.valueOf(action.arguments().get("file"));
            ran.add(action.function() + " " + file);
            return switch (action.function()) {
                case "stat" -> ActionResult.ok("It is 12 MB and was last read on 2025-11-02.");
                case "rm" -> ActionResult.ok("deleted " + file);
                default -> ActionResult.failed("no tool " + action.function() + "; the tools are stat and rm");
            };
        }
    }
}
