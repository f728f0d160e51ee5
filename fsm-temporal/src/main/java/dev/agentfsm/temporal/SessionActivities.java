package dev.agentfsm.temporal;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.DynamicActivity;
import io.temporal.client.ActivityCompletionException;
import io.temporal.common.converter.EncodedValues;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The activities of a session's workflow, by name: {@code agentfsm.OpenSession} on the shared task
 * queue (any worker may take a session), {@code agentfsm.RunState:<status>} and {@code agentfsm.CloseSession}
 * on the task queue of the worker that holds the session's agent. Their payloads are this package's
 * records; the workflow calls them through untyped stubs and the worker serves them as dynamic
 * activities, so that those records stay out of the public API.
 */
final class SessionActivities {
    static final String OPEN = "agentfsm.OpenSession";
    static final String RUN = "agentfsm.RunState";
    static final String CLOSE = "agentfsm.CloseSession";

    private SessionActivities() {}

    // ---- the workflow's side ----

    /** Takes the session on a worker (creating its agent unless it holds it already) and says where its steps run. */
    static SessionOpened open(ActivityOptions options, OpenRequest request) {
        return Workflow.newUntypedActivityStub(options).execute(OPEN, SessionOpened.class, request);
    }

    /** Runs one state's work on the worker holding the session. */
    static Promise<StepResult> run(ActivityOptions options, StepInput input) {
        return Workflow.newUntypedActivityStub(options).executeAsync(runType(input.status()), StepResult.class, input);
    }

    /**
     * {@link #RUN} for one state, {@code agentfsm.RunState:LinuxAgent.CONTINUE}. The state is in the
     * activity's type because a replay compares each activity's type with the history, not its input:
     * a history replayed against a machine that now decides another state (a new initial state, another
     * {@code onError}) fails as non-deterministic, naming both states, instead of going on along
     * another path than the one that ran.
     */
    static String runType(String status) {
        return RUN + ":" + status;
    }

    /** Tells the worker holding the session to forget it. */
    static void close(ActivityOptions options, String session) {
        Workflow.newUntypedActivityStub(options).execute(CLOSE, Void.class, session);
    }

    // ---- the worker's side ----

    /** {@link #OPEN}, for the shared task queue. */
    static final class Home implements DynamicActivity {
        private final WorkerSessions sessions;

        Home(WorkerSessions sessions) {
            this.sessions = sessions;
        }

        @Override
        public Object execute(EncodedValues args) {
            String type = Activity.getExecutionContext().getInfo().getActivityType();
            if (!type.equals(OPEN)) {
                throw unknown(type, OPEN);
            }
            return sessions.open(args.get(0, OpenRequest.class));
        }
    }

    /**
     * {@link #RUN} and {@link #CLOSE}, for the worker's own task queue. A state's work heartbeats while
     * it runs, so that a worker that dies is noticed within the heartbeat time-out however long an LLM
     * call takes; when Temporal cancels the attempt (the session was cancelled, or a state's time-out
     * fired) or the worker shuts down, the work's thread is interrupted, which stops an LLM call or a
     * command as it stops an embedded round.
     */
    static final class Steps implements DynamicActivity {
        private final WorkerSessions sessions;

        Steps(WorkerSessions sessions) {
            this.sessions = sessions;
        }

        @Override
        public Object execute(EncodedValues args) {
            ActivityExecutionContext context = Activity.getExecutionContext();
            String type = context.getInfo().getActivityType();
            if (type.startsWith(RUN + ":")) {
                StepInput input = args.get(0, StepInput.class);
                Heartbeat heartbeat = Heartbeat.start(context);
                try {
                    return sessions.run(input, context.getInfo().getRunId());
                } finally {
                    heartbeat.stop();
                }
            }
            if (type.equals(CLOSE)) {
                sessions.close(args.get(0, String.class));
                return null;
            }
            throw unknown(type, runType("<status>") + ", " + CLOSE);
        }
    }

    /** Heartbeats for the running work from another thread, and interrupts the work when Temporal says to stop. */
    private static final class Heartbeat {
        private static final ScheduledExecutorService BEATS = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "agentfsm-heartbeats");
            thread.setDaemon(true);
            return thread;
        });

        private final Thread work = Thread.currentThread();
        private final Object lock = new Object();
        private boolean running = true;
        private boolean interrupted;
        private Optional<ScheduledFuture<?>> beats = Optional.empty();

        static Heartbeat start(ActivityExecutionContext context) {
            Heartbeat heartbeat = new Heartbeat();
            Duration timeout = context.getInfo().getHeartbeatTimeout();
            if (!timeout.isZero()) {
                long period = Math.max(1, timeout.toMillis() / 3);
                heartbeat.beats = Optional.of(
                        BEATS.scheduleAtFixedRate(() -> heartbeat.beat(context), 0, period, TimeUnit.MILLISECONDS));
            }
            return heartbeat;
        }

        private void beat(ActivityExecutionContext context) {
            try {
                context.heartbeat(null);
            } catch (ActivityCompletionException | IllegalStateException stop) {
                synchronized (lock) {
                    if (running) {
                        interrupted = true;
                        work.interrupt();
                    }
                    running = false;
                }
                throw stop; // ends the schedule
            }
        }

        /** Stops the heartbeats; the work's thread is not interrupted after this, and not left interrupted by them. */
        void stop() {
            synchronized (lock) {
                running = false;
                if (interrupted) {
                    Thread.interrupted(); // the thread goes back to Temporal's pool
                }
            }
            beats.ifPresent(future -> future.cancel(false));
        }
    }

    private static ApplicationFailure unknown(String type, String served) {
        return ApplicationFailure.newNonRetryableFailure(
                "this agent-fsm worker's queue serves the activities " + served + ", not " + type
                        + "; give other activities a task queue of their own",
                "UnknownActivity");
    }
}
