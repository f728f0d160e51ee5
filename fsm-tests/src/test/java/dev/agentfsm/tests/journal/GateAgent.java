package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Event;
import dev.agentfsm.runtime.Status;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The agent of {@link Gate} and {@link PatientGate}: in WAIT it may first be busy for a while, then waits for an event (or,
 * told not to wait, returns or throws), and reports the event's name as its status.
 */
public final class GateAgent extends BaseAgent {
    private Duration busy = Duration.ZERO;
    private boolean waits = true;
    private Optional<RuntimeException> failure = Optional.empty();
    /** Volatile: a test thread watches for WAIT's work to begin. */
    private volatile Optional<Duration> remaining = Optional.empty();

    private Optional<Event> taken = Optional.empty();

    /** Turns an event's name into the status WAIT moves to; the machine's SHUT for a name it does not know. */
    private final Function<String, Status> statusNamed;

    /** The agent of {@link Gate}. */
    public GateAgent() {
        this("Gate", name -> GateStatus.parse(name).orElse(GateStatus.SHUT));
    }

    private GateAgent(String name, Function<String, Status> statusNamed) {
        super(name);
        this.statusNamed = statusNamed;
    }

    /** The agent of {@link PatientGate}, whose WAIT times out after a minute instead of 0.3 s. */
    public static GateAgent patient() {
        return new GateAgent(
                "PatientGate", name -> PatientGateStatus.parse(name).orElse(PatientGateStatus.SHUT));
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
        setStatus(statusNamed.apply(event.name().toUpperCase(Locale.ROOT)));
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
