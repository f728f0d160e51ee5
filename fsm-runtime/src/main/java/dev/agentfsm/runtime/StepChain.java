package dev.agentfsm.runtime;

import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import java.util.List;
import java.util.Optional;

/**
 * The chain one round's steps go through: its interceptors in order, then the state's work. One
 * object serves every step of a round (the round sets the step's facts before each), so a step
 * allocates nothing for it; confined to the round's thread. It holds the round's parts themselves
 * rather than suppliers of them: a lambda spins a class at a machine's first round.
 */
final class StepChain implements StepInterceptor.Chain {
    private final List<StepInterceptor> interceptors;
    /** The chain's end: the state's work and what follows it. */
    private final StateStep work;

    private final StateManager<?, ?> machine;
    private final Context context;
    private final SessionId session;
    private final int round;
    /** Says whether the session's recorder replays the running step. */
    private final RoundHooks hooks;

    private Status status;
    private Agent agent;
    private int step;
    private int sessionStep;
    private boolean replayed;
    /** The next link to run: an interceptor's index, or {@code interceptors.size()} for the work. */
    private int next;
    /** The interceptor now running; -1 while none does. */
    private int running = -1;

    StepChain(
            List<StepInterceptor> interceptors,
            StateStep work,
            StateManager<?, ?> machine,
            Context context,
            SessionId session,
            int round,
            RoundHooks hooks) {
        this.interceptors = interceptors;
        this.work = work;
        this.machine = machine;
        this.context = context;
        this.session = session;
        this.round = round;
        this.hooks = hooks;
    }

    /** Runs one step of {@code status} by {@code agent} through the whole chain. */
    StepEnd run(Status status, Agent agent, int step, int sessionStep) {
        this.status = status;
        this.agent = agent;
        this.step = step;
        this.sessionStep = sessionStep;
        this.replayed = false;
        this.next = 0;
        return proceed();
    }

    @Override
    public StepEnd proceed() {
        int link = next;
        if (link != running + 1) {
            throw new IllegalStateException("interceptor " + name(running) + " called proceed() twice in step " + step
                    + " (" + status.qualifiedName() + "); a step runs once: call it once and return its end");
        }
        next = link + 1;
        if (link == interceptors.size()) {
            // the recorder, outermost, began the step: remember what it said, for after the step's end
            replayed = hooks.stepReplayed();
            return work.run(status, agent, step);
        }
        int outer = running;
        running = link;
        try {
            return interceptors.get(link).intercept(this);
        } finally {
            running = outer;
        }
    }

    @Override
    public StepEnd veto(String why) {
        String interceptor = running < 0 ? "(none)" : name(running);
        return new StepEnd.Ended(RoundResult.ended(
                Outcome.VETOED,
                RoundReasons.vetoed(interceptor, String.valueOf(why), step, status),
                status,
                step,
                Optional.empty(),
                Optional.empty()));
    }

    private String name(int link) {
        return interceptors.get(link).getClass().getName();
    }

    @Override
    public StateManager<?, ?> machine() {
        return machine;
    }

    @Override
    public Status status() {
        return status;
    }

    @Override
    public Agent agent() {
        return agent;
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public String session() {
        return session.get();
    }

    @Override
    public int round() {
        return round;
    }

    @Override
    public int step() {
        return step;
    }

    @Override
    public int sessionStep() {
        return sessionStep;
    }

    @Override
    public boolean replayed() {
        return replayed || (next <= interceptors.size() && hooks.stepReplayed());
    }
}
