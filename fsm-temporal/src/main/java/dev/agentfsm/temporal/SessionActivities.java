package dev.agentfsm.temporal;

import io.temporal.activity.Activity;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.DynamicActivity;
import io.temporal.common.converter.EncodedValues;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;

/**
 * The activities of a session's workflow, by name: {@code agentfsm.OpenSession} on the shared task
 * queue (any worker may take a session), {@code agentfsm.RunState} and {@code agentfsm.CloseSession}
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
        return Workflow.newUntypedActivityStub(options).executeAsync(RUN, StepResult.class, input);
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

    /** {@link #RUN} and {@link #CLOSE}, for the worker's own task queue. */
    static final class Steps implements DynamicActivity {
        private final WorkerSessions sessions;

        Steps(WorkerSessions sessions) {
            this.sessions = sessions;
        }

        @Override
        public Object execute(EncodedValues args) {
            String type = Activity.getExecutionContext().getInfo().getActivityType();
            if (type.equals(RUN)) {
                return sessions.run(args.get(0, StepInput.class));
            }
            if (type.equals(CLOSE)) {
                sessions.close(args.get(0, String.class));
                return null;
            }
            throw unknown(type, RUN + ", " + CLOSE);
        }
    }

    private static ApplicationFailure unknown(String type, String served) {
        return ApplicationFailure.newNonRetryableFailure(
                "this agent-fsm worker's queue serves the activities " + served + ", not " + type
                        + "; give other activities a task queue of their own",
                "UnknownActivity");
    }
}
