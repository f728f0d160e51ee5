package dev.agentfsm.runtime;

import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The chain one round's steps go through: its interceptors in order, then the state's work. One
 * object serves every step of a round (the round sets the step's facts before each), so a step
 * allocates nothing for it; confined to the round's thread.
 */
final class StepChain implements StepInterceptor.Chain {
    private final List<StepInterceptor> interceptors;
    private final Supplier<StepEnd> work;
    private final StateManager<?, ?> machine;
    private final Context context;
    private final Supplier<String> session;
    private final int round;
    /** Whether the session's recorder replays the running step. */
    private final BooleanSupplier replaying;

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
            Supplier<StepEnd> work,
            StateManager<?, ?> machine,
            Context context,
            Supplier<String> session,
            int round,
            BooleanSupplier replaying) {
        this.interceptors = interceptors;
        this.work = work;
        this.machine = machine;
        this.context = context;
        this.session = session;
        this.round = round;
        this.replaying = replaying;
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
            replayed = replaying.getAsBoolean();
            return work.get();
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
        return replayed || (next <= interceptors.size() && replaying.getAsBoolean());
    }
}
