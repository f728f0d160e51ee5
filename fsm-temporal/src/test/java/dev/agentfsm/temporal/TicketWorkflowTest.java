package dev.agentfsm.temporal;

import static dev.agentfsm.temporal.SessionViews.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A session that talks to its user, on the test server: the question and the confirmation are
 * durable waits answered by updates; the query shows what the session waits for; an unanswered
 * question and a state's declared time-out are timers that fire with time skipping; cancelling ends
 * the round as CANCELLED.
 */
@ExtendWith(TestServer.class)
class TicketWorkflowTest {
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    private TestWorkflowEnvironment env;
    private WorkflowClient client;
    private String queue;
    private final Map<String, Ticket.TicketAgent> agents = new ConcurrentHashMap<>();
    /** What the agents' ASK asks, and how long it waits for its answer. */
    private String question = Ticket.QUESTION;

    private Duration questionWait = Ticket.QUESTION_WAIT;

    private final Set<TestServer.Worker> workers = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void setUp(TestWorkflowEnvironment server) {
        env = server;
        client = env.getWorkflowClient();
        queue = TestServer.queue();
    }

    @AfterEach
    void stopWorkers() {
        TestServer.terminateRunning(client, agents.keySet());
        for (TestServer.Worker worker : workers) {
            worker.close();
        }
    }

    private SessionClient start(StateTimeouts timeouts) {
        workers.add(TestServer.worker(
                client,
                queue,
                (session, machine, user) -> {
                    Ticket.TicketAgent agent = new Ticket.TicketAgent(user);
                    agent.question = question;
                    agent.questionWait = questionWait;
                    agents.put(session, agent);
                    return agent;
                },
                builder -> builder.stateTimeouts(timeouts)));
        return SessionClient.of(client, queue);
    }

    private static boolean waitingFor(SessionView view, Asked.Kind kind) {
        return view.waiting().map(Asked::kind).filter(kind::equals).isPresent();
    }

    @Test
    void theQuestionAndTheConfirmationAreAnsweredByUpdates() throws Exception {
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-answered", SessionRequest.of("Ticket", "ship"));

        SessionView asking = until(session, view -> waitingFor(view, Asked.Kind.QUESTION));
        assertEquals("Ticket.ASK", asking.status());
        assertEquals(List.of("Ticket.ASK"), asking.path());
        assertEquals(
                new Asked(Asked.Kind.QUESTION, Ticket.QUESTION, Ticket.QUESTION_WAIT),
                asking.waiting().orElseThrow());
        IllegalStateException early =
                assertThrows(IllegalStateException.class, () -> session.confirm(Decision.APPROVED));
        assertEquals(
                "session ticket-answered waits for an answer to \"Which size?\", not for a decision; use answer(text)",
                early.getMessage());
        assertEquals(Ticket.QUESTION, session.answer("XL"));

        SessionView confirming = until(session, view -> waitingFor(view, Asked.Kind.CONFIRMATION));
        assertEquals("Ticket.CONFIRM", confirming.status());
        assertEquals("ship size XL", confirming.waiting().orElseThrow().prompt());
        assertThrows(IllegalStateException.class, () -> session.confirm(Decision.TIMED_OUT));
        assertEquals("ship size XL", session.confirm(Decision.APPROVED));

        RoundReport round = session.result().rounds().get(0);
        assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
        assertEquals(List.of("Ticket.ASK", "Ticket.CONFIRM", "Ticket.DONE"), round.path());
        assertEquals(Optional.of("shipped size XL"), round.result());
        assertEquals(
                2, agents.get("ticket-answered").asks.get(), "ASK ran until its question, then again with the answer");
        TestServer.replay(client, client.fetchHistory("ticket-answered")); // updates and waits replay alike
        IllegalStateException late = assertThrows(IllegalStateException.class, () -> session.answer("S"));
        assertEquals(
                "session ticket-answered is not running (it is over, or no session has that id); it waits for"
                        + " nothing",
                late.getMessage());
    }

    @Test
    void aSecondAnswerToAQuestionAnsweredAlreadyIsRefusedAndChangesNothing() throws Exception {
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-twice-answered", SessionRequest.of("Ticket", "ship"));
        until(session, view -> waitingFor(view, Asked.Kind.QUESTION));
        assertEquals(Ticket.QUESTION, session.answer("XL"));

        // whether the workflow has taken the first answer yet, runs ASK again, or waits at CONFIRM, a second
        // answer is refused: the question it would answer has its answer
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> session.answer("S"));
        assertTrue(again.getMessage().startsWith("session ticket-twice-answered "), again.getMessage());

        until(session, view -> waitingFor(view, Asked.Kind.CONFIRMATION));
        assertEquals("ship size XL", session.confirm(Decision.APPROVED));
        RoundReport round = session.result().rounds().get(0);
        assertEquals(Optional.of("shipped size XL"), round.result());
        assertEquals(2, agents.get("ticket-twice-answered").asks.get(), "ASK ran until its question, then with XL");
    }

    @Test
    void aRefusalShowsTheQuestionEscapedAsAModelsTextMustBe() throws Exception {
        question = "Which size?\n\u001b[2J\u202eall of them"; // a model's question, with a terminal's controls
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-escaped", SessionRequest.of("Ticket", "ship"));
        SessionView asking = until(session, view -> waitingFor(view, Asked.Kind.QUESTION));
        assertEquals(question, asking.waiting().orElseThrow().prompt(), "the view gives the prompt as it is");

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> session.confirm(Decision.APPROVED));

        assertEquals(
                "session ticket-escaped waits for an answer to \"Which size?\\n\\u001b[2J\\u202eall of them\", not for a"
                        + " decision; use answer(text)",
                e.getMessage());
        session.cancel();
        assertEquals(Outcome.CANCELLED, session.result().rounds().get(0).outcome());
    }

    @Test
    void aQuestionThatWaitsWithNoLimitWaitsForItsAnswer() throws Exception {
        questionWait = ChronoUnit.FOREVER.getDuration(); // "no limit", as the console channel reads it
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-no-limit", SessionRequest.of("Ticket", "ship"));

        SessionView asking = until(session, view -> waitingFor(view, Asked.Kind.QUESTION));
        assertEquals(
                ChronoUnit.FOREVER.getDuration(), asking.waiting().orElseThrow().timeout());
        assertEquals(Ticket.QUESTION, session.answer("XL"));
        until(session, view -> waitingFor(view, Asked.Kind.CONFIRMATION));
        session.confirm(Decision.APPROVED);

        RoundReport round = session.result().rounds().get(0);
        assertEquals(List.of("Ticket.ASK", "Ticket.CONFIRM", "Ticket.DONE"), round.path());
        assertEquals(Optional.of("shipped size XL"), round.result());
        TestServer.replay(client, client.fetchHistory("ticket-no-limit"));
    }

    @Test
    void aQuestionThatWaitsANegativeTimeTimesOutAtOnce() {
        questionWait = Duration.ofSeconds(-1);
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-negative-wait", SessionRequest.of("Ticket", "ship"));

        RoundReport round = TestServer.skippedResult(client, session).rounds().get(0);

        assertEquals(List.of("Ticket.ASK", "Ticket.EXPIRED"), round.path());
        assertEquals(2, agents.get("ticket-negative-wait").asks.get(), "ASK ran again with the time-out");
    }

    @Test
    void aStatesTimeoutOfAHundredYearsOrMoreIsRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new StateTimeout(ChronoUnit.FOREVER.getDuration(), TicketStatus.EXPIRED));
        assertEquals(
                "a state's time-out must be shorter than 100 years (36500 days); got PT2562047788015215H30M7.999999999S"
                        + " (to Ticket.EXPIRED); declare no time-out for a state that may wait as long as it takes",
                e.getMessage());
    }

    /** How long the session's workflow ran, by the server's clock (its history's first and last events). */
    private Duration serverTime(String session) {
        List<HistoryEvent> events = client.fetchHistory(session).getEvents();
        return Duration.between(instant(events.get(0)), instant(events.get(events.size() - 1)));
    }

    private static Instant instant(HistoryEvent event) {
        return Instant.ofEpochSecond(
                event.getEventTime().getSeconds(), event.getEventTime().getNanos());
    }

    @Test
    void anUnansweredQuestionTimesOutWithTimeSkippingAndTheStateTakesItsTimeoutMove() {
        long wall = System.nanoTime();
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-unanswered", SessionRequest.of("Ticket", "ship"));

        RoundReport round = TestServer.skippedResult(client, session).rounds().get(0);

        assertEquals(List.of("Ticket.ASK", "Ticket.EXPIRED"), round.path());
        assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
        Duration waited = serverTime("ticket-unanswered");
        assertTrue(waited.compareTo(Ticket.QUESTION_WAIT) >= 0, "the question's hour passed on the server: " + waited);
        // well under the question's hour, however loaded the machine: a server that did not skip time fails here
        assertTrue(System.nanoTime() - wall < Duration.ofMinutes(10).toNanos(), "but not on the wall clock");
        assertEquals(
                2, agents.get("ticket-unanswered").asks.get(), "ASK ran again with the time-out, and moved itself");
    }

    @Test
    void aStatesDeclaredTimeoutIsADurableTimerThatTakesTheTimeoutMove() throws Exception {
        StateTimeouts fiveMinutes =
                StateTimeouts.of(Map.of(TicketStatus.ASK, new StateTimeout(FIVE_MINUTES, TicketStatus.EXPIRED)));
        SessionHandle session = start(fiveMinutes).start("ticket-timeout", SessionRequest.of("Ticket", "ship"));

        RoundReport round = TestServer.skippedResult(client, session).rounds().get(0);

        assertEquals(List.of("Ticket.ASK", "Ticket.EXPIRED"), round.path());
        Duration waited = serverTime("ticket-timeout");
        assertTrue(
                waited.compareTo(FIVE_MINUTES) >= 0 && waited.compareTo(Ticket.QUESTION_WAIT) < 0,
                "the state's five minutes, not the question's hour: " + waited);
        assertEquals(1, agents.get("ticket-timeout").asks.get(), "the workflow moved; ASK's work did not run again");
        TestServer.replay(client, client.fetchHistory("ticket-timeout")); // the timer's race replays alike
    }

    @Test
    void aTimeoutToAMoveThatIsNotATimeoutMoveIsRefusedWhenTheWorkerRegisters() {
        StateTimeouts wrong =
                StateTimeouts.of(Map.of(TicketStatus.ASK, new StateTimeout(FIVE_MINUTES, TicketStatus.CONFIRM)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> start(wrong));
        assertEquals(
                "Ticket.ASK has a time-out of PT5M to Ticket.CONFIRM, but declares that move with trigger USER;"
                        + " declare @Transition(to = ..., by = Trigger.TIMEOUT) to it on the state, or give the time-out one of"
                        + " the state's TIMEOUT targets",
                e.getMessage());
    }

    @Test
    void cancellingASessionThatWaitsEndsItsRoundAsCancelled() throws Exception {
        SessionHandle session =
                start(StateTimeouts.none()).start("ticket-cancelled", SessionRequest.of("Ticket", "ship"));
        until(session, view -> waitingFor(view, Asked.Kind.QUESTION));

        session.cancel();
        RoundReport round = session.result().rounds().get(0);

        assertEquals(Outcome.CANCELLED, round.outcome(), round.reason());
        assertEquals(
                "the round was cancelled: its session's workflow was cancelled while Ticket.ASK waited for the"
                        + " user, after 1 step, in Ticket.ASK",
                round.reason());
        SessionView view = session.view();
        assertTrue(view.finished());
        assertEquals(Optional.empty(), view.waiting());
        BooleanSupplier forgotten = () -> workers.iterator().next().sessions().sessions() == 0;
        assertTrue(forgotten.getAsBoolean(), "the worker forgot the session");
    }

    @Test
    void aSecondSessionWithARunningSessionsIdIsRefused() throws Exception {
        SessionClient sessions = start(StateTimeouts.none());
        SessionHandle first = sessions.start("ticket-twice", SessionRequest.of("Ticket", "ship"));
        until(first, view -> waitingFor(view, Asked.Kind.QUESTION));

        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> sessions.start("ticket-twice", SessionRequest.of("Ticket", "ship again")));
        assertEquals(
                "session ticket-twice is already running; reach it with attach(\"ticket-twice\"), or start the new"
                        + " session with another id",
                e.getMessage());
        assertEquals("Ticket.ASK", sessions.attach("ticket-twice").view().status());
        first.cancel();
        assertEquals(Outcome.CANCELLED, first.result().rounds().get(0).outcome());
    }

    @Test
    void aSessionOfAnUnknownMachineOrWithTooManyRequestsFailsSayingWhy() {
        SessionClient sessions = start(StateTimeouts.none());

        IllegalStateException unknown = assertThrows(
                IllegalStateException.class, () -> sessions.start("ticket-unknown", SessionRequest.of("Tikcet", "ship"))
                        .result());
        assertTrue(
                unknown.getMessage()
                        .startsWith("session ticket-unknown failed: session ticket-unknown: no machine"
                                + " named \"Tikcet\" is on this worker's class path; known machines: ["),
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("Ticket"), unknown.getMessage());
        SessionView failed = sessions.attach("ticket-unknown").view();
        assertTrue(failed.finished(), "a session that failed is over, as its view says: " + failed);

        IllegalStateException tooMany = assertThrows(IllegalStateException.class, () -> sessions.start(
                        "ticket-many", SessionRequest.of("Ticket", "ship", "ship again"))
                .result());
        assertEquals(
                "session ticket-many failed: session ticket-many was given 2 requests, but Ticket may run 1"
                        + " round(s) per session (maxRound); raise maxRound or split the requests over sessions",
                tooMany.getMessage());
        SessionView refused = sessions.attach("ticket-many").view();
        assertTrue(refused.finished(), "a session that failed is over, as its view says: " + refused);
        assertEquals(List.of(), refused.rounds());
    }
}
