package dev.agentfsm.temporal;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.ReplyRejectedException;
import dev.agentfsm.runtime.RoundDecider;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.UnknownStatusException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A session as one worker holds it: its agents (the session's agent and those it handed off to, by
 * name), their context and their user channel. The workflow holds the truth about the session (the
 * state, the path, the round's result); each step brings this copy in line with it before the
 * state's work runs. Steps of one session run one at a time.
 */
final class LiveSession {
    private final String id;
    private final Agent main;
    private final Context context = new Context();
    private final SessionUserChannel user;
    private final Map<String, Agent> agents = new LinkedHashMap<>();
    private Optional<Exception> lastFailure = Optional.empty();
    private int round;
    /** The last step run to its end here, for a retry of it whose first report never reached the workflow. */
    private Optional<Ran> last = Optional.empty();

    /** A step run to its end: the workflow's run, what it asked for and the report. */
    private record Ran(String run, StepInput input, StepResult result) {}

    LiveSession(String id, Agent main, SessionUserChannel user) {
        this.id = id;
        this.main = main;
        this.user = user;
        agents.put(main.name(), main);
    }

    /** The session's agent, the one its machine's rounds start with. */
    Agent main() {
        return main;
    }

    /**
     * Runs the work of the state {@code input} names, for the workflow run {@code run}, and reports how
     * it ended: decided (with the state's own {@code next}, its only move or the agent's status), asking
     * the user, or failed. A failure is a report, not an exception, because the workflow, not
     * Temporal's retries, decides what a failed state leads to. The same step asked for again by the
     * same run is a retry whose report was lost (refused after its time-out, or the answer lost on
     * the way): it gets the report again, and the work, which ran to its end, does not run twice.
     *
     * @throws WorkerStopping when the work was interrupted: the worker is shutting down, and another
     *     attempt of the activity runs the step again
     */
    synchronized StepResult run(StepInput input, String run, Machines machines) {
        if (last.isPresent()
                && last.get().run().equals(run)
                && last.get().input().equals(input)) {
            return last.get().result();
        }
        StepResult result = runOnce(input, machines);
        last = Optional.of(new Ran(run, input, result));
        return result;
    }

    private StepResult runOnce(StepInput input, Machines machines) {
        Status status = machines.status(input.status());
        Agent agent = agents.get(input.agent());
        if (agent == null) {
            return result(new StepEnd.Failed(new IllegalStateException("session " + id + " has no agent named "
                            + input.agent()
                            + " on this worker: it was handed off to on a worker that is gone, and only the"
                            + " session's agent (" + main.name() + ") is created again; known here: " + agents.keySet())
                    .toString()));
        }
        align(input, status, agent);
        StepEnd end;
        try {
            end = work(status, agent);
        } catch (AwaitingUser e) {
            end = new StepEnd.Awaiting(e.asked());
        } catch (ReplyRejectedException e) {
            end = new StepEnd.Rejected(
                    e.outcome(),
                    e.getMessage(),
                    e.toString(),
                    e.from().qualifiedName(),
                    e.status() == null ? "" : e.status(),
                    e.allowed().stream().map(Status::qualifiedName).toList());
        } catch (UnknownStatusException e) {
            end = new StepEnd.UnknownStatus(e.machine(), e.status() == null ? "" : e.status(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerStopping(id, input.status(), e);
        } catch (Exception e) {
            if (RoundDecider.interrupted(e)) {
                throw new WorkerStopping(id, input.status(), e);
            }
            lastFailure = Optional.of(e);
            end = new StepEnd.Failed(e.toString());
        }
        // a question stops the work even if the state's code caught what stopped it
        Optional<Asked> awaiting = user.awaiting();
        if (awaiting.isPresent()) {
            end = new StepEnd.Awaiting(awaiting.get());
        }
        return result(end);
    }

    /** Brings the worker's copy in line with the workflow's values: the round, the status, the context. */
    private void align(StepInput input, Status status, Agent agent) {
        if (input.round() > round) {
            round = input.round();
            input.previousRequest().ifPresent(main.blackboard()::addRequest);
            main.reset();
            context.remove(Context.ERROR);
        }
        agent.setStatus(status);
        context.put(Context.REQUEST, input.request());
        context.put(Context.ROUND_STEP, input.roundStep());
        context.put(Context.SESSION_STEP, input.sessionStep());
        if (input.roundResult().isPresent()) {
            context.put(Context.ROUND_RESULT, input.roundResult().get());
        } else {
            context.remove(Context.ROUND_RESULT);
        }
        if (input.error().isPresent()) {
            String failure = input.error().get();
            // the exception itself when this worker saw it; its text when another worker did
            context.put(
                    Context.ERROR,
                    lastFailure
                            .filter(e -> e.toString().equals(failure))
                            .orElseGet(() -> new StepFailedElsewhere(failure)));
        }
        user.begin(input.replies());
    }

    private StepEnd work(Status status, Agent agent) throws Exception {
        RoundDecider.handle(status, agent, context);
        if (status.endsRound()) {
            return new StepEnd.Worked();
        }
        Next next = RoundDecider.next(status, agent);
        Optional<String> handOff = next.agent().map(this::register);
        return new StepEnd.Decided(next.to().qualifiedName(), next.from() == status && next.isLegal(), handOff);
    }

    /** Keeps an agent handed off to, by its name, which is how the workflow names it. */
    private String register(Agent agent) {
        Agent known = agents.putIfAbsent(agent.name(), agent);
        if (known != null && known != agent) {
            throw new IllegalStateException("session " + id + " has two agents named " + agent.name() + " ("
                    + known.getClass().getName() + " and " + agent.getClass().getName() + "); the workflow tells"
                    + " agents apart by name, so give each agent of a session its own name");
        }
        return agent.name();
    }

    private StepResult result(StepEnd end) {
        return new StepResult(end, context.get(Context.ROUND_RESULT));
    }

    /** The failure behind {@link Context#ERROR} when it happened on another worker: its text, which is all that crossed. */
    static final class StepFailedElsewhere extends Exception {
        private static final long serialVersionUID = 1L;

        StepFailedElsewhere(String failure) {
            super(failure);
        }
    }

    /** The step's work was interrupted because the worker is stopping; Temporal runs the step again. */
    static final class WorkerStopping extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WorkerStopping(String session, String status, Throwable cause) {
            super("the worker stopped while " + status + " of session " + session + " ran; the step runs again", cause);
        }
    }
}
