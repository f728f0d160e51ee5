package dev.agentfsm.temporal;

import dev.agentfsm.agents.linux.LinuxAgent;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

/**
 * The LinuxAgent demo on a Temporal service, as separate processes would run it: a worker (which
 * holds the agents and runs their commands on this machine's shell, read-only, in a temporary
 * workspace per session), a client that starts a session and prints its report, or both in one JVM;
 * or all of it in one JVM on Temporal's in-process test server, with no service to install.
 *
 * <pre>{@code
 * java -cp ... dev.agentfsm.temporal.LinuxAgentOnTemporal in-process         # no service needed
 * temporal server start-dev                     # a local service on 127.0.0.1:7233
 * java -cp ... dev.agentfsm.temporal.LinuxAgentOnTemporal worker            # in one terminal (or several)
 * java -cp ... dev.agentfsm.temporal.LinuxAgentOnTemporal start             # in another
 * java -cp ... dev.agentfsm.temporal.LinuxAgentOnTemporal both my-cluster.example.com:7233
 * }</pre>
 */
public final class LinuxAgentOnTemporal {
    static final String QUEUE = "agentfsm-linux-demo";

    private LinuxAgentOnTemporal() {}

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the exit code: 0 done, 1 the round did not complete, 2 bad usage or no service. */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        if (args.length == 1 && args[0].equals("in-process")) {
            return inProcess(out);
        }
        if (args.length < 1 || args.length > 2 || !args[0].matches("worker|start|both")) {
            err.println("usage: LinuxAgentOnTemporal in-process | worker|start|both [host:port, default "
                    + TemporalService.LOCAL + "]");
            return 2;
        }
        String target = args.length > 1 ? args[1] : TemporalService.LOCAL;
        WorkflowServiceStubs service;
        try {
            service = TemporalService.connect(target, Duration.ofSeconds(5));
        } catch (TemporalService.TemporalUnavailableException e) {
            err.println(e.getMessage());
            return 2;
        }
        try {
            WorkflowClient client = WorkflowClient.newInstance(service);
            return switch (args[0]) {
                case "worker" -> worker(client, out);
                case "start" -> start(client, out);
                default -> both(client, out);
            };
        } finally {
            service.shutdownNow();
        }
    }

    /**
     * The worker and the session in this JVM, on Temporal's in-process test server (from {@code
     * temporal-testing}): the same workflow, activities and history as on a service, kept in memory.
     */
    private static int inProcess(PrintStream out) {
        out.println("Temporal's in-process test server (no service; give worker|start|both host:port for one)");
        TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance();
        try {
            register(environment.getWorkerFactory());
            environment.start();
            return start(environment.getWorkflowClient(), out);
        } finally {
            environment.close();
        }
    }

    private static WorkerFactory startWorker(WorkflowClient client) {
        WorkerFactory factory = WorkerFactory.newInstance(client);
        register(factory);
        factory.start();
        return factory;
    }

    private static void register(WorkerFactory factory) {
        SessionWorker.builder(factory, QUEUE, (session, machine, user) -> LinuxAgent.builder(
                                new LinuxDemo.Shell(workspace(session)), LinuxDemo.replay())
                        .user(user)
                        .build())
                .register();
    }

    private static Path workspace(String session) {
        try {
            return LinuxDemo.workspace(Files.createTempDirectory("agentfsm-" + session + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int worker(WorkflowClient client, PrintStream out) throws InterruptedException {
        WorkerFactory factory = startWorker(client);
        out.println("worker on task queue " + QUEUE + "; stop it with Ctrl-C");
        Runtime.getRuntime().addShutdownHook(new Thread(factory::shutdownNow));
        new CountDownLatch(1).await();
        return 0;
    }

    private static int start(WorkflowClient client, PrintStream out) {
        String id = "linux-demo-" + UUID.randomUUID().toString().substring(0, 8);
        out.println("session " + id + ": " + LinuxDemo.task());
        SessionReport report = SessionClient.of(client, QUEUE)
                .start(id, SessionRequest.of("LinuxAgent", LinuxDemo.task()))
                .result();
        RoundReport round = report.rounds().get(0);
        out.println(round.outcome() + " after " + round.steps() + " states: " + String.join(" -> ", round.path()));
        out.println("result: " + round.result().orElse("(none)"));
        return round.completed() ? 0 : 1;
    }

    private static int both(WorkflowClient client, PrintStream out) {
        WorkerFactory factory = startWorker(client);
        try {
            return start(client, out);
        } finally {
            factory.shutdownNow();
        }
    }
}
