package dev.agentfsm.temporal;

import dev.agentfsm.runtime.RoundDecider.StepBudget;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * The session's workflow. It holds only values: the session's statuses by machine and name, the
 * current round's path and result, the step budget, the rounds' reports. The agents and their
 * memory live on a worker; each state's work runs there as an activity ({@code agentfsm.RunState:<status>}) on
 * that worker's own task queue, and this class decides with {@link WorkflowRound} where each report
 * leads. A question to the user is a durable wait for an update; a state's declared time-out is a
 * durable timer; when the worker holding the agent is gone, another worker takes the session over.
 *
 * <p>Registered by {@link SessionWorker}; public only because Temporal instantiates it.
 */
public final class SessionWorkflowImpl implements SessionWorkflow {
    private static final Logger LOG = Workflow.getLogger(SessionWorkflowImpl.class);

    /** Opening a session creates an agent: quick, and worth a few tries. */
    private static final ActivityOptions OPEN = ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofMinutes(2))
            .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(5).build())
            .build();

    /** How long the workflow waits to tell its worker to forget a session before it ends anyway. */
    private static final Duration CLOSE = Duration.ofSeconds(10);

    private String session = "";
    private String machine = "";
    private String initialStatus = "";
    private String mainAgent = "";
    private Optional<SessionOpened> home = Optional.empty();
    private Optional<StepBudget> budget = Optional.empty();
    private Optional<WorkflowRound> current = Optional.empty();
    private int round;
    private final List<RoundReport> rounds = new ArrayList<>();
    private Optional<Asked> waiting = Optional.empty();
    /** How long the current wait for the user lasts. */
    private Duration waitLasts = Duration.ZERO;
    /** When the current wait for the user ends, in workflow time (ms): a reply from then on is refused. */
    private long waitEnds;

    private Optional<UserReply> reply = Optional.empty();
    private boolean finished;

    /** For Temporal, which creates one per run and per replay. */
    public SessionWorkflowImpl() {}

    @Override
    public SessionReport run(SessionRequest request) {
        try {
            return runRounds(request);
        } finally {
            // a session that failed (an unknown machine, too many requests) is over too, and its view says so
            finished = true;
        }
    }

    private SessionReport runRounds(SessionRequest request) {
        session = Workflow.getInfo().getWorkflowId();
        Machines machines;
        StateManager<?, ?> manager;
        try {
            machines = Machines.discover(SessionWorkflowImpl.class.getClassLoader());
            manager = machines.machine(request.machine());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw ApplicationFailure.newNonRetryableFailure(
                    "session " + session + ": " + e.getMessage(), "UnknownMachine");
        }
        machine = manager.name();
        Status initial = manager.table().initial();
        initialStatus = initial.qualifiedName();
        SessionOpened opened = SessionActivities.open(OPEN, new OpenRequest(session, machine));
        home = Optional.of(opened);
        mainAgent = opened.agent();
        if (request.requests().size() > opened.maxRound()) {
            throw ApplicationFailure.newNonRetryableFailure(
                    "session " + session + " was given "
                            + request.requests().size() + " requests, but " + mainAgent + " may run "
                            + opened.maxRound()
                            + " round(s) per session (maxRound); raise maxRound or split the requests over sessions",
                    "TooManyRequests");
        }
        StepBudget steps = new StepBudget(opened.maxStep());
        budget = Optional.of(steps);
        Optional<String> previous = Optional.empty();
        for (String text : request.requests()) {
            round++;
            WorkflowRound run = new WorkflowRound(
                    machines,
                    session,
                    initial,
                    mainAgent,
                    round,
                    text,
                    previous,
                    steps,
                    SessionWorkflowImpl::cancelRequested);
            current = Optional.of(run);
            rounds.add(run.run(this::work));
            previous = Optional.of(text);
        }
        finished = true;
        close();
        SessionReport report = new SessionReport(session, rounds);
        if (cancelRequested()) {
            // recorded as cancelled (a cancelled workflow returns nothing: the query holds the report)
            throw new CanceledFailure("session " + session + " was cancelled");
        }
        return report;
    }

    /** One state's work: the activity, then, while it asks the user, a durable wait and the work again. */
    private StepResult work(StepInput first) {
        Optional<SessionOpened.TimeoutRule> timeout =
                Optional.ofNullable(home.orElseThrow().timeouts().get(first.status()));
        long deadline = timeout.map(
                        t -> Workflow.currentTimeMillis() + t.after().toMillis())
                .orElse(Long.MAX_VALUE);
        List<UserReply> replies = new ArrayList<>();
        Optional<String> roundResult = first.roundResult();
        try {
            while (true) {
                Optional<StepResult> ran = runStep(first.withReplies(replies), deadline);
                if (ran.isEmpty()) {
                    return timedOut(timeout.orElseThrow(), roundResult);
                }
                StepResult result = ran.get();
                roundResult = result.roundResult();
                if (!(result.end() instanceof StepEnd.Awaiting awaiting)) {
                    return result;
                }
                Optional<UserReply> replied = awaitReply(awaiting.asked(), deadline);
                if (replied.isEmpty()) {
                    return timedOut(timeout.orElseThrow(), roundResult);
                }
                replies.add(replied.get());
            }
        } catch (CanceledFailure e) {
            String doing = waiting.isPresent() ? "waited for the user" : "worked";
            waiting = Optional.empty();
            return new StepResult(
                    new StepEnd.Cancelled("its session's workflow was cancelled while " + first.status() + " " + doing),
                    roundResult);
        }
    }

    private static StepResult timedOut(SessionOpened.TimeoutRule timeout, Optional<String> roundResult) {
        return new StepResult(new StepEnd.TimedOut(timeout.to(), timeout.after()), roundResult);
    }

    /**
     * Waits durably for the user's reply, at most the state's own wait and never past its declared
     * time-out. Empty when the declared time-out came first; a time-out reply when the state's wait ran out.
     * A negative wait is none (it times out at once), and one of {@link StateTimeout#LONGEST} or more
     * ({@code ChronoUnit.FOREVER}) has no limit, as the console channel reads them.
     */
    private Optional<UserReply> awaitReply(Asked asked, long deadline) {
        Duration statesWait = asked.timeout().isNegative() ? Duration.ZERO : asked.timeout();
        Duration left = Duration.ofMillis(Math.max(0, deadline - Workflow.currentTimeMillis()));
        boolean stateTimesOut = deadline != Long.MAX_VALUE && left.compareTo(statesWait) <= 0;
        Duration wait = stateTimesOut ? left : statesWait;
        boolean limited = wait.compareTo(StateTimeout.LONGEST) < 0;
        waiting = Optional.of(asked);
        waitLasts = wait;
        waitEnds = limited ? Workflow.currentTimeMillis() + wait.toMillis() : Long.MAX_VALUE;
        if (!limited) {
            Workflow.await(() -> reply.isPresent());
        } else if (!wait.isZero()) {
            Workflow.await(wait, () -> reply.isPresent());
        }
        waiting = Optional.empty();
        // a reply that came is taken, even in the workflow task where the wait's timer fired too (the
        // validator refuses one that comes after the wait's end, so it was in time); none is left behind
        Optional<UserReply> given = reply;
        reply = Optional.empty();
        if (given.isPresent()) {
            return given;
        }
        return stateTimesOut ? Optional.empty() : Optional.of(UserReply.timedOut(asked));
    }

    /**
     * Runs the state's work on the worker holding the session, racing the state's declared time-out
     * if it has one; empty when the time-out won. An attempt that timed out or was interrupted runs
     * again; a worker that does not start the step in time is gone: the session moves to another
     * worker, which creates the agent anew, and the step runs there.
     */
    private Optional<StepResult> runStep(StepInput input, long deadline) {
        int attempt = 1;
        int changes = 0;
        while (true) {
            SessionOpened opened = home.orElseThrow();
            StepOptions options = opened.steps();
            try {
                if (deadline == Long.MAX_VALUE) {
                    return Optional.of(SessionActivities.run(activityOptions(opened), input)
                            .get());
                }
                return race(activityOptions(opened), input, deadline);
            } catch (ActivityFailure failure) {
                if (failure.getCause() instanceof CanceledFailure cancelled) {
                    throw cancelled;
                }
                if (workerGone(failure)) {
                    if (changes < options.maxWorkerChanges()) {
                        changes++;
                        attempt = 1;
                        Optional<String> refused = moveToAnotherWorker(opened, input.status());
                        if (refused.isEmpty()) {
                            continue;
                        }
                        return Optional.of(new StepResult(new StepEnd.Failed(refused.get()), input.roundResult()));
                    }
                } else if (retryable(failure) && attempt < options.maxAttempts()) {
                    Workflow.sleep(options.retryInterval().multipliedBy(1L << Math.min(attempt - 1, 20)));
                    attempt++;
                    continue;
                }
                return Optional.of(new StepResult(
                        new StepEnd.Failed(describe(failure) + " (attempt " + attempt + ")"), input.roundResult()));
            }
        }
    }

    private static Optional<StepResult> race(ActivityOptions options, StepInput input, long deadline) {
        long left = deadline - Workflow.currentTimeMillis();
        if (left <= 0) {
            return Optional.empty();
        }
        List<Promise<StepResult>> work = new ArrayList<>(1);
        CancellationScope workScope =
                Workflow.newCancellationScope(() -> work.add(SessionActivities.run(options, input)));
        workScope.run();
        List<Promise<Void>> timer = new ArrayList<>(1);
        CancellationScope timerScope =
                Workflow.newCancellationScope(() -> timer.add(Workflow.newTimer(Duration.ofMillis(left))));
        timerScope.run();
        Promise<StepResult> result = work.get(0);
        Workflow.await(() -> result.isCompleted() || timer.get(0).isCompleted());
        if (result.isCompleted()) {
            timerScope.cancel();
            return Optional.of(result.get());
        }
        workScope.cancel();
        result.exceptionally(abandoned -> null); // the cancelled attempt's failure is expected, not lost
        return Optional.empty();
    }

    /** An attempt that timed out, lost its heartbeat or was interrupted may succeed the next time. */
    private static boolean retryable(ActivityFailure failure) {
        Throwable cause = failure.getCause();
        return cause instanceof TimeoutFailure
                || (cause instanceof ApplicationFailure application && !application.isNonRetryable());
    }

    /** A step its worker never started: the worker is gone (or too busy to count on). */
    private static boolean workerGone(ActivityFailure failure) {
        return failure.getCause() instanceof TimeoutFailure timeout
                && timeout.getTimeoutType() == TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_START;
    }

    /** Has another worker take the session over; empty when one did, otherwise why none could. */
    private Optional<String> moveToAnotherWorker(SessionOpened from, String status) {
        SessionOpened taken;
        try {
            taken = SessionActivities.open(OPEN, new OpenRequest(session, machine));
        } catch (ActivityFailure failure) {
            if (failure.getCause() instanceof CanceledFailure cancelled) {
                throw cancelled;
            }
            return Optional.of("no worker could take session " + session + " over after the worker on "
                    + from.stepQueue() + " was gone: " + describe(failure));
        }
        LOG.warn(
                "session {}: the worker on {} did not start {} within {}; another worker ({}) takes the session over",
                session,
                from.stepQueue(),
                status,
                from.steps().scheduleToStart(),
                taken.stepQueue());
        home = Optional.of(new SessionOpened(
                from.agent(), taken.stepQueue(), from.maxStep(), from.maxRound(), from.timeouts(), from.steps()));
        return Optional.empty();
    }

    /**
     * One attempt on the worker's own queue: the workflow retries, not Temporal, so that each attempt
     * has its own start time-out and a worker that is gone shows as one.
     */
    private static ActivityOptions activityOptions(SessionOpened opened) {
        StepOptions options = opened.steps();
        return ActivityOptions.newBuilder()
                .setTaskQueue(opened.stepQueue())
                .setStartToCloseTimeout(options.startToClose())
                .setHeartbeatTimeout(options.heartbeat())
                .setScheduleToStartTimeout(options.scheduleToStart())
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                .build();
    }

    /** Tells the worker holding the session to forget it; a worker that is gone costs at most {@link #CLOSE}. */
    private void close() {
        Optional<SessionOpened> opened = home;
        if (opened.isEmpty()) {
            return;
        }
        ActivityOptions options = ActivityOptions.newBuilder()
                .setTaskQueue(opened.get().stepQueue())
                .setScheduleToCloseTimeout(CLOSE)
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                .build();
        Workflow.newDetachedCancellationScope(() -> {
                    try {
                        SessionActivities.close(options, session);
                    } catch (ActivityFailure e) {
                        LOG.warn(
                                "session {}: its worker on {} could not be told to forget it: {}",
                                session,
                                opened.get().stepQueue(),
                                describe(e));
                    }
                })
                .run();
    }

    private static boolean cancelRequested() {
        return CancellationScope.current().isCancelRequested();
    }

    /** An activity's failure as the round's error: the innermost cause's text, which names what went wrong. */
    private static String describe(ActivityFailure failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        String message =
                cause instanceof ApplicationFailure application ? application.getOriginalMessage() : cause.getMessage();
        return failure.getActivityType() + " failed: " + message;
    }

    @Override
    public SessionView view() {
        String status = current.map(run -> run.status().qualifiedName()).orElse(initialStatus);
        String agent = current.map(WorkflowRound::agent).orElse(mainAgent);
        List<String> path = current.map(WorkflowRound::path).orElse(List.of());
        return new SessionView(
                session,
                round,
                status,
                agent,
                path,
                budget.map(StepBudget::used).orElse(0),
                waiting,
                rounds,
                finished);
    }

    @Override
    public String answer(String text) {
        Asked asked = waiting.orElseThrow();
        reply = Optional.of(UserReply.answered(asked, text));
        return asked.prompt();
    }

    @Override
    public void validateAnswer(String text) {
        requireWaiting(Asked.Kind.QUESTION);
        if (text == null) {
            throw new IllegalArgumentException("an answer needs text; got none");
        }
    }

    @Override
    public String confirm(Decision decision) {
        Asked asked = waiting.orElseThrow();
        reply = Optional.of(UserReply.decided(asked, decision));
        return asked.prompt();
    }

    @Override
    public void validateConfirm(Decision decision) {
        requireWaiting(Asked.Kind.CONFIRMATION);
        if (decision == null || decision == Decision.TIMED_OUT) {
            throw new IllegalArgumentException("a confirmation is APPROVED or REJECTED; got " + decision
                    + " (a time-out is the session's to declare)");
        }
    }

    private void requireWaiting(Asked.Kind kind) {
        String wanted = kind == Asked.Kind.QUESTION ? "an answer" : "a decision";
        if (finished) {
            throw new IllegalStateException("session " + session + " is over; it waits for nothing");
        }
        if (waiting.isEmpty() || reply.isPresent()) {
            throw new IllegalStateException("session " + session + " is not waiting for " + wanted + ": it is in "
                    + view().status() + (reply.isPresent() ? ", and its reply is already in" : ", working"));
        }
        Asked asked = waiting.get();
        if (Workflow.currentTimeMillis() >= waitEnds) {
            // the wait's timer fired in this workflow task: the session takes the time-out, not this reply
            throw new IllegalStateException("session " + session + " waited for "
                    + awaited(asked)
                    + " for " + waitLasts + ", and the wait is over: the state goes on without it");
        }
        if (asked.kind() != kind) {
            throw new IllegalStateException("session " + session + " waits for "
                    + awaited(asked)
                    + ", not for " + wanted + "; use "
                    + (asked.kind() == Asked.Kind.QUESTION ? "answer(text)" : "confirm(decision)"));
        }
    }

    /** What a waiting session waits for, as its refusals say it: {@code an answer to "Which branch?"}. */
    private static String awaited(Asked asked) {
        return (asked.kind() == Asked.Kind.QUESTION ? "an answer to " : "a decision on ") + asked.quotedPrompt();
    }
}
