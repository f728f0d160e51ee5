package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state with {@code @Terminal(endsSubtask = true)} ends a subtask: listeners hear a
 * {@link SubtaskEvent} with the archived subtask, and the round's result lists every subtask that ended.
 */
class SubtaskEndTest {
    private final Context context = new Context().put(Context.REQUEST, "write a letter");

    /** Every event, in order, as short strings, and the subtask events themselves. */
    private static final class Heard implements TransitionListener {
        final List<String> lines = new ArrayList<>();
        final List<SubtaskEvent> subtasks = new ArrayList<>();

        @Override
        public void onTransition(TransitionEvent event) {
            lines.add(event.step() + " " + event.from().qualifiedName() + " -> " + event.targetName());
        }

        @Override
        public void onSubtaskEnd(SubtaskEvent event) {
            subtasks.add(event);
            lines.add(event.step() + " subtask " + event.number() + " ended in "
                    + event.subtask().status().qualifiedName());
        }
    }

    private final Heard heard = new Heard();

    private RoundResult runHost(HostAgent host) {
        return Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(heard)
                .build()
                .run();
    }

    @Test
    void theStatesOwnArchiveIsTheEventAndTheResultCountsIt() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script((ScriptedAgent.Step) (a, c) -> {
            c.put(Context.ROUND_RESULT, "letter written");
            a.setStatus(AppAgentStatus.FINISH);
        });

        RoundResult result = runHost(host);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(
                List.of(
                        "1 HostAgent.CONTINUE -> ASSIGN",
                        "2 HostAgent.ASSIGN -> AppAgent.CONTINUE",
                        "3 AppAgent.CONTINUE -> FINISH",
                        "4 subtask 1 ended in AppAgent.FINISH",
                        "4 AppAgent.FINISH -> HostAgent.CONTINUE",
                        "5 HostAgent.CONTINUE -> FINISH"),
                heard.lines,
                "the subtask ends after FINISH's handle archived it, before FINISH hands back");
        SubtaskEvent event = heard.subtasks.get(0);
        ArchivedSubtask archived = context.previousSubtasks().get(0);
        assertSame(archived, event.subtask(), "the event carries what FINISH archived, not a copy of its own");
        assertEquals(
                new ArchivedSubtask("subtask of write a letter", AppAgentStatus.FINISH, "letter written"), archived);
        assertEquals(AppAgentStatus.FINISH, event.status());
        assertEquals("AppAgent", event.machine());
        assertEquals("AppAgent", event.agent());
        assertEquals(1, event.round());
        assertEquals(List.of(archived), result.subtasks());
        assertEquals(1, context.previousSubtasks().size(), "the runtime archived nothing more");
    }

    @Test
    void aRetriedSubtaskCountsTwiceWithBothOutcomes() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script(AppAgentStatus.FAIL, AppAgentStatus.FINISH);

        RoundResult result = runHost(host);

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        assertEquals(2, result.subtasks().size());
        assertEquals(
                List.of(AppAgentStatus.FAIL, AppAgentStatus.FINISH),
                result.subtasks().stream().map(ArchivedSubtask::status).toList());
        assertEquals(
                List.of(1, 2), heard.subtasks.stream().map(SubtaskEvent::number).toList());
        assertEquals(result.subtasks(), context.previousSubtasks());
    }

    @Test
    void anErrorThatReachesTheArchivingErrorStateEndsTheSubtaskAsError() {
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN);
        new AppAgent(host).script(new IOException("window closed"));

        RoundResult result = runHost(host);

        assertEquals(Outcome.ERROR, result.outcome());
        assertEquals(
                List.of(AppAgentStatus.ERROR),
                result.subtasks().stream().map(ArchivedSubtask::status).toList());
        assertEquals(
                List.of(
                        "1 HostAgent.CONTINUE -> ASSIGN",
                        "2 HostAgent.ASSIGN -> AppAgent.CONTINUE",
                        "3 AppAgent.CONTINUE -> ERROR",
                        "4 subtask 1 ended in AppAgent.ERROR",
                        "4 AppAgent.ERROR -> HostAgent.FINISH"),
                heard.lines);
    }

    @Test
    void aStateThatArchivesNothingGetsItsSubtaskArchivedByTheRuntime() {
        LinuxAgent agent = new LinuxAgent().script((ScriptedAgent.Step) (a, c) -> {
            c.put(Context.ROUND_RESULT, "3 files");
            a.setStatus(LinuxAgentStatus.FINISH);
        });

        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .context(context)
                .listener(heard)
                .build()
                .run();

        assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
        ArchivedSubtask expected = new ArchivedSubtask("write a letter", LinuxAgentStatus.FINISH, "3 files");
        assertEquals(List.of(expected), result.subtasks(), "no SUBTASK in the context: the request is the subtask");
        assertEquals(List.of(expected), context.previousSubtasks(), "and it is archived like any other");
        assertEquals(
                List.of("1 LinuxAgent.CONTINUE -> FINISH", "2 subtask 1 ended in LinuxAgent.FINISH"),
                heard.lines,
                "a state that ends the round too announces its subtask first");
    }

    @Test
    void failsCleanUpIntoFinishEndsOneSubtaskNotTwo() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FAIL);
        context.put(Context.SUBTASK, "count the files");

        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .context(context)
                .listener(heard)
                .build()
                .run();

        assertEquals(List.of("LinuxAgent.CONTINUE", "LinuxAgent.FAIL", "LinuxAgent.FINISH"), result.qualifiedPath());
        assertEquals(List.of(new ArchivedSubtask("count the files", LinuxAgentStatus.FAIL, "")), result.subtasks());
        assertEquals(
                List.of(
                        "1 LinuxAgent.CONTINUE -> FAIL",
                        "2 subtask 1 ended in LinuxAgent.FAIL",
                        "2 LinuxAgent.FAIL -> FINISH"),
                heard.lines);
    }

    @Test
    void eachRoundCountsItsOwnSubtasks() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH);
        RoundResult first = Round.of(LinuxAgentStateManager.instance(), agent)
                .context(context)
                .build()
                .run();
        // a second round in the same context: its subtask is counted on its own, the first is kept
        RoundResult second = Round.of(LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FAIL))
                .context(context)
                .build()
                .run();

        assertEquals(1, first.subtasks().size());
        assertEquals(1, second.subtasks().size());
        assertEquals(
                List.of(LinuxAgentStatus.FINISH, LinuxAgentStatus.FAIL),
                context.previousSubtasks().stream().map(ArchivedSubtask::status).toList());
    }

    @Test
    void aListenerThatFailsOnASubtaskEndEndsTheRoundAsError() {
        IllegalStateException boom = new IllegalStateException("disk full");
        TransitionListener failing = new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {}

            @Override
            public void onSubtaskEnd(SubtaskEvent event) {
                throw boom;
            }
        };
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script(AppAgentStatus.FINISH);

        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(failing)
                .build()
                .run();

        assertEquals(Outcome.ERROR, result.outcome());
        assertSame(boom, result.error().orElseThrow());
        assertTrue(result.reason().contains("failed on the end of subtask 1 in AppAgent.FINISH"), result.reason());
        assertEquals(AppAgentStatus.FINISH, result.finalStatus());
        assertEquals(1, result.subtasks().size(), "the subtask did end; only telling about it failed");
    }

    @Test
    void aListenerThatIgnoresSubtasksNeedsNoCode() {
        TransitionListener transitionsOnly = event -> {};
        HostAgent host = new HostAgent().script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH);
        new AppAgent(host).script(AppAgentStatus.FINISH);

        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .context(context)
                .listener(transitionsOnly)
                .build()
                .run();

        assertEquals(Outcome.COMPLETED, result.outcome());
        assertInstanceOf(TransitionListener.class, transitionsOnly, "a lambda is still a listener");
        assertEquals(1, result.subtasks().size());
    }

    /**
     * A resumed session replays the steps its journal holds without telling the listeners again (they heard them
     * when they were recorded): no replayed move, and no replayed subtask end either; the results still count them.
     */
    @Test
    void aResumedSessionDoesNotTellItsReplayedSubtaskEndsAgain(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("linux.journal");
        RuntimeConfig twoRounds = RuntimeConfig.parse("maxRound: 2");
        try (Journal journal = Journal.create(file)) {
            Session.of(
                            LinuxAgentStateManager.instance(),
                            new LinuxAgent().script(LinuxAgentStatus.FINISH, LinuxAgentStatus.FINISH))
                    .config(twoRounds)
                    .recorder(journal)
                    .build()
                    .run(List.of("list the files", "show the date"));
        }
        List<String> records = Files.readAllLines(file);
        assertTrue(records.get(records.size() - 1).contains("\"type\":\"roundEnd\",\"round\":2"), records.toString());
        Files.write(file, records.subList(0, records.size() - 1)); // died before round 2's end was written

        Heard resumedHeard = new Heard();
        List<RoundResult> results;
        try (Journal journal = Journal.open(file)) {
            results = Session.of(
                            LinuxAgentStateManager.instance(),
                            new LinuxAgent().script(LinuxAgentStatus.FINISH, LinuxAgentStatus.FINISH))
                    .config(twoRounds)
                    .listener(resumedHeard)
                    .build()
                    .resume(journal);
        }

        assertEquals(List.of(), resumedHeard.lines, "every step of both rounds was replayed: nothing to tell again");
        assertEquals(1, results.get(1).subtasks().size(), "the replayed subtask end still counts in the result");
        assertEquals(LinuxAgentStatus.FINISH, results.get(1).subtasks().get(0).status());
    }
}
