package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundDecider.StepBudget;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The workflow's decisions without Temporal: {@link WorkflowRound} driving a {@link LiveSession} directly
 * ends every round exactly as the embedded {@link Round} does (outcome, reason, path, result, error),
 * and refuses what the table does not declare.
 */
class WorkflowRoundTest {
    private static final Machines MACHINES = Machines.discover(WorkflowRoundTest.class.getClassLoader());

    /** The report of a round the workflow's way: WorkflowRound deciding, a LiveSession working. */
    private static RoundReport viaWorkflow(StateManager<?, ?> machine, Agent agent, String request) {
        LiveSession session = new LiveSession("s-1", agent, new SessionUserChannel("s-1"));
        WorkflowRound run = new WorkflowRound(
                MACHINES,
                "s-1",
                machine.table().initial(),
                agent.name(),
                1,
                request,
                Optional.empty(),
                new StepBudget(agent.config().maxStep()),
                () -> false);
        return run.run(input -> session.run(input, "run-1", MACHINES));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static RoundResult embedded(StateManager<?, ?> machine, Agent agent, String request) {
        return Round.of((StateManager) machine, agent)
                .context(new Context().put(Context.REQUEST, request))
                .build()
                .run();
    }

    private static void assertSameEnd(RoundResult expected, RoundReport actual) {
        assertEquals(expected.outcome(), actual.outcome(), actual.reason());
        assertEquals(expected.reason(), actual.reason());
        assertEquals(expected.qualifiedPath(), actual.path());
        assertEquals(expected.finalStatus().qualifiedName(), actual.finalStatus());
        assertEquals(expected.steps(), actual.steps());
        assertEquals(expected.result(), actual.result());
        assertEquals(expected.error().map(Throwable::toString), actual.error());
        assertEquals(
                expected.violation().map(v -> v.requested()), actual.violation().map(RoundReport.Violation::requested));
    }

    private static void assertSameEndFor(Function<RuntimeConfig, Counter.CounterAgent> agent, RuntimeConfig config) {
        RoundResult expected = embedded(CounterStateManager.instance(), agent.apply(config), "count");
        RoundReport actual = viaWorkflow(CounterStateManager.instance(), agent.apply(config), "count");
        assertSameEnd(expected, actual);
    }

    @Test
    void aCompletedRoundEndsAsEmbedded() {
        assertSameEndFor(config -> new Counter.CounterAgent(3, config), RuntimeConfig.defaults());
    }

    @Test
    void aFailureGoesToOnErrorOnceAndTheRoundIsAnError() {
        RoundReport report =
                viaWorkflow(CounterStateManager.instance(), new Counter.CounterAgent(3).failingAt(2), "count");
        assertEquals(List.of("Counter.COUNT", "Counter.COUNT", "Counter.BROKEN", "Counter.FINISH"), report.path());
        assertEquals(
                Optional.of("broken: count 2 failed"), report.result(), "BROKEN read the failure from the context");
        assertSameEndFor(config -> new Counter.CounterAgent(3, config).failingAt(2), RuntimeConfig.defaults());
    }

    @Test
    void theStepBudgetEndsTheRoundAsEmbedded() {
        assertSameEndFor(config -> new Counter.CounterAgent(5, config), RuntimeConfig.parse("maxStep: 3"));
    }

    @Test
    void anUnknownStatusWithoutFallbackEndsTheRoundAsEmbedded() {
        assertSameEndFor(config -> new Counter.CounterAgent(2, config).asking("NOPE"), RuntimeConfig.defaults());
    }

    @Test
    void aReplyTheGuardRejectsEndsTheRoundAsEmbedded() {
        String unknown =
                "{\"observation\": \"o\", \"thought\": \"t\", \"action\": {\"function\": \"\", \"arguments\": {},"
                        + " \"status\": \"DANCE\"}, \"plan\": [], \"result\": \"\"}";
        RuntimeConfig noReasks = RuntimeConfig.parse("jsonParsingRetry: 0");
        Function<RuntimeConfig, LinuxAgent> agent =
                config -> LinuxAgent.builder(new NoDevice(), ReplayLlmClient.of(List.of(unknown)))
                        .config(config)
                        .build();
        RoundResult expected = embedded(LinuxAgentStateManager.instance(), agent.apply(noReasks), "dance");
        RoundReport actual = viaWorkflow(LinuxAgentStateManager.instance(), agent.apply(noReasks), "dance");
        assertEquals(Outcome.UNKNOWN_STATUS, actual.outcome(), actual.reason());
        assertSameEnd(expected, actual);
    }

    @Test
    void aMoveTheAgentChoosesThatItsStateDoesNotDeclareEndsTheRoundAsEmbedded() {
        RoundResult expected =
                embedded(RecountStateManager.instance(), new Recount.RecountAgent(2).asking("CHECK"), "count");
        RoundReport actual =
                viaWorkflow(RecountStateManager.instance(), new Recount.RecountAgent(2).asking("CHECK"), "count");
        assertEquals(Outcome.ILLEGAL_TRANSITION, expected.outcome(), expected.reason());
        assertSameEnd(expected, actual);
        assertEquals(
                expected.violation()
                        .map(v ->
                                v.allowed().stream().map(Status::qualifiedName).toList()),
                actual.violation().map(RoundReport.Violation::allowed));
    }

    @Test
    void aMoveTheTableDoesNotDeclareIsIllegalEvenWhenTheWorkerCallsItLegal() {
        RoundReport report = scripted(TicketStatus.ASK, new StepEnd.Decided("Ticket.DONE", true, Optional.empty()));
        assertEquals(Outcome.ILLEGAL_TRANSITION, report.outcome());
        assertEquals(
                "Ticket.ASK asked to move to \"DONE\", which it does not declare; it may move to [CONFIRM, EXPIRED]",
                report.reason());
        assertEquals(
                new RoundReport.Violation("Ticket.ASK", "DONE", List.of("Ticket.CONFIRM", "Ticket.EXPIRED")),
                report.violation().orElseThrow());
    }

    @Test
    void aTimeOutMovesOnlyAlongADeclaredTimeoutMove() {
        RoundReport expired = scripted(
                TicketStatus.ASK, new StepEnd.TimedOut("Ticket.EXPIRED", Duration.ofMinutes(5)), new StepEnd.Worked());
        assertEquals(List.of("Ticket.ASK", "Ticket.EXPIRED"), expired.path());
        assertEquals(Outcome.COMPLETED, expired.outcome(), expired.reason());

        RoundReport undeclared =
                scripted(TicketStatus.ASK, new StepEnd.TimedOut("Ticket.CONFIRM", Duration.ofMinutes(5)));
        assertEquals(
                Outcome.ILLEGAL_TRANSITION, undeclared.outcome(), "ASK -> CONFIRM is a USER move, not a TIMEOUT one");
    }

    @Test
    void aWorkerThatDisagreesWithTheTableEndsTheRoundAsAnErrorNamingBoth() {
        RoundReport report = scripted(TicketStatus.ASK, new StepEnd.Worked());
        assertEquals(Outcome.ERROR, report.outcome());
        assertTrue(
                report.reason().contains("the worker and the workflow have different versions of Ticket"),
                report.reason());
    }

    @Test
    void aCancelledStepEndsTheRoundAsCancelled() {
        RoundReport report = scripted(
                TicketStatus.ASK,
                new StepEnd.Cancelled(
                        "its session's workflow was cancelled while" + " Ticket.ASK waited for the user"));
        assertEquals(Outcome.CANCELLED, report.outcome());
        assertEquals(
                "the round was cancelled: its session's workflow was cancelled while Ticket.ASK waited for the"
                        + " user, after 1 step, in Ticket.ASK",
                report.reason());
    }

    /** A round of Ticket whose steps end as given, in order. */
    private static RoundReport scripted(TicketStatus initial, StepEnd... ends) {
        Deque<StepEnd> script = new ArrayDeque<>(List.of(ends));
        WorkflowRound run = new WorkflowRound(
                MACHINES, "s-2", initial, "Ticket", 1, "ship it", Optional.empty(), new StepBudget(10), () -> false);
        return run.run(input -> new StepResult(script.removeFirst(), Optional.empty()));
    }

    /** A device nothing runs on: the rejected reply never gets to act. */
    private static final class NoDevice implements DeviceDriver {
        @Override
        public String name() {
            return "none";
        }

        @Override
        public Observation observe(Duration timeout) {
            throw new UnsupportedOperationException("nothing to observe");
        }

        @Override
        public List<ToolSpec> tools() {
            return List.of();
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) {
            throw new AssertionError("no action expected, got " + action);
        }
    }
}
