package dev.agentfsm.runtime;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * The external events delivered to a session, in the order they arrived: what a waiting state
 * (PENDING, say) reads. The embedding application delivers them from any thread
 * ({@link Session#deliver} or {@link #deliver}); a state's work takes them with {@link #await()} or
 * {@link #poll()}. Each {@link Context} has one ({@link Context#inbox()}).
 *
 * <pre>{@code
 * @State("PENDING")
 * @Timeout(after = "PT5M", to = Fail.class)
 * @Transition(to = Continue.class, by = Trigger.USER)
 * @Transition(to = Fail.class, by = Trigger.TIMEOUT)
 * public static final class Pending extends Base {
 *     public void handle(MyAgent agent, Context context) throws InterruptedException {
 *         Event event = context.inbox().await();   // at most until PENDING's time-out; then the round moves to FAIL
 *         agent.setStatus(event.name().equals("approved") ? MyStatus.CONTINUE : MyStatus.FAIL);
 *     }
 * }
 * }</pre>
 *
 * <p>An event delivered while no state waits stays in the inbox until one does. In a session with
 * a {@link SessionRecorder} (a journal) an event is durable once the step that took it completed: the
 * recorder records it, and a resumed session replays it. Events delivered but not yet taken when the process died are not in
 * the journal: deliver them again.
 */
public final class Inbox {
    private static final CancellationToken NOT_CANCELLED = new CancellationToken();

    /** The events not yet taken, oldest first; created by the first delivery, guarded by this inbox's lock. */
    private ArrayDeque<Event> events;
    /**
     * The session's recorder and the view of this inbox it takes from, when the session has a
     * {@link SessionRecorder}: a class of their own, made by {@link #record}, so that an inbox without a
     * recorder loads neither it nor {@link SessionRecorder.LiveInbox}.
     */
    private volatile Optional<Recording> recording = Optional.empty();

    // The state now running, its deadline and the round's cancellation: written by the round and read by
    // the state's work, both on the round's thread, so plain fields (and no allocation per step) do.
    /** Null while no state runs; read through {@link #running()}. */
    private Status running;

    private Optional<Timeout> timeout = Optional.empty();
    private long deadlineNanos;
    private CancellationToken cancellation = NOT_CANCELLED;
    /** Set once, before the session's first round: an empty inbox suspends an {@link #await()}. */
    private volatile boolean suspendWhenEmpty;

    /** Delivers an event; any thread may call this. */
    public void deliver(Event event) {
        Objects.requireNonNull(event, "event");
        synchronized (this) {
            if (events == null) {
                events = new ArrayDeque<>();
            }
            events.add(event);
            notifyAll();
        }
    }

    /**
     * The oldest event, waiting for one as long as the running state may: until its {@code @Timeout}
     * runs out, or without limit when it declares none. For the state's work, on the round's thread.
     *
     * @throws StateTimeoutException when the running state's time-out ran out first; the round then
     *     takes its {@code TIMEOUT} move (no event is taken)
     * @throws CancellationException when the round was cancelled while waiting
     * @throws InterruptedException when the thread was interrupted while waiting
     */
    public Event await() throws InterruptedException {
        Optional<Recording> recorded = recording;
        if (recorded.isPresent()) {
            return recorded.get().awaitRecorded();
        }
        return awaitLive();
    }

    /** The oldest event if one has arrived, without waiting. */
    public Optional<Event> poll() {
        Optional<Recording> recorded = recording;
        if (recorded.isPresent()) {
            return recorded.get().pollRecorded();
        }
        return pollLive();
    }

    /**
     * How long the running state may still wait, when it declares a {@code @Timeout}; for the state's
     * work, on the round's thread.
     */
    public Optional<Duration> remaining() {
        return timeout.map(t -> Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
    }

    /** How many events wait to be taken. */
    public synchronized int size() {
        return events == null ? 0 : events.size();
    }

    Event awaitLive() throws InterruptedException {
        if (suspendWhenEmpty) {
            synchronized (this) {
                if (events == null || events.isEmpty()) {
                    throw new Waiting.Suspension(
                            Waiting.Kind.EVENT,
                            "an event for "
                                    + running().map(Status::qualifiedName).orElse("the waiting state"));
                }
            }
        }
        CancellationToken token = cancellation;
        if (token == NOT_CANCELLED) {
            return awaitUncancellable();
        }
        // the token wakes this wait when it is cancelled, so the wait needs no timer of its own: a session
        // waiting without a @Timeout costs no processor time until its event, its cancellation or an interrupt
        boolean cancelled = token.startWaiting(this);
        try {
            while (true) {
                if (cancelled || token.isCancelled()) {
                    throw new CancellationException("the round was cancelled while "
                            + running().map(Status::qualifiedName).orElse("its state") + " waited for an event");
                }
                long left = 0;
                if (timeout.isPresent()) {
                    left = deadlineNanos - System.nanoTime();
                    if (left <= 0) {
                        throw timedOut();
                    }
                }
                synchronized (this) {
                    if (events != null && !events.isEmpty()) {
                        return events.poll();
                    }
                    if (token.isCancelled()) {
                        continue; // cancelled before this lock was taken: its wake-up may have come already
                    }
                    if (timeout.isPresent()) {
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    } else {
                        wait();
                    }
                }
            }
        } finally {
            token.stopWaiting(this);
        }
    }

    /** A wait outside any round's state: nothing can cancel it but an interrupt. */
    private synchronized Event awaitUncancellable() throws InterruptedException {
        while (events == null || events.isEmpty()) {
            wait();
        }
        return events.poll();
    }

    /** Wakes a wait in {@link #awaitLive()}: the token it waits under was cancelled. */
    synchronized void wake() {
        notifyAll();
    }

    synchronized Optional<Event> pollLive() {
        return events == null ? Optional.empty() : Optional.ofNullable(events.poll());
    }

    /** The round entered {@code status}: its time-out starts now. */
    void enter(Status status, CancellationToken cancellation) {
        this.running = status;
        this.timeout = status.timeout();
        this.deadlineNanos = timeout.isPresent()
                ? System.nanoTime() + saturatedNanos(timeout.get().after())
                : 0;
        this.cancellation = cancellation;
    }

    /** The running state's work ended. */
    void leave() {
        running = null;
        timeout = Optional.empty();
        cancellation = NOT_CANCELLED;
    }

    /** Whether the running state's time-out has run out. */
    boolean expired() {
        return timeout.isPresent() && deadlineNanos - System.nanoTime() <= 0;
    }

    /**
     * Whether the running state's time-out ran out, as the session's recorder recorded it for a
     * replayed step; for the round, after the state's work.
     */
    boolean ranOut() {
        boolean live = expired();
        Optional<Recording> recorded = recording;
        return recorded.isPresent() ? recorded.get().ranOut(live) : live;
    }

    /** The running state's time-out ran out: what {@link #await()} throws. */
    StateTimeoutException timedOut() {
        return new StateTimeoutException(running().orElseThrow(), timeout.orElseThrow());
    }

    private Optional<Status> running() {
        return Optional.ofNullable(running);
    }

    /** An {@link #await()} with no event in the inbox suspends the round rather than wait (a session's choice). */
    void suspendWhenEmpty() {
        suspendWhenEmpty = true;
    }

    /** Takes from now on go through the session's recorder. */
    void record(SessionRecorder recorder) {
        this.recording = Optional.of(new Recording(recorder, this));
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 2; // about 146 years: never, in practice
        }
    }

    /**
     * A recorded session's inbox: takes go through the session's {@link SessionRecorder}, which replays
     * them or takes from this inbox live ({@link SessionRecorder.LiveInbox}) and records them.
     */
    private static final class Recording implements SessionRecorder.LiveInbox {
        private final SessionRecorder recorder;
        private final Inbox inbox;

        Recording(SessionRecorder recorder, Inbox inbox) {
            this.recorder = recorder;
            this.inbox = inbox;
        }

        Event awaitRecorded() throws InterruptedException {
            return recorder.await(this);
        }

        Optional<Event> pollRecorded() {
            return recorder.poll(this);
        }

        boolean ranOut(boolean live) {
            return recorder.timedOut(live);
        }

        @Override
        public Event await() throws InterruptedException {
            return inbox.awaitLive();
        }

        @Override
        public Optional<Event> poll() {
            return inbox.pollLive();
        }

        @Override
        public StateTimeoutException timedOut() {
            return inbox.timedOut();
        }
    }

    /**
     * Thrown by {@link Inbox#await()} when the waiting state's {@code @Timeout} has run out. The state's
     * work need not catch it: the round takes the state's declared {@code TIMEOUT} move. A state that
     * catches it to clean up still takes that move when its work ends.
     */
    public static final class StateTimeoutException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @SuppressWarnings("serial") // statuses are enum constants, serializable
        private final Status status;

        private final Timeout timeout;

        /**
         * @param status the state that timed out
         * @param timeout its declared time-out
         */
        public StateTimeoutException(Status status, Timeout timeout) {
            super(Objects.requireNonNull(status, "status").qualifiedName() + " waited its @Timeout of "
                    + Objects.requireNonNull(timeout, "timeout").after() + " without an event; it moves to "
                    + timeout.to().name());
            this.status = status;
            this.timeout = timeout;
        }

        /** The state that timed out. */
        public Status status() {
            return status;
        }

        /** Its declared time-out. */
        public Timeout timeout() {
            return timeout;
        }
    }
}
