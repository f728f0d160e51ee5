package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.Inbox.StateTimeoutException;
import dev.agentfsm.runtime.SessionRecorder;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DeviceDriver.ActionId;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import dev.agentfsm.runtime.llm.LlmRequest;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The calls a journal records and replays: what each SPI call becomes in a step's record, and how a
 * recorded one is played back. Each call is asked of the {@link Journal} first: a replayed step's next
 * recorded call is returned (checked against what is asked), and a live call reaches the real client,
 * device, user or inbox and is added to the step's record with what it returned or threw.
 */
final class JournaledCalls {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** How many hex digits of the action's SHA-256 an action id carries. */
    private static final int DIGEST_HEX = 16;

    /** The action ids' digest, copied for each use (a {@code MessageDigest} is not for many threads at once). */
    private static final MessageDigest SHA_256 = sha256();

    private static final DeviceCall.Codec<ActionResult> ACTION_RESULT = DeviceCall.Codec.actionResult();

    private final Journal journal;

    JournaledCalls(Journal journal) {
        this.journal = journal;
    }

    /** {@code client} with its replies recorded and replayed. */
    LlmClient llm(LlmClient client) {
        return new LlmClient() {
            @Override
            public LlmReply complete(LlmRequest request) throws LlmException {
                return JournaledCalls.this.complete(client, request);
            }

            @Override
            public String toString() {
                return "journaled " + client;
            }
        };
    }

    /** {@code driver} with its observations and actions recorded and replayed. */
    DeviceDriver driver(DeviceDriver driver) {
        return new DeviceDriver() {
            @Override
            public String name() {
                return driver.name();
            }

            @Override
            public Observation observe(Duration timeout) throws DriverException {
                return JournaledCalls.this.observe(driver, timeout);
            }

            @Override
            public List<ToolSpec> tools() {
                return driver.tools();
            }

            @Override
            public ActionResult execute(Action action, Duration timeout) throws DriverException {
                return JournaledCalls.this.execute(driver, action, timeout);
            }

            @Override
            public ActionResult execute(Action action, Duration timeout, ActionId id) throws DriverException {
                return JournaledCalls.this.execute(driver, action, timeout);
            }

            @Override
            public void close() {
                driver.close();
            }

            @Override
            public String toString() {
                return "journaled " + driver.name();
            }
        };
    }

    /** {@code channel} with its answers and decisions recorded and replayed. */
    UserChannel user(UserChannel channel) {
        return new UserChannel() {
            @Override
            public Answer ask(String question, Duration timeout) {
                return JournaledCalls.this.ask(channel, question, timeout);
            }

            @Override
            public Decision confirm(String action, Duration timeout) {
                return JournaledCalls.this.confirm(channel, action, timeout);
            }
        };
    }

    LlmReply complete(LlmClient client, LlmRequest request) throws LlmException {
        Optional<JsonNode> recorded = journal.replayed("llm", Optional.empty());
        if (recorded.isPresent()) {
            rethrow(recorded.get(), LlmException.class, LlmException::new);
            JsonNode seen = recorded.get();
            return new LlmReply(
                    seen.path("reply").asText(),
                    optionalText(seen, "model"),
                    optionalCount(seen, "inputTokens"),
                    optionalCount(seen, "outputTokens"),
                    optionalText(seen, "finishReason"));
        }
        ObjectNode call = NODES.objectNode().put("kind", "llm");
        try {
            LlmReply reply = client.complete(request);
            call.put("reply", reply.content());
            // what the provider said about the reply, so that a replayed reply is the same reply
            reply.model().ifPresent(model -> call.put("model", model));
            reply.inputTokens().ifPresent(tokens -> call.put("inputTokens", tokens));
            reply.outputTokens().ifPresent(tokens -> call.put("outputTokens", tokens));
            reply.finishReason().ifPresent(reason -> call.put("finishReason", reason));
            journal.record(call);
            return reply;
        } catch (LlmException | RuntimeException e) {
            journal.record(failure(call, e));
            throw e;
        }
    }

    Observation observe(DeviceDriver driver, Duration timeout) throws DriverException {
        Optional<JsonNode> recorded = journal.replayed("observe", Optional.empty());
        if (recorded.isPresent()) {
            rethrow(recorded.get(), DriverException.class, DriverException::new);
            JsonNode seen = recorded.get().path("observation");
            return new Observation(
                    optionalText(seen, "screenshot").map(Base64.getDecoder()::decode),
                    optionalText(seen, "uiTree"),
                    optionalText(seen, "text"));
        }
        ObjectNode call = NODES.objectNode().put("kind", "observe");
        try {
            Observation observation = driver.observe(timeout);
            ObjectNode seen = call.putObject("observation");
            observation
                    .screenshotPng()
                    .ifPresent(png -> seen.put("screenshot", Base64.getEncoder().encodeToString(png)));
            observation.uiTree().ifPresent(tree -> seen.put("uiTree", tree));
            observation.text().ifPresent(text -> seen.put("text", text));
            journal.record(call);
            return observation;
        } catch (DriverException | RuntimeException e) {
            journal.record(failure(call, e));
            throw e;
        }
    }

    ActionResult execute(DeviceDriver driver, Action action, Duration timeout) throws DriverException {
        JsonNode asked =
                JournalValues.canonical(Map.of("function", action.function(), "arguments", action.arguments()));
        Optional<JsonNode> recorded = journal.replayed("action", Optional.of(asked));
        if (recorded.isPresent()) {
            rethrow(recorded.get(), DriverException.class, DriverException::new);
            return readBack("action", ACTION_RESULT, recorded.get());
        }
        ObjectNode call = NODES.objectNode().put("kind", "action");
        Optional<ActionId> id = journal.actionId(digest(asked));
        id.ifPresent(i -> call.put("id", i.value()));
        call.set("action", asked);
        try {
            ActionResult result =
                    id.isPresent() ? driver.execute(action, timeout, id.get()) : driver.execute(action, timeout);
            call.set("result", ACTION_RESULT.write(result));
            journal.record(call);
            return result;
        } catch (DriverException | RuntimeException e) {
            journal.record(failure(call, e));
            throw e;
        }
    }

    Answer ask(UserChannel channel, String question, Duration timeout) {
        Optional<JsonNode> recorded = journal.replayed("ask", Optional.of(NODES.textNode(question)));
        if (recorded.isPresent()) {
            rethrow(recorded.get(), RecordedFailure.class, RecordedFailure::new);
            JsonNode answer = recorded.get().path("answer");
            if (answer.has("given")) {
                return new Answer.Given(answer.path("given").asText());
            }
            return new Answer.TimedOut(duration(answer.path("timedOutAfter").asText(), recorded.get()));
        }
        try {
            Answer answer = channel.ask(question, timeout);
            journal.record(askCall(question, answer));
            return answer;
        } catch (Waiting.Suspension e) {
            throw e; // not an answer: the step stops at this wait, which the journal records with the step
        } catch (RuntimeException e) {
            journal.record(failure(NODES.objectNode().put("kind", "ask").put("request", question), e));
            throw e;
        }
    }

    /** A question's call as the journal records it: {@code {"kind": "ask", "request", "answer"}}. */
    static ObjectNode askCall(String question, Answer answer) {
        ObjectNode call = NODES.objectNode().put("kind", "ask").put("request", question);
        ObjectNode given = call.putObject("answer");
        if (answer instanceof Answer.Given g) {
            given.put("given", g.text());
        } else {
            given.put("timedOutAfter", ((Answer.TimedOut) answer).after().toString());
        }
        return call;
    }

    /** A confirmation's call as the journal records it: {@code {"kind": "confirm", "request", "decision"}}. */
    static ObjectNode confirmCall(String action, Decision decision) {
        return NODES.objectNode().put("kind", "confirm").put("request", action).put("decision", decision.name());
    }

    /** An event taken from the inbox, as the journal records it: {@code {"kind": "event", "event"}}. */
    static ObjectNode eventCall(Event event) {
        ObjectNode call = NODES.objectNode().put("kind", "event");
        call.putObject("event").put("name", event.name()).put("payload", event.payload());
        return call;
    }

    Decision confirm(UserChannel channel, String action, Duration timeout) {
        Optional<JsonNode> recorded = journal.replayed("confirm", Optional.of(NODES.textNode(action)));
        if (recorded.isPresent()) {
            rethrow(recorded.get(), RecordedFailure.class, RecordedFailure::new);
            String decision = recorded.get().path("decision").asText();
            try {
                return Decision.valueOf(decision);
            } catch (IllegalArgumentException e) {
                throw journal.diverged(
                        journal.replayedRecord(),
                        "a recorded confirmation says \"" + decision + "\", which is no Decision");
            }
        }
        try {
            Decision decision = channel.confirm(action, timeout);
            journal.record(confirmCall(action, decision));
            return decision;
        } catch (Waiting.Suspension e) {
            throw e; // not a decision: the step stops at this wait, which the journal records with the step
        } catch (RuntimeException e) {
            journal.record(failure(NODES.objectNode().put("kind", "confirm").put("request", action), e));
            throw e;
        }
    }

    /** A call to a device through an interface of its own: recorded as {@code kind}, or replayed. */
    <T> T device(String kind, JsonNode request, DeviceCall.Codec<T> codec, DeviceCall<T> device)
            throws DriverException {
        Optional<JsonNode> recorded = journal.replayed(kind, Optional.of(request));
        if (recorded.isPresent()) {
            rethrow(recorded.get(), DriverException.class, DriverException::new);
            return readBack(kind, codec, recorded.get());
        }
        ObjectNode call = NODES.objectNode().put("kind", kind);
        call.set("request", request);
        try {
            T result = device.run();
            call.set("result", codec.write(result));
            journal.record(call);
            return result;
        } catch (DriverException | RuntimeException e) {
            journal.record(failure(call, e));
            throw e;
        }
    }

    /** The recorded result of {@code call}, read back by {@code codec}; a result it cannot read is a divergence. */
    private <T> T readBack(String kind, DeviceCall.Codec<T> codec, JsonNode call) {
        try {
            return codec.read(call.path("result"));
        } catch (RuntimeException e) {
            throw journal.diverged(
                    journal.replayedRecord(),
                    "the recorded result of a " + kind + " call cannot be read back (" + e.getMessage() + ")");
        }
    }

    Event awaitEvent(SessionRecorder.LiveInbox inbox) throws InterruptedException {
        Optional<JsonNode> recorded = journal.replayed("event", Optional.empty());
        if (recorded.isPresent()) {
            JsonNode event = recorded.get().path("event");
            if (recorded.get().path("timedOut").asBoolean(false)) {
                throw inbox.timedOut();
            }
            return new Event(event.path("name").asText(), event.path("payload").asText(""));
        }
        try {
            Event event = inbox.await();
            journal.record(eventCall(event));
            return event;
        } catch (StateTimeoutException e) {
            journal.record(NODES.objectNode().put("kind", "event").put("timedOut", true));
            throw e;
        }
        // a CancellationException or an InterruptedException ends the round CANCELLED: the step does not
        // complete, so nothing needs recording
    }

    Optional<Event> pollEvent(SessionRecorder.LiveInbox inbox) {
        Optional<JsonNode> recorded = journal.replayed("poll", Optional.empty());
        if (recorded.isPresent()) {
            JsonNode event = recorded.get().path("event");
            return event.isObject()
                    ? Optional.of(new Event(
                            event.path("name").asText(), event.path("payload").asText("")))
                    : Optional.empty();
        }
        Optional<Event> event = inbox.poll();
        ObjectNode call = NODES.objectNode().put("kind", "poll");
        event.ifPresent(e -> call.putObject("event").put("name", e.name()).put("payload", e.payload()));
        journal.record(call);
        return event;
    }

    private static ObjectNode failure(ObjectNode call, Exception e) {
        call.putObject("failure").put("type", e.getClass().getName()).put("message", String.valueOf(e.getMessage()));
        return call;
    }

    /** Throws the failure a recorded call ended with: as {@code type} when it was one, else as a {@link RecordedFailure}. */
    private static <E extends Exception> void rethrow(JsonNode call, Class<E> type, Function<String, E> create)
            throws E {
        JsonNode failure = call.get("failure");
        if (failure == null) {
            return;
        }
        String recordedType = failure.path("type").asText();
        String message = failure.path("message").asText();
        boolean sameKind;
        try {
            sameKind = type.isAssignableFrom(Class.forName(recordedType, false, Journal.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            sameKind = false;
        }
        if (sameKind) {
            throw create.apply(message);
        }
        throw new RecordedFailure(recordedType + ": " + message);
    }

    private Duration duration(String text, JsonNode call) {
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw journal.diverged(
                    journal.replayedRecord(), "a recorded time-out \"" + text + "\" in " + call + " is no duration");
        }
    }

    private static Optional<String> optionalText(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }

    private static OptionalInt optionalCount(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value != null && value.canConvertToInt() ? OptionalInt.of(value.intValue()) : OptionalInt.empty();
    }

    private static String digest(JsonNode json) {
        MessageDigest sha256;
        try {
            // a copy of one looked up once: getInstance searches the security providers at every call
            sha256 = (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(
                    "the platform's SHA-256 (" + SHA_256.getProvider() + ") cannot be copied", e);
        }
        // the action's JSON in UTF-8, as the records write it (the same text as json.toString(), which builds
        // a writer per call: that and a second encoding were most of the digest's cost in a profile)
        byte[] hash = sha256.digest(RecordCodec.utf8(json));
        return HexFormat.of().formatHex(hash, 0, DIGEST_HEX / 2);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
