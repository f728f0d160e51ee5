package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.StateManager;
import io.temporal.failure.ApplicationFailure;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sessions one worker holds, and the activities that reach them: opening a session creates its
 * agent with the {@link AgentFactory}, a step runs a state's work on it, closing forgets it.
 */
final class WorkerSessions {
    private final Machines machines;
    private final AgentFactory factory;
    private final StateTimeouts timeouts;
    private final StepOptions steps;
    private final String stepQueue;
    private final Map<String, LiveSession> sessions = new ConcurrentHashMap<>();

    WorkerSessions(
            Machines machines, AgentFactory factory, StateTimeouts timeouts, StepOptions steps, String stepQueue) {
        this.machines = machines;
        this.factory = factory;
        this.timeouts = timeouts;
        this.steps = steps;
        this.stepQueue = stepQueue;
    }

    /** Takes the session on this worker and says where its steps run, with the settings the workflow keeps. */
    SessionOpened open(OpenRequest request) {
        StateManager<?, ?> machine = machine(request.machine());
        LiveSession session = take(request.session(), machine);
        RuntimeConfig config = session.main().config();
        try {
            return new SessionOpened(
                    session.main().name(),
                    stepQueue,
                    config.maxStep(),
                    config.maxRound(),
                    TimeoutRules.of(Machines.reachable(machine), timeouts),
                    steps);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "InvalidStateTimeout");
        }
    }

    /** Runs one state's work for the workflow run {@code run}, taking the session first if this worker does not hold it. */
    StepResult run(StepInput input, String run) {
        return take(input.session(), machine(input.machine())).run(input, run, machines);
    }

    /** Forgets the session: its agents and context. */
    void close(String session) {
        sessions.remove(session);
    }

    /** How many sessions this worker holds now. */
    int size() {
        return sessions.size();
    }

    private StateManager<?, ?> machine(String name) {
        try {
            return machines.machine(name);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), "UnknownMachine");
        }
    }

    /** The session as this worker holds it, its agent created now if it holds none. */
    private LiveSession take(String id, StateManager<?, ?> machine) {
        LiveSession session = sessions.get(id);
        if (session != null) {
            return session;
        }
        SessionUserChannel user = new SessionUserChannel(id);
        Agent agent;
        try {
            agent = Objects.requireNonNull(
                    factory.create(id, machine, user),
                    () -> "the AgentFactory returned null for session " + id + " of " + machine.name());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the agent of session " + id, e);
        } catch (Exception e) {
            // retried as any activity failure: a device that is not ready yet may be by the next attempt
            throw new IllegalStateException(
                    "the AgentFactory failed for session " + id + " of " + machine.name() + ": " + e, e);
        }
        if (!machine.agentType().isInstance(agent)) {
            throw ApplicationFailure.newNonRetryableFailure(
                    "the AgentFactory gave a " + agent.getClass().getName() + " for session " + id + ", but "
                            + machine.name() + " drives " + machine.agentType().getName(),
                    "WrongAgentType");
        }
        LiveSession created = new LiveSession(id, agent, user);
        LiveSession raced = sessions.putIfAbsent(id, created);
        return raced != null ? raced : created;
    }
}
