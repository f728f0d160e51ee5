package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Context.ArchivedSubtask;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.tests.ufo.AppAgent;
import dev.agentfsm.tests.ufo.AppAgentStatus;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many sessions at once on one pair of generated machines: each gets its own, correct results. */
class ConcurrentSessionsTest {
    private static final int SESSIONS = 1_000;

    /** Virtual threads where the JDK has them (21+), a small pool on 17. */
    private static ExecutorService executor() throws Throwable {
        if (Runtime.version().feature() >= 21) {
            return (ExecutorService) MethodHandles.publicLookup()
                    .findStatic(
                            Executors.class,
                            "newVirtualThreadPerTaskExecutor",
                            MethodType.methodType(ExecutorService.class))
                    .invoke();
        }
        return Executors.newFixedThreadPool(8);
    }

    /** What one session reports: its round results, its subtask archive and its blackboard. */
    private record Outcomes(
            String id, List<RoundResult> results, List<ArchivedSubtask> archive, List<String> requests) {}

    @Test
    void aThousandSessionsAtOnceEachWithItsOwnCorrectResults(@TempDir Path dir) throws Throwable {
        RuntimeConfig config = RuntimeConfig.parse("maxStep: 50\nmaxRound: 2");
        List<Callable<Outcomes>> sessions = new ArrayList<>();
        Path tracePath = dir.resolve("all.jsonl");
        try (JsonLinesTrace trace = JsonLinesTrace.open(tracePath)) {
            for (int i = 0; i < SESSIONS; i++) {
                int n = i;
                sessions.add(() -> {
                    HostAgent host = new HostAgent();
                    // round 1: even sessions delegate once, odd ones twice (their first subtask fails);
                    // round 2: every host finishes at once
                    AppAgent app = new AppAgent(host);
                    if (n % 2 == 0) {
                        host.script(HostAgentStatus.ASSIGN, HostAgentStatus.FINISH, HostAgentStatus.FINISH);
                        app.script(result("done " + n));
                    } else {
                        host.script(
                                HostAgentStatus.ASSIGN,
                                HostAgentStatus.ASSIGN,
                                HostAgentStatus.FINISH,
                                HostAgentStatus.FINISH);
                        app.script(AppAgentStatus.FAIL, result("retried " + n));
                    }
                    Session session = Session.of(HostAgentStateManager.instance(), host)
                            .config(config)
                            .id("session-" + n)
                            .listener(trace)
                            .build();
                    List<RoundResult> results = session.run(List.of("task " + n, "follow-up " + n));
                    return new Outcomes(
                            session.id(),
                            results,
                            session.context().previousSubtasks(),
                            host.blackboard().requests());
                });
            }
            ExecutorService pool = executor();
            List<Future<Outcomes>> futures;
            try {
                futures = pool.invokeAll(sessions);
            } finally {
                pool.shutdown();
            }
            for (int n = 0; n < SESSIONS; n++) {
                Outcomes outcomes = futures.get(n).get();
                assertEquals("session-" + n, outcomes.id());
                List<RoundResult> results = outcomes.results();
                assertEquals(
                        List.of(Outcome.COMPLETED, Outcome.COMPLETED),
                        results.stream().map(RoundResult::outcome).toList(),
                        "session " + n);
                if (n % 2 == 0) {
                    assertEquals(6, results.get(0).steps());
                    assertEquals(Optional.of("done " + n), results.get(0).result());
                    assertEquals(Optional.empty(), results.get(1).result(), "round 2: the host finished at once");
                    assertEquals(
                            List.of(new ArchivedSubtask("subtask of task " + n, AppAgentStatus.FINISH, "done " + n)),
                            outcomes.archive());
                    assertEquals(outcomes.archive(), results.get(0).subtasks());
                } else {
                    assertEquals(10, results.get(0).steps());
                    assertEquals(
                            List.of(
                                    new ArchivedSubtask("subtask of task " + n, AppAgentStatus.FAIL, ""),
                                    new ArchivedSubtask("subtask of task " + n, AppAgentStatus.FINISH, "retried " + n)),
                            outcomes.archive());
                    assertEquals(outcomes.archive(), results.get(0).subtasks());
                }
                assertEquals(
                        List.of(HostAgentStatus.CONTINUE, HostAgentStatus.FINISH),
                        results.get(1).path());
                assertEquals(List.of(), results.get(1).subtasks(), "round 2 ended no subtask");
                assertEquals(List.of("task " + n, "follow-up " + n), outcomes.requests());
            }
        }
        List<String> lines = Files.readAllLines(tracePath);
        Set<String> sessionsTraced = new HashSet<>();
        for (String line : lines) {
            sessionsTraced.add(line.substring(line.indexOf("\"session\":\"") + 11, line.indexOf("\",\"round\"")));
        }
        assertEquals(SESSIONS, sessionsTraced.size(), "one shared trace heard every session");
        // per session: round 1 (5 or 9 moves, 1 or 2 subtask ends) + round 2 (1 move) + 2 round ends
        assertEquals(SESSIONS / 2 * (5 + 1 + 1 + 2) + SESSIONS / 2 * (9 + 2 + 1 + 2), lines.size());
    }

    private static ScriptedAgent.Step result(String text) {
        return (agent, context) -> {
            context.put(Context.ROUND_RESULT, text);
            agent.setStatus(AppAgentStatus.FINISH);
        };
    }
}
