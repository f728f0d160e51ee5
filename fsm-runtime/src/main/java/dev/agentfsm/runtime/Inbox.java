package dev.agentfsm.runtime;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.LinkedBlockingQueue;
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
 * <p>An event delivered while no state waits stays in the inbox until one does. In a journaled
 * session an event is durable once the step that took it completed: the journal records it, and a
 * resumed session replays it. Events delivered but not yet taken when the process died are not in
 * the journal: deliver them again.
 */
public final class Inbox {
    /** How often a wait looks at its round's cancellation token. */
    private static final long CANCEL_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    /** The state now running in the round that owns the inbox: its time-out and the round's cancellation. */
    private volatile Waiting waiting = Waiting.NONE;
    /** Where takes are recorded and replayed when the session keeps a journal. */
    private volatile Optional<Journal> journal = Optional.empty();

    /** The running state's deadline, from its {@code @Timeout}, and the round's cancellation. */
    record Waiting(
            Optional<Status> status, Optional<Timeout> timeout, long deadlineNanos, CancellationToken cancellation) {
        static final Waiting NONE = new Waiting(Optional.empty(), Optional.empty(), 0, new CancellationToken());

        Optional<Duration> remaining() {
            return timeout.map(t -> Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
        }

        boolean expired() {
            return timeout.isPresent() && deadlineNanos - System.nanoTime() <= 0;
        }
    }

    /** Delivers an event; any thread may call this. */
    public void deliver(Event event) {
        events.add(Objects.requireNonNull(event, "event"));
    }

    /**
     * The oldest event, waiting for one as long as the running state may: until its {@code @Timeout}
     * runs out, or without limit when it declares none.
     *
     * @throws StateTimeoutException when the running state's time-out ran out first; the round then
     *     takes its {@code TIMEOUT} move (no event is taken)
     * @throws CancellationException when the round was cancelled while waiting
     * @throws InterruptedException when the thread was interrupted while waiting
     */
    public Event await() throws InterruptedException {
        Optional<Journal> recording = journal;
        if (recording.isPresent()) {
            return recording.get().awaitEvent(this);
        }
        return awaitLive();
    }

    /** The oldest event if one has arrived, without waiting. */
    public Optional<Event> poll() {
        Optional<Journal> recording = journal;
        if (recording.isPresent()) {
            return recording.get().pollEvent(this);
        }
        return pollLive();
    }

    /** How long the running state may still wait, when it declares a {@code @Timeout}. */
    public Optional<Duration> remaining() {
        return waiting.remaining();
    }

    /** How many events wait to be taken. */
    public int size() {
        return events.size();
    }

    Event awaitLive() throws InterruptedException {
        Waiting now = waiting;
        while (true) {
            if (now.cancellation().isCancelled()) {
                throw new CancellationException("the round was cancelled while "
                        + now.status().map(Status::qualifiedName).orElse("its state") + " waited for an event");
            }
            long wait = CANCEL_CHECK_NANOS;
            if (now.timeout().isPresent()) {
                long left = now.deadlineNanos() - System.nanoTime();
                if (left <= 0) {
                    throw new StateTimeoutException(
                            now.status().orElseThrow(), now.timeout().get());
                }
                wait = Math.min(wait, left);
            }
            Event event = events.poll(wait, TimeUnit.NANOSECONDS);
            if (event != null) {
                return event;
            }
        }
    }

    Optional<Event> pollLive() {
        return Optional.ofNullable(events.poll());
    }

    /** The round entered {@code status}: its time-out starts now. */
    void enter(Status status, CancellationToken cancellation) {
        Optional<Timeout> timeout = status.timeout();
        long deadline =
                System.nanoTime() + timeout.map(t -> saturatedNanos(t.after())).orElse(0L);
        waiting = new Waiting(Optional.of(status), timeout, deadline, cancellation);
    }

    /** The running state's work ended. */
    void leave() {
        waiting = Waiting.NONE;
    }

    /** Whether the running state's time-out has run out. */
    boolean expired() {
        return waiting.expired();
    }

    Waiting waiting() {
        return waiting;
    }

    /** Takes from now on go through the session's journal. */
    void record(Journal journal) {
        this.journal = Optional.of(journal);
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 2; // about 146 years: never, in practice
        }
    }
}
