package dev.agentfsm.runtime;

import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import java.util.ArrayList;
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
    /** The end the state's work came to in this step; null until the work ran. */
    private StepEnd workEnd;
    /** The ends this chain made in this step (vetoes, refused moves), which the links outside may pass on. */
    private List<StepEnd> made;

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
        this.workEnd = null;
        if (made != null) {
            made.clear();
        }
        return proceed();
    }

    @Override
    public StepEnd proceed() {
        int link = next;
        if (running < 0 && link > 0) {
            // no interceptor runs: the chain was kept past the step it was given for
            throw new IllegalStateException("proceed() called on the chain of step " + step + " ("
                    + status.qualifiedName() + ") after that step ended; a chain is good only inside the intercept"
                    + " call it was given to: call proceed() there, and keep no chain");
        }
        if (link != running + 1) {
            throw new IllegalStateException("interceptor " + name(running) + " called proceed() twice in step " + step
                    + " (" + status.qualifiedName() + "); a step runs once: call it once and return its end");
        }
        next = link + 1;
        if (link == interceptors.size()) {
            // the recorder, outermost, began the step: remember what it said, for after the step's end
            replayed = hooks.stepReplayed();
            workEnd = work.run(status, agent, step, replayed);
            return workEnd;
        }
        int outer = running;
        running = link;
        StepEnd end;
        try {
            end = interceptors.get(link).intercept(this);
        } finally {
            running = outer;
        }
        return checked(link, end);
    }

    /**
     * The end interceptor {@code link} returned, as the links outside it see it: the end that came up, a veto, or
     * a move the step's state declares (with its own agent, or one of the type a hand-off's machine drives). A
     * move the table does not allow ends the round as {@code ILLEGAL_TRANSITION}, as a state's own would: an
     * interceptor cannot move the round where its machine does not go, nor end it as it did not end.
     */
    private StepEnd checked(int link, StepEnd end) {
        if (end == null || (end instanceof StepEnd.Ended && end != workEnd && !isMade(end))) {
            throw new IllegalStateException("interceptor " + name(link) + " returned "
                    + (end == null ? "null" : "an end of its own making (" + ((StepEnd.Ended) end).outcome() + ")")
                    + " in step " + step + " (" + status.qualifiedName()
                    + "); return the end chain.proceed() gave, a move the state declares, or chain.veto(why)");
        }
        if (!(end instanceof StepEnd.Moved moved) || moved.equals(workEnd)) {
            return end;
        }
        Optional<Move> declared = status.moveTo(moved.to());
        boolean legal = declared.isPresent()
                && declared.get().trigger() == moved.trigger()
                && (declared.get().isHandOff()
                        ? moved.to().machine().agentType().isInstance(moved.agent())
                        : moved.agent() == agent);
        if (legal) {
            return end;
        }
        return made(new StepEnd.Ended(RoundResult.ended(
                Outcome.ILLEGAL_TRANSITION,
                RoundReasons.interceptorMoved(name(link), step, status, declared, moved),
                status,
                step,
                Optional.empty(),
                Optional.of(new RoundResult.Violation(
                        status, RoundReasons.requested(status, moved.to()), status.targets())))));
    }

    @Override
    public StepEnd veto(String why) {
        String interceptor = running < 0 ? "(none)" : name(running);
        return made(new StepEnd.Ended(RoundResult.ended(
                Outcome.VETOED,
                RoundReasons.vetoed(interceptor, String.valueOf(why), step, status),
                status,
                step,
                Optional.empty(),
                Optional.empty())));
    }

    private StepEnd made(StepEnd end) {
        if (made == null) {
            made = new ArrayList<>(2);
        }
        made.add(end);
        return end;
    }

    private boolean isMade(StepEnd end) {
        if (made != null) {
            for (StepEnd one : made) {
                if (one == end) {
                    return true;
                }
            }
        }
        return false;
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
