package dev.agentfsm.runtime;

import dev.agentfsm.runtime.RoundDecider.StepBudget;
import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Rounds over successive requests (UFO's session): at most {@link RuntimeConfig#maxRound()} rounds,
 * all drawing on one budget of {@link RuntimeConfig#maxStep()} steps, from the agent's
 * {@link Agent#config()} unless {@link Builder#config} gives other settings. At the start of
 * each round the agent is {@linkplain Agent#reset() reset} and the machine starts in its initial
 * state, so a round never begins where the last one ended (UFO's Linux and Mobile sessions don't
 * reset, so their second round starts in FINISH). A session is used by one thread at a time (a {@code run},
 * {@code runRound} or {@code resume} while a round runs is refused); many sessions may run at once, sharing
 * the generated state managers.
 *
 * <p>A session can be recorded, one record per completed step, and resume from its record after its
 * process died: {@link Builder#recorder} records a new one, {@link #resume} continues one. The
 * recorder is a {@link SessionRecorder}; fsm-journal's {@code Journal} is one. Its
 * {@link StepInterceptor}s ({@link Builder#interceptor}) wrap every step of every round, inside the
 * recorder's record of the step.
 *
 * <pre>{@code
 * List<RoundResult> results = Session.of(LinuxAgentStateManager.instance(), agent)
 *         .build().run(List.of("list the files"));
 * }</pre>
 */
public final class Session {
    private final StateManager<? extends Agent, ?> machine;
    private final Agent agent;
    private final RuntimeConfig config;
    private final Context context;
    private String id;
    private final Listeners listeners;
    private final List<StepInterceptor> interceptors;
    private final CancellationToken cancellation;
    private final StepBudget budget;
    private final List<RoundResult> results = new ArrayList<>();
    private Optional<SessionRecorder> recorder;
    /** The thread running the session's rounds, while one runs: a session runs one round at a time. */
    private final AtomicReference<Thread> runner = new AtomicReference<>();

    private Session(Builder<?> builder) {
        this.machine = builder.machine;
        this.agent = builder.agent;
        this.config = builder.config.orElseGet(builder.agent::config);
        this.context = builder.context;
        this.id = builder.id.orElseGet(() -> UUID.randomUUID().toString());
        this.listeners = new Listeners(builder.listeners);
        this.interceptors = List.copyOf(builder.interceptors);
        this.cancellation = builder.cancellation;
        this.budget = new StepBudget(config.maxStep());
        this.recorder = builder.recorder;
        if (builder.suspendEventWaits) {
            context.inbox().suspendWhenEmpty();
        }
        recorder.ifPresent(r -> {
            r.start(machine, config, id);
            context.inbox().record(r);
        });
    }

    /** Starts building a session of {@code machine} driving {@code agent}. */
    public static <A extends Agent> Builder<A> of(StateManager<A, ?> machine, A agent) {
        return new Builder<>(machine, agent);
    }

    /**
     * Runs one round per request, in order, and returns their results: one per request, also when a
     * round could not start because the session was cancelled or its step budget is spent (that
     * round's result says so). A round that {@linkplain Outcome#SUSPENDED suspends} at a wait is the
     * last one run: the later requests are recorded and run when the session is resumed.
     *
     * @throws IllegalArgumentException if there are more requests than {@code maxRound} allows
     * @throws IllegalStateException if a round of this session runs already, on another thread or in this one
     */
    public List<RoundResult> run(List<String> requests) {
        List<String> all = List.copyOf(requests);
        return alone("run", () -> {
            int left = config.maxRound() - results.size();
            if (all.size() > left) {
                throw new IllegalArgumentException(all.size() + " requests given, but this session may run "
                        + left + " more round(s) (maxRound " + config.maxRound() + ", " + results.size()
                        + " run); raise maxRound or split the requests over sessions");
            }
            recorder.ifPresent(r -> r.requests(all));
            return rounds(all);
        });
    }

    /**
     * Runs {@code rounds} with the session taken by the calling thread: a second caller while they run is refused,
     * since its rounds would share the agent, the context and the recorder's history with the first's.
     */
    private <T> T alone(String call, Supplier<T> rounds) {
        Thread other = runner.compareAndExchange(null, Thread.currentThread());
        if (other != null) {
            throw new IllegalStateException("session " + id + " is running a round on thread '" + other.getName()
                    + "', and " + call + " was called on thread '"
                    + Thread.currentThread().getName()
                    + "'; a session runs one round at a time (its agent, its context and its journal hold one"
                    + " history). Call " + call + " once that round has ended, or give the other work a session"
                    + " of its own");
        }
        try {
            return rounds.get();
        } finally {
            runner.set(null);
        }
    }

    /** A round per request, in order, up to the first that suspends: the later ones run when the session is resumed. */
    private List<RoundResult> rounds(List<String> requests) {
        List<RoundResult> ran = new ArrayList<>(requests.size());
        for (String request : requests) {
            RoundResult result = round(request);
            ran.add(result);
            if (result.suspended()) {
                break;
            }
        }
        return List.copyOf(ran);
    }

    /**
     * Resumes the session {@code recorder} recorded (a journal, say), in this session (built without a
     * recorder, with the same machine, settings and an agent built alike, its model, driver and user
     * channel wrapped by the recorder, as {@code journal.llm(...)}, {@code journal.driver(...)} and
     * {@code journal.user(...)} do): the session takes the recorded id, runs the recorded requests,
     * replays the steps the recorder holds (their LLM calls, device actions, answers and events return
     * the recorded results and are not made again) and continues live at the first step it does not
     * hold, recording from there on. A step that was cut off in the middle was not recorded and runs
     * again. A session that {@linkplain Outcome#SUSPENDED suspended} at a wait goes on from that wait: its
     * step replays what it did before it and takes the reply given to the recorder (fsm-journal's
     * {@code journal.answer(text)}, {@code confirm(decision)}, {@code deliver(event)}); without a reply the
     * wait is made again (a suspending channel suspends again).
     *
     * @return the results of the recorded requests' rounds, in order (none when the process died before
     *     a request was recorded: run the requests again on this session); later requests may follow
     *     with {@link #run} or {@link #runRound}, recorded by the same recorder
     * @throws RuntimeException the recorder's own (a journal's {@code JournalException}) if it was written
     *     by other machines or settings, or a recorded step does not replay as recorded
     * @throws IllegalStateException if this session has a recorder already, has run a round, or runs one now
     */
    public List<RoundResult> resume(SessionRecorder recorder) {
        Objects.requireNonNull(recorder, "recorder");
        return alone("resume", () -> resumed(recorder));
    }

    private List<RoundResult> resumed(SessionRecorder recorder) {
        if (this.recorder.isPresent()) {
            throw new IllegalStateException(
                    "session " + id + " records to " + this.recorder.get().where() + " already; resume "
                            + recorder.where() + " in a session built without .recorder(...)");
        }
        if (!results.isEmpty()) {
            throw new IllegalStateException("session " + id + " has run " + results.size() + " round(s); resume "
                    + recorder.where() + " in a new session");
        }
        SessionRecorder.Recorded recorded = recorder.resume(machine, config);
        id = recorded.session();
        this.recorder = Optional.of(recorder);
        context.inbox().record(recorder);
        return rounds(recorded.requests());
    }

    /**
     * Runs the next round, for {@code request}; the request is stored under {@link Context#REQUEST}.
     * The agent is reset and the machine starts in its initial state; when the round ends the request
     * is added to the agent's blackboard.
     *
     * @throws IllegalStateException if the session has already run {@code maxRound} rounds, or a round of
     *     this session runs already
     */
    public RoundResult runRound(String request) {
        Objects.requireNonNull(request, "request");
        return alone("runRound", () -> {
            checkRoundLeft();
            recorder.ifPresent(r -> r.requests(List.of(request)));
            return round(request);
        });
    }

    private void checkRoundLeft() {
        if (results.size() >= config.maxRound()) {
            throw new IllegalStateException("session " + id + " has run its " + config.maxRound()
                    + " round(s) (maxRound); raise maxRound to run more requests in one session");
        }
    }

    private RoundResult round(String request) {
        checkRoundLeft();
        int number = results.size() + 1;
        agent.reset();
        context.put(Context.REQUEST, request);
        // the recorder records each step outside the session's own interceptors, and each round's end
        List<StepInterceptor> chain = new ArrayList<>(interceptors.size() + 1);
        recorder.ifPresent(r -> chain.add(r.steps()));
        chain.addAll(interceptors);
        RoundResult result = new Round(
                        machine,
                        agent,
                        context,
                        budget,
                        listeners,
                        chain,
                        recorder.map(SessionRecorder::rounds).orElse(RoundHooks.NONE),
                        cancellation,
                        Optional.of(id),
                        number)
                .run();
        agent.blackboard().addRequest(request);
        results.add(result);
        return result;
    }

    /** The results of the rounds run so far, in order. */
    public List<RoundResult> results() {
        return List.copyOf(results);
    }

    /** The steps the session's rounds have taken so far, out of {@link RuntimeConfig#maxStep()}. */
    public int steps() {
        return budget.used();
    }

    /**
     * Delivers an external event to the session, for a state that waits for one
     * ({@link Inbox#await()}); any thread may call this, also while a round runs.
     */
    public void deliver(Event event) {
        context.inbox().deliver(event);
    }

    /** The context shared by the session's rounds. */
    public Context context() {
        return context;
    }

    /** What records the session, if something does. */
    public Optional<SessionRecorder> recorder() {
        return recorder;
    }

    /** The session's id, as traces name it; a resumed session has its recorded one. */
    public String id() {
        return id;
    }

    /**
     * Configures a {@link Session}.
     *
     * @param <A> the agent type
     */
    public static final class Builder<A extends Agent> {
        private final StateManager<A, ?> machine;
        private final A agent;
        private Optional<RuntimeConfig> config = Optional.empty();
        private Context context = new Context();
        private Optional<String> id = Optional.empty();
        private final List<TransitionListener> listeners = new ArrayList<>();
        private final List<StepInterceptor> interceptors = new ArrayList<>();
        private CancellationToken cancellation = new CancellationToken();
        private Optional<SessionRecorder> recorder = Optional.empty();
        private boolean suspendEventWaits;

        Builder(StateManager<A, ?> machine, A agent) {
            this.machine = Objects.requireNonNull(machine, "machine");
            this.agent = Objects.requireNonNull(agent, "agent");
        }

        /** Settings other than the agent's {@link Agent#config()} ({@code maxStep}, {@code maxRound}). */
        public Builder<A> config(RuntimeConfig config) {
            this.config = Optional.of(Objects.requireNonNull(config, "config"));
            return this;
        }

        /** The context its rounds share; a new one by default. */
        public Builder<A> context(Context context) {
            this.context = Objects.requireNonNull(context, "context");
            return this;
        }

        /** The session's id for traces; a random one by default. */
        public Builder<A> id(String id) {
            this.id = Optional.of(Objects.requireNonNull(id, "id"));
            return this;
        }

        /** Adds a listener to every round. */
        public Builder<A> listener(TransitionListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Adds an interceptor around each step of every round; the first added is the outermost. The
         * session's recorder, when it has one, records each step outside them all.
         */
        public Builder<A> interceptor(StepInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** A token that cancels the session's current round and every later one. */
        public Builder<A> cancellation(CancellationToken cancellation) {
            this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
            return this;
        }

        /**
         * A new recorder the session records its steps in (fsm-journal's {@code Journal.create(path)};
         * it starts recording when the session is built), so that it can be resumed after a crash with
         * {@link Session#resume}. Wrap the agent's model, driver and user channel with the journal's
         * {@code journal.llm(...)}, {@code journal.driver(...)} and {@code journal.user(...)} so that their
         * calls are recorded.
         */
        public Builder<A> recorder(SessionRecorder recorder) {
            this.recorder = Optional.of(Objects.requireNonNull(recorder, "recorder"));
            return this;
        }

        /**
         * A state that awaits an event ({@link Inbox#await()}) while none is in the inbox stops the round
         * ({@link Outcome#SUSPENDED}, waiting for an {@link Waiting.Kind#EVENT}) instead of holding the
         * thread; its journal records the wait, and a later process delivers the event there and resumes
         * the session. A user channel suspends alike with {@code UserChannel.suspending()}. While a session
         * is suspended no clock runs: a state's {@code @Timeout} counts from when the resumed step enters it.
         */
        public Builder<A> suspendEventWaits() {
            this.suspendEventWaits = true;
            return this;
        }

        /**
         * The session.
         *
         * @throws RuntimeException the recorder's own (a journal's {@code JournalException}) if it already
         *     holds a session (resume it with {@link Session#resume}) or serves another session, or cannot
         *     be written
         */
        public Session build() {
            return new Session(this);
        }
    }
}
