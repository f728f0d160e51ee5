package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.Optional;

/**
 * A state's decision about where to go: a move within its machine, a hand-off to another machine's
 * agent, or an illegal request that the runtime turns into an explicit round result.
 *
 * <p>Decisions are made by the generated {@code <StateClass>Transitions} helpers, which offer one
 * method per declared transition; the moves within a machine are constants, so deciding allocates
 * nothing. The factories are public for that generated code; application code obtains a
 * {@code Next} from its helper, never by calling them.
 */
public final class Next {

    private final StateManager<?, ?> source;
    private final String from;
    private final StateManager<?, ?> machine;
    private final int index;
    private final String status;
    private final String target;
    private final Optional<Trigger> trigger;
    private final Agent agent;
    private final boolean handOff;
    /** For a completed hand-off, the generated constant it completes; otherwise {@code null}. */
    private final Next origin;

    private Next(StateManager<?, ?> source, String from, StateManager<?, ?> machine, int index,
            String status, String target, Optional<Trigger> trigger, Agent agent, boolean handOff,
            Next origin) {
        this.source = source;
        this.from = from;
        this.machine = machine;
        this.index = index;
        this.status = status;
        this.target = target;
        this.trigger = trigger;
        this.agent = agent;
        this.handOff = handOff;
        this.origin = origin;
    }

    /** A declared move from {@code from} to {@code to} within one machine. For generated code. */
    public static Next move(StateManager<?, ?> machine, String from, String to, Trigger by) {
        return new Next(machine, from, machine, indexIn(machine, to), to, to,
                Optional.of(by), null, false, null);
    }

    /**
     * A declared hand-off from {@code from} in {@code source} to {@code to} in {@code target}, without
     * its agent yet: {@link #withAgent} completes it. For generated code.
     */
    public static Next handOff(StateManager<?, ?> source, String from, StateManager<?, ?> target,
            String to, Trigger by) {
        return new Next(source, from, target, indexIn(target, to), to, target.machine().concat(".").concat(to),
                Optional.of(by), null, true, null);
    }

    /** A request for a move {@code from} did not declare (or a status no state has). For generated code. */
    public static Next illegal(StateManager<?, ?> source, String from, String requested) {
        return new Next(source, from, source, -1, requested, requested, Optional.empty(), null, false, null);
    }

    /**
     * This hand-off, completed with the agent that takes over. For generated code.
     *
     * <p>An agent that extends {@link BaseAgent} keeps the hand-off into it it was last given, so
     * handing control to the same agent again along the same declared hand-off allocates nothing;
     * other agents get a new {@code Next} each time.
     *
     * @throws NullPointerException naming the target if {@code next} is null
     * @throws IllegalStateException if this is not a hand-off
     */
    public Next withAgent(Agent next) {
        if (!handOff || origin != null) {
            throw new IllegalStateException(this + " is not a declared hand-off awaiting its agent;"
                    + " only the generated hand-off constants take an agent");
        }
        if (next == null) {
            throw new NullPointerException("the hand-off " + from + " -> " + target
                    + " needs the " + machine.machine() + " agent to hand control to; got null");
        }
        if (next instanceof BaseAgent base) {
            Next cached = base.lastHandOffInto;
            if (cached != null && cached.origin == this) {
                return cached;
            }
            Next completed = completeWith(next);
            base.lastHandOffInto = completed;
            return completed;
        }
        return completeWith(next);
    }

    private Next completeWith(Agent next) {
        return new Next(source, from, machine, index, status, target, trigger, next, true, this);
    }

    private static int indexIn(StateManager<?, ?> machine, String status) {
        int index = machine.table().indexOf(status);
        if (index < 0) {
            throw new UnknownStatusException(machine.machine(), status, machine.table().statuses());
        }
        return index;
    }

    /** Whether the decision names a declared transition. */
    public boolean isLegal() {
        return index >= 0;
    }

    /** Whether the decision hands control to another machine's agent. */
    public boolean isHandOff() {
        return handOff;
    }

    /** The machine of the state that decided. */
    public StateManager<?, ?> source() {
        return source;
    }

    /** The status of the state that decided. */
    public String from() {
        return from;
    }

    /** The machine of the target state; for an illegal request, the deciding machine. */
    public StateManager<?, ?> machine() {
        return machine;
    }

    /** The target state's index in {@link #machine()}, or {@code -1} for an illegal request. */
    public int index() {
        return index;
    }

    /** The target status within its machine, or the requested status of an illegal request (possibly {@code null}). */
    public String status() {
        return status;
    }

    /** The target as the transition table names it: {@code STATUS}, or {@code Machine.STATUS} for a hand-off. */
    public String target() {
        return target;
    }

    /** Who triggers the move; empty for an illegal request. */
    public Optional<Trigger> trigger() {
        return trigger;
    }

    /** The agent that acts in the target state: the hand-off's agent, otherwise {@code current}. */
    public Agent agent(Agent current) {
        return agent != null ? agent : current;
    }

    @Override
    public String toString() {
        if (!isLegal()) {
            return source.machine() + "." + from + " -> " + target + " (not declared)";
        }
        return source.machine() + "." + from + " -> " + (handOff ? target : machine.machine() + "." + status)
                + " (" + trigger.get() + ")";
    }
}
