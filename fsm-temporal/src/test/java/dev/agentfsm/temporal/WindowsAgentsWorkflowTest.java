package dev.agentfsm.temporal;

import static dev.agentfsm.temporal.SessionViews.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.windows.HostAgent;
import dev.agentfsm.agents.windows.HostAgentStateManager;
import dev.agentfsm.agents.windows.desktop.simulated.Chart;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDesktop;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedDocument;
import dev.agentfsm.agents.windows.desktop.simulated.SimulatedSheet;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * UFO's HostAgent and AppAgent on agents-windows' simulated desktop as a workflow: the hand-offs of
 * the Word-then-Excel scenario are checked in workflow code and end as the embedded round does; the
 * host's question and the AppAgent's confirmation are answered by updates; an unanswered question
 * fails the host's task through its TIMEOUT move when the durable timer fires.
 */
@ExtendWith(TestServer.class)
class WindowsAgentsWorkflowTest {
    private static final RuntimeConfig ASKING = RuntimeConfig.builder()
            .askQuestion(true)
            .jsonParsingRetry(0)
            .llmTimeout(Duration.ofSeconds(60))
            .userTimeout(Duration.ofMinutes(5))
            .actionTimeout(Duration.ofSeconds(30))
            .build();

    private WorkflowClient client;
    private String queue;
    private final Map<String, Desk> desks = new ConcurrentHashMap<>();
    private final List<TestServer.Worker> workers = new ArrayList<>();

    @BeforeEach
    void setUp(TestWorkflowEnvironment env) {
        client = env.getWorkflowClient();
        queue = TestServer.queue();
    }

    @AfterEach
    void stop() {
        TestServer.terminateRunning(client, desks.keySet());
        workers.forEach(TestServer.Worker::close);
    }

    /** A simulated desktop with the scenario's Word and Excel and a replayed model. */
    private static final class Desk {
        final SimulatedDocument word = SimulatedDocument.salesReport();
        final SimulatedSheet excel = SimulatedSheet.emptyBook();
        final SimulatedDesktop desktop = SimulatedDesktop.of(word, excel);
        final ReplayLlmClient llm;

        Desk(ReplayLlmClient llm) {
            this.llm = llm;
        }

        HostAgent host(UserChannel user, RuntimeConfig config) {
            return HostAgent.builder(desktop, llm).user(user).config(config).build();
        }
    }

    private SessionClient sessions(String replay, RuntimeConfig config) {
        workers.add(TestServer.worker(client, queue, (session, machine, user) -> {
            Desk desk = new Desk(load(replay));
            desks.put(session, desk);
            return desk.host(user, config);
        }));
        return SessionClient.of(client, queue);
    }

    private static ReplayLlmClient load(String replay) {
        Class<?> base = replay.startsWith("replays/") ? HostAgent.class : WindowsAgentsWorkflowTest.class;
        try (InputStream in = base.getResourceAsStream(replay)) {
            if (in == null) {
                throw new IllegalStateException("no replay " + replay + " next to " + base.getName());
            }
            return ReplayLlmClient.load(in, replay);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theSalesChartScenarioHandsOffAsItDoesEmbedded() {
        String request = "Extract the sales table from Word and create a bar chart in Excel";
        Desk reference = new Desk(load("replays/sales-chart.yaml"));
        RoundResult expected = Round.of(
                        HostAgentStateManager.instance(),
                        reference.host(UserChannel.alwaysApprove(), RuntimeConfig.defaults()))
                .context(new Context().put(Context.REQUEST, request))
                .build()
                .run();

        SessionReport report = sessions("replays/sales-chart.yaml", RuntimeConfig.defaults())
                .start("sales-chart", SessionRequest.of("HostAgent", request))
                .result();

        RoundReport round = report.rounds().get(0);
        assertEquals(expected.outcome(), round.outcome(), round.reason());
        assertEquals(expected.qualifiedPath(), round.path());
        assertEquals(expected.result(), round.result());
        assertTrue(
                round.path().contains("AppAgent.CONTINUE") && round.path().contains("HostAgent.ASSIGN"),
                "the round handed off: " + round.path());
        Desk desk = desks.get("sales-chart");
        assertEquals(
                List.of(new Chart(
                        "bar",
                        "A1:C5",
                        List.of("North", "South", "East", "West"),
                        reference.excel.charts().get(0).series())),
                desk.excel.charts(),
                "the worker's Excel has the chart the embedded run drew");
        assertEquals(0, desk.llm.remaining());
    }

    @Test
    void theHostsQuestionIsAnsweredByAnUpdateAndTheModelReadsTheAnswer() throws Exception {
        SessionHandle session = sessions("host-asks.yaml", ASKING)
                .start("host-asks", SessionRequest.of("HostAgent", "Chart the sales"));

        SessionView asking = until(session, view -> view.waiting().isPresent());
        assertEquals("HostAgent.PENDING", asking.status());
        assertEquals("Which chart type should Excel draw?", session.answer("a bar chart"));
        RoundReport round = session.result().rounds().get(0);

        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.CONTINUE", "HostAgent.FINISH"),
                round.path());
        assertEquals(Optional.of("The chart type is known"), round.result());
        String secondPrompt =
                desks.get("host-asks").llm.requests().get(1).messages().get(1).text();
        assertTrue(secondPrompt.contains("a bar chart"), "the model read the answer: " + secondPrompt);
    }

    @Test
    void anUnansweredQuestionFailsTheHostsTaskWhenItsTimerFires() {
        SessionReport report = TestServer.skippedResult(
                client,
                sessions("host-asks.yaml", ASKING)
                        .start("host-unanswered", SessionRequest.of("HostAgent", "Chart the sales")));

        RoundReport round = report.rounds().get(0);
        assertEquals(
                List.of("HostAgent.CONTINUE", "HostAgent.PENDING", "HostAgent.FAIL", "HostAgent.FINISH"),
                round.path(),
                "PENDING took its TIMEOUT move to FAIL");
        assertEquals(
                Optional.of("FAIL: the user did not answer in time: Which chart type should Excel draw?"),
                round.result());
    }

    @Test
    void theAppAgentsConfirmationIsAnsweredByAnUpdateBeforeTheActionRuns() throws Exception {
        SessionHandle session = sessions("app-confirms.yaml", ASKING)
                .start("app-confirms", SessionRequest.of("HostAgent", "Remove the sales table from the report"));

        SessionView confirming = until(session, view -> view.waiting().isPresent());
        assertEquals("AppAgent.CONFIRM", confirming.status());
        assertEquals("AppAgent/WINWORD.EXE", confirming.agent());
        assertEquals(Asked.Kind.CONFIRMATION, confirming.waiting().orElseThrow().kind());
        assertFalse(desks.get("app-confirms").word.table().isEmpty(), "the action waits for the user");
        session.confirm(Decision.APPROVED);
        RoundReport round = session.result().rounds().get(0);

        assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
        assertEquals(
                List.of(
                        "HostAgent.CONTINUE",
                        "HostAgent.ASSIGN",
                        "AppAgent.CONTINUE",
                        "AppAgent.CONFIRM",
                        "AppAgent.CONTINUE",
                        "AppAgent.FINISH",
                        "HostAgent.CONTINUE",
                        "HostAgent.FINISH"),
                round.path());
        assertTrue(desks.get("app-confirms").word.table().isEmpty(), "approved, the action ran");
        assertEquals(
                1,
                desks.get("app-confirms").desktop.log().stream()
                        .filter(line -> line.endsWith("Delete Table"))
                        .count(),
                "once");
    }
}
