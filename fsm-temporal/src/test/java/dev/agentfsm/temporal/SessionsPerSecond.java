package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Outcome;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures sessions per second on the in-process Temporal test server: a worker runs the Counter
 * fixture (three COUNT states and FINISH: an open, four state activities and a close per session,
 * no I/O), sessions started all at once. Not a test; run it on purpose (see the module's README):
 *
 * <pre>{@code
 * mvn -B -o -q -pl fsm-temporal -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=$PWD/fsm-temporal/target/cp.txt -Dmdep.includeScope=test
 * java -cp fsm-temporal/target/test-classes:fsm-temporal/target/classes:$(cat fsm-temporal/target/cp.txt) \
 *     dev.agentfsm.temporal.SessionsPerSecond 200 5
 * }</pre>
 *
 * The arguments are the sessions per run (default 200) and the measured runs (default 5), after one
 * run to warm up.
 */
public final class SessionsPerSecond {
    private static final int TARGET = 3;

    private SessionsPerSecond() {}

    public static void main(String[] args) {
        int sessions = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            WorkflowClient client = env.getWorkflowClient();
            String queue = TestServer.queue();
            try (TestServer.Worker worker =
                    TestServer.worker(client, queue, (session, machine, user) -> new Counter.CounterAgent(TARGET))) {
                SessionClient clients = SessionClient.of(client, queue);
                run(clients, "warm-up", sessions);
                List<Double> rates = new ArrayList<>();
                for (int r = 1; r <= runs; r++) {
                    double seconds = run(clients, "run-" + r, sessions);
                    rates.add(sessions / seconds);
                    System.out.printf(
                            Locale.ROOT,
                            "run %d: %d sessions (%d states each) in %.2f s: %.0f sessions/s," + " %.0f states/s%n",
                            r,
                            sessions,
                            TARGET + 1,
                            seconds,
                            sessions / seconds,
                            sessions * (TARGET + 1) / seconds);
                }
                double mean = rates.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElse(0);
                System.out.printf(
                        Locale.ROOT,
                        "mean: %.0f sessions/s over %d runs of %d sessions; JDK %s, %d cores%n",
                        mean,
                        runs,
                        sessions,
                        Runtime.version(),
                        Runtime.getRuntime().availableProcessors());
                if (worker.sessions().sessions() != 0) {
                    throw new IllegalStateException(
                            "the worker still holds " + worker.sessions().sessions() + " sessions");
                }
            }
        }
    }

    /** Starts {@code count} sessions, waits for them all, and returns the seconds it took. */
    private static double run(SessionClient clients, String name, int count) {
        long started = System.nanoTime();
        List<SessionHandle> handles = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            handles.add(clients.start(name + "-" + i, SessionRequest.of("Counter", "count")));
        }
        for (SessionHandle handle : handles) {
            RoundReport round = handle.result().rounds().get(0);
            if (round.outcome() != Outcome.COMPLETED) {
                throw new IllegalStateException(handle.id() + " ended " + round.outcome() + ": " + round.reason());
            }
        }
        return (System.nanoTime() - started) / 1e9;
    }
}
