package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.CancellationToken;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Sessions: rounds over requests, a shared step budget, and a fresh start for every round. */
class SessionTest {

    private static RuntimeConfig config(int maxStep, int maxRound) {
        return RuntimeConfig.parse("maxStep: " + maxStep + "\nmaxRound: " + maxRound);
    }

    @Test
    void theRoundStepStartsAgainEachRoundWhileTheSessionStepGoesOn() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH, LinuxAgentStatus.FINISH);
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(50, 2))
                .build();
        List<RoundResult> results = session.run(List.of("list the files", "show the date"));
        assertEquals(
                List.of(Outcome.COMPLETED, Outcome.COMPLETED),
                results.stream().map(RoundResult::outcome).toList());
        assertEquals(
                List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH),
                results.get(1).path(),
                "round 2 starts in CONTINUE, not in the FINISH round 1 ended in");
        assertEquals(2, agent.resets());
        assertEquals(
                List.of("CONTINUE@1/1", "FINISH@2/2", "CONTINUE@1/3", "FINISH@2/4"),
                agent.log(),
                "the round step starts again at 1, the session step goes on");
        assertEquals(results, session.results());
        assertEquals(4, session.steps());
    }

    @Test
    void theRequestIsInTheContextDuringItsRoundAndOnTheBlackboardAfterwards() {
        List<String> seen = new ArrayList<>();
        ScriptedAgent.Step remember = (a, c) -> {
            seen.add(c.require(Context.REQUEST) + " / history " + a.blackboard().requests());
            a.setStatus(LinuxAgentStatus.FINISH);
        };
        LinuxAgent agent = new LinuxAgent().script(remember, remember);
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(50, 2))
                .build();
        session.run(List.of("first", "second"));
        assertEquals(List.of("first / history []", "second / history [first]"), seen);
        assertEquals(List.of("first", "second"), agent.blackboard().requests());
        assertEquals("second", session.context().require(Context.REQUEST));
    }

    @Test
    void aRoundResultDoesNotLeakIntoTheNextRound() {
        LinuxAgent agent = new LinuxAgent()
                .script(
                        (ScriptedAgent.Step) (a, c) -> {
                            c.put(Context.ROUND_RESULT, "42");
                            a.setStatus(LinuxAgentStatus.FINISH);
                        },
                        LinuxAgentStatus.FINISH);
        List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(50, 2))
                .build()
                .run(List.of("a", "b"));
        assertEquals(Optional.of("42"), results.get(0).result());
        assertEquals(Optional.empty(), results.get(1).result());
    }

    /** UFO counts MAX_STEP per session too, but says nothing when it runs out (ufo-code-facts §2.3). */
    @Test
    void theStepBudgetIsSharedByTheSessionsRounds() {
        LinuxAgent agent = new LinuxAgent()
                .script(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH); // round 1: 3 steps; round 2 loops
        Session session = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(5, 3))
                .build();
        List<RoundResult> results = session.run(List.of("one", "two", "three"));
        assertEquals(Outcome.COMPLETED, results.get(0).outcome());
        assertEquals(3, results.get(0).steps());
        assertEquals(Outcome.STEP_LIMIT, results.get(1).outcome());
        assertEquals(2, results.get(1).steps(), "only what round 1 left");
        assertEquals(Outcome.STEP_LIMIT, results.get(2).outcome());
        assertEquals(0, results.get(2).steps());
        assertTrue(
                results.get(2).reason().contains("before entering LinuxAgent.CONTINUE"),
                results.get(2).reason());
    }

    @Test
    void moreRequestsThanMaxRoundIsAnErrorNamingBothCounts() {
        Session session = Session.of(LinuxAgentStateManager.instance(), new LinuxAgent())
                .config(config(50, 2))
                .build();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> session.run(List.of("a", "b", "c")));
        assertEquals(
                "3 requests given, but this session may run 2 more round(s) (maxRound 2, 0 run); raise "
                        + "maxRound or split the requests over sessions",
                e.getMessage());
        assertEquals(List.of(), session.results(), "nothing ran");
    }

    @Test
    void noRoundBeyondMaxRound() {
        LinuxAgent agent = new LinuxAgent().script(LinuxAgentStatus.FINISH);
        Session session =
                Session.of(LinuxAgentStateManager.instance(), agent).id("s-1").build();
        session.runRound("only one by default");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> session.runRound("again"));
        assertEquals(
                "session s-1 has run its 1 round(s) (maxRound); raise maxRound to run more requests in one "
                        + "session",
                e.getMessage());
    }

    @Test
    void aSessionRunsOnTheAgentsConfigUnlessGivenOther() {
        LinuxAgent agent = new LinuxAgent(config(3, 2)); // no script: CONTINUE keeps reporting CONTINUE
        Session own = Session.of(LinuxAgentStateManager.instance(), agent).build();
        List<RoundResult> results = own.run(List.of("a", "b"));
        assertEquals(List.of(3, 0), results.stream().map(RoundResult::steps).toList(), "maxStep 3, maxRound 2");

        Session given = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(4, 1))
                .build();
        assertThrows(IllegalArgumentException.class, () -> given.run(List.of("a", "b")), "maxRound 1");
        assertEquals(4, given.runRound("a").steps());
    }

    @Test
    void aCancelledSessionCancelsEveryLaterRound() {
        CancellationToken token = new CancellationToken();
        LinuxAgent agent = new LinuxAgent().script((ScriptedAgent.Step) (a, c) -> token.cancel());
        List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent)
                .config(config(50, 2))
                .cancellation(token)
                .build()
                .run(List.of("a", "b"));
        assertEquals(
                List.of(Outcome.CANCELLED, Outcome.CANCELLED),
                results.stream().map(RoundResult::outcome).toList());
        assertEquals(List.of(1, 0), results.stream().map(RoundResult::steps).toList());
    }

    @Test
    void idsAreRandomUnlessGivenAndNameTheSessionInTraces() {
        RecordingListener listener = new RecordingListener();
        Session given = Session.of(LinuxAgentStateManager.instance(), new LinuxAgent().script(LinuxAgentStatus.FINISH))
                .id("nightly")
                .listener(listener)
                .build();
        given.runRound("go");
        assertEquals("nightly", given.id());
        assertEquals("nightly", listener.events.get(0).session());
        assertEquals(1, listener.events.get(0).round());
        Session first =
                Session.of(LinuxAgentStateManager.instance(), new LinuxAgent()).build();
        Session second =
                Session.of(LinuxAgentStateManager.instance(), new LinuxAgent()).build();
        assertEquals(first.id(), UUID.fromString(first.id()).toString());
        assertNotEquals(first.id(), second.id());
    }

    @Test
    void aLoneRoundNamesOneIdOfItsOwnInEverythingItsListenersHear() {
        List<RecordingListener> heard = List.of(new RecordingListener(), new RecordingListener());
        for (RecordingListener listener : heard) {
            Round.of(
                            LinuxAgentStateManager.instance(),
                            new LinuxAgent().script(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FINISH))
                    .listener(listener)
                    .build()
                    .run();
        }
        RecordingListener first = heard.get(0);
        String id = first.events.get(0).session();
        assertEquals(id, UUID.fromString(id).toString(), "a random UUID");
        assertEquals(
                List.of(id, id),
                first.events.stream().map(TransitionEvent::session).toList());
        assertEquals(List.of(id), first.endSessions, "the round's end names the id its transitions named");
        assertNotEquals(id, heard.get(1).events.get(0).session(), "another lone round has another id");
    }
}
