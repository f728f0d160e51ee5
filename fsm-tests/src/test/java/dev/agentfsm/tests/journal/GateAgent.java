package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Event;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The agent of {@link Gate}: in WAIT it may first be busy for a while, then waits for an event (or,
 * told not to wait, returns or throws), and reports the event's name as its status.
 */
public final class GateAgent extends BaseAgent {
    private Duration busy = Duration.ZERO;
    private boolean waits = true;
    private Optional<RuntimeException> failure = Optional.empty();
    /** Volatile: a test thread watches for WAIT's work to begin. */
    private volatile Optional<Duration> remaining = Optional.empty();

    private Optional<Event> taken = Optional.empty();

    public GateAgent() {
        super("Gate");
    }

    /** Works this long in WAIT before waiting. */
    public GateAgent busy(Duration busy) {
        this.busy = busy;
        return this;
    }

    /** Does not wait for an event: WAIT's work returns after being busy, with the status it has. */
    public GateAgent noWait() {
        this.waits = false;
        return this;
    }

    /** WAIT's work throws this after being busy. */
    public GateAgent fails(RuntimeException failure) {
        this.failure = Optional.of(failure);
        return this;
    }

    void waitForEvent(Context context) throws InterruptedException {
        remaining = context.inbox().remaining();
        Thread.sleep(busy.toMillis());
        if (failure.isPresent()) {
            throw failure.get();
        }
        if (!waits) {
            return;
        }
        Event event = context.inbox().await();
        taken = Optional.of(event);
        setStatus(GateStatus.parse(event.name().toUpperCase(Locale.ROOT)).orElse(GateStatus.SHUT));
    }

    /** How long WAIT could still wait when its work began. */
    public Optional<Duration> remaining() {
        return remaining;
    }

    /** The event WAIT took, if it took one. */
    public Optional<Event> taken() {
        return taken;
    }
}
