package dev.agentfsm.temporal;

import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.util.Objects;
import java.util.UUID;

/**
 * Makes a Temporal {@link WorkerFactory} run agent-fsm sessions: the session workflow and the
 * opening of sessions on the shared task queue, and the states' work on a task queue of this worker's
 * own, where the agents it creates live. Register before {@code factory.start()}.
 *
 * <pre>{@code
 * WorkerFactory factory = WorkerFactory.newInstance(client);
 * SessionWorker.builder(factory, "agents", (session, machine, user) -> LinuxAgent.builder(shell, llm).user(user).build())
 *         .register();
 * factory.start();
 * }</pre>
 *
 * <p>The machines are those registered on the class path (the processor registers each one), as
 * the workflow finds them too.
 */
public final class SessionWorker {
    private final String taskQueue;
    private final String stepQueue;
    private final WorkerSessions sessions;

    private SessionWorker(String taskQueue, String stepQueue, WorkerSessions sessions) {
        this.taskQueue = taskQueue;
        this.stepQueue = stepQueue;
        this.sessions = sessions;
    }

    /** Starts configuring the sessions {@code factory}'s workers run on {@code taskQueue}, with agents from {@code agents}. */
    public static Builder builder(WorkerFactory factory, String taskQueue, AgentFactory agents) {
        return new Builder(factory, taskQueue, agents);
    }

    /** The shared task queue: where sessions are started ({@link SessionClient#of}) and taken by any worker. */
    public String taskQueue() {
        return taskQueue;
    }

    /** This worker's own task queue, where the states of the sessions it holds run. */
    public String stepQueue() {
        return stepQueue;
    }

    /** How many sessions this worker holds now (their agents are in its memory). */
    public int sessions() {
        return sessions.size();
    }

    /** Configures a {@link SessionWorker}. */
    public static final class Builder {
        private final WorkerFactory factory;
        private final String taskQueue;
        private final AgentFactory agents;
        private StateTimeouts timeouts = StateTimeouts.none();
        private StepOptions steps = StepOptions.defaults();
        private WorkerOptions workerOptions = WorkerOptions.getDefaultInstance();

        private Builder(WorkerFactory factory, String taskQueue, AgentFactory agents) {
            this.factory = Objects.requireNonNull(factory, "factory");
            this.taskQueue = Objects.requireNonNull(taskQueue, "taskQueue");
            this.agents = Objects.requireNonNull(agents, "agents");
            if (taskQueue.isBlank()) {
                throw new IllegalArgumentException("a task queue needs a name; got \"" + taskQueue + "\"");
            }
        }

        /** The states' declared time-outs; none by default. */
        public Builder stateTimeouts(StateTimeouts timeouts) {
            this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
            return this;
        }

        /** How the states' work is timed and retried; {@link StepOptions#defaults()} by default. */
        public Builder stepOptions(StepOptions steps) {
            this.steps = Objects.requireNonNull(steps, "steps");
            return this;
        }

        /** Temporal's options for both of this worker's queues (slots, pollers, sticky execution); its defaults by default. */
        public Builder workerOptions(WorkerOptions options) {
            this.workerOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * Registers the workflow and the activities with the factory.
         *
         * @throws IllegalArgumentException if a state's time-out is not a declared {@code TIMEOUT} move
         * @throws IllegalStateException if no machine is on the class path, or the factory has started
         */
        public SessionWorker register() {
            Machines machines = Machines.discover(SessionWorker.class.getClassLoader());
            TimeoutRules.of(machines.all(), timeouts); // fails here, not in a session, when one is wrong
            String stepQueue = taskQueue + "@" + UUID.randomUUID();
            WorkerSessions sessions = new WorkerSessions(machines, agents, timeouts, steps, stepQueue);
            Worker shared = factory.newWorker(taskQueue, workerOptions);
            shared.registerWorkflowImplementationTypes(SessionWorkflowImpl.class);
            shared.registerActivitiesImplementations(new SessionActivities.Home(sessions));
            Worker own = factory.newWorker(stepQueue, workerOptions);
            own.registerActivitiesImplementations(new SessionActivities.Steps(sessions));
            return new SessionWorker(taskQueue, stepQueue, sessions);
        }
    }
}
