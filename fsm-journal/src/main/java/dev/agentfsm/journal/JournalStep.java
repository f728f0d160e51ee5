package dev.agentfsm.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Blackboard;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The step a journaled round is running: where it is, the record it replays (when the journal holds
 * it), the calls it made so far (when live), and what the context and the blackboard held when it
 * began, so that its record can say what it changed.
 */
final class JournalStep {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    final int round;
    final int roundStep;
    final int sessionStep;
    final String agent;
    final Status status;
    final Optional<JournalRecord.Step> recorded;
    /** The wait this step stopped at in an earlier process, when it is that step resumed. */
    final Optional<JournalRecord.Waiting> resumedFrom;
    /** The calls a resumed step replays before it goes on live: those before its wait, and the reply. */
    final List<JsonNode> replayedFirst;

    final List<JsonNode> calls = new ArrayList<>();
    private final JsonNode context;
    private final Blackboard blackboard;
    private final Marks marks;
    private final long started = System.nanoTime();
    /** The index of the next call, replayed or live. */
    int nextCall;

    boolean timedOut;

    JournalStep(
            int round,
            int roundStep,
            int sessionStep,
            Agent agent,
            Status status,
            Optional<JournalRecord.Step> recorded,
            Optional<JournalRecord.Waiting> resumedFrom,
            List<JsonNode> replayedFirst,
            Context context) {
        this.round = round;
        this.roundStep = roundStep;
        this.sessionStep = sessionStep;
        this.agent = agent.name();
        this.status = status;
        this.recorded = recorded;
        this.resumedFrom = resumedFrom;
        this.replayedFirst = List.copyOf(replayedFirst);
        this.context = contextJson(context);
        this.blackboard = agent.blackboard();
        this.marks = Marks.of(blackboard);
    }

    /**
     * The record of this step, now that it completed: what it did and what it changed, and the status it asked for
     * when the table refused it ({@code refused}).
     */
    JournalRecord.Step record(
            int number,
            Optional<JournalRecord.Moved> moved,
            Optional<String> ended,
            Optional<String> refused,
            Context after) {
        return new JournalRecord.Step(
                number,
                round,
                roundStep,
                sessionStep,
                agent,
                status.qualifiedName(),
                moved,
                ended,
                refused,
                timedOut,
                calls,
                contextChanges(context, contextJson(after)),
                marks.added(blackboard),
                System.nanoTime() - started);
    }

    private static JsonNode contextJson(Context context) {
        ObjectNode json = NODES.objectNode();
        new TreeMap<>(context.valuesByName()).forEach((name, value) -> json.set(name, JournalValues.toJson(value)));
        return json;
    }

    private static JsonNode contextChanges(JsonNode before, JsonNode after) {
        ObjectNode changes = NODES.objectNode();
        ObjectNode set = changes.putObject("set");
        ArrayNode removed = changes.putArray("removed");
        after.properties().forEach(entry -> {
            if (!entry.getValue().equals(before.get(entry.getKey()))) {
                set.set(entry.getKey(), entry.getValue());
            }
        });
        before.fieldNames().forEachRemaining(name -> {
            if (!after.has(name)) {
                removed.add(name);
            }
        });
        return changes;
    }

    /** How many entries each section of a blackboard had when a step began: what it adds comes after. */
    record Marks(int questions, int requests, int trajectories, int screenshots) {
        static Marks of(Blackboard blackboard) {
            return new Marks(
                    blackboard.questions().size(),
                    blackboard.requests().size(),
                    blackboard.trajectories().size(),
                    blackboard.screenshots().size());
        }

        JsonNode added(Blackboard blackboard) {
            ObjectNode added = NODES.objectNode();
            section(added, "questions", blackboard.questions(), questions);
            section(added, "requests", blackboard.requests(), requests);
            section(added, "trajectories", blackboard.trajectories(), trajectories);
            List<Map<String, Object>> shots = new ArrayList<>();
            List<Blackboard.Screenshot> all = blackboard.screenshots();
            for (Blackboard.Screenshot shot : all.subList(Math.min(screenshots, all.size()), all.size())) {
                Map<String, Object> entry = new HashMap<>();
                entry.put("description", shot.description());
                entry.put("bytes", shot.png().length);
                shots.add(entry);
            }
            section(added, "screenshots", shots, 0);
            return added;
        }

        private static void section(ObjectNode added, String name, List<?> entries, int from) {
            if (entries.size() > from) {
                added.set(name, JournalValues.toJson(entries.subList(from, entries.size())));
            }
        }
    }
}
