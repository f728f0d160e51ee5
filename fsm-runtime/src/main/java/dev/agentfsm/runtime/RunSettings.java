package dev.agentfsm.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Round.Builder} and {@link Session.Builder} both collect: the machine and the agent it
 * drives, the shared context, the listeners and the cancellation token, each checked as it is set.
 * The round or session built copies them, so a builder used again changes nothing already built.
 *
 * @param <A> the agent type of the machine
 */
final class RunSettings<A extends Agent> {
    final StateManager<A, ?> machine;
    final A agent;
    private Context context = new Context();
    private final List<TransitionListener> listeners = new ArrayList<>();
    private CancellationToken cancellation = new CancellationToken();

    RunSettings(StateManager<A, ?> machine, A agent) {
        this.machine = Objects.requireNonNull(machine, "machine");
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    void context(Context context) {
        this.context = Objects.requireNonNull(context, "context");
    }

    Context context() {
        return context;
    }

    void listener(TransitionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** The listeners so far, in the order they were added; a copy. */
    List<TransitionListener> listeners() {
        return List.copyOf(listeners);
    }

    void cancellation(CancellationToken cancellation) {
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
    }

    CancellationToken cancellation() {
        return cancellation;
    }
}
