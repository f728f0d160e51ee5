package dev.agentfsm.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * A state's decision about where to go next: a declared move within its machine, a declared
 * hand-off to another machine's agent, or a request for a move the state does not declare, which
 * the runtime turns into an {@link Outcome#ILLEGAL_TRANSITION} result.
 *
 * <p>A state obtains its decision from its generated {@code <Machine>Moves.<StateClass>} helper, which offers
 * one method per declared move, so an undeclared move does not compile. The factories here are what
 * that generated code calls; they check the move against the declaration too.
 *
 * <p>A decision is immutable, so it is made once and shared: the generated helpers hold one per declared
 * move within the machine, so deciding a move within a machine allocates nothing. A hand-off names the agent
 * that takes over, so it is made per call: one object, whose declared move is the status enum's own
 * {@code Optional} and whose agent is a plain field (the {@code Optional} of {@link #agent()} is made when
 * asked, where the JIT can remove it).
 */
public final class Next {
    private final Status from;
    private final Status to;
    private final Optional<Move> move;
    /** The agent that takes over in a hand-off; null for a move within the machine (see {@link #agent()}). */
    private final Agent agent;

    private Next(Status from, Status to, Optional<Move> move, Agent agent) {
        this.from = from;
        this.to = to;
        this.move = move;
        this.agent = agent;
    }

    /**
     * The declared move from {@code from} to {@code to} within one machine; an illegal decision when
     * {@code from} declares no such move.
     *
     * @throws IllegalArgumentException if the declared move is a hand-off: use {@link #handOff}
     */
    public static Next move(Status from, Status to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Optional<Move> declared = from.moveTo(to);
        if (declared.isPresent() && declared.get().isHandOff()) {
            throw new IllegalArgumentException(declared.get() + " is a hand-off; it needs the agent that takes"
                    + " over: use Next.handOff(from, to, agent)");
        }
        return new Next(from, to, declared, null);
    }

    /**
     * The declared hand-off from {@code from} to {@code to}, another machine's status, with the
     * agent that takes over there.
     *
     * @throws IllegalArgumentException if {@code from} declares no hand-off to {@code to}, or {@code agent}
     *     is not of the type the target machine drives
     */
    public static Next handOff(Status from, Status to, Agent agent) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        // plain checks, no lambda or method reference: a machine's first hand-off should not spin classes; the
        // messages are made in methods of their own, so that this one stays small enough for the JIT to inline
        // where the generated code calls it, with from and to known
        if (agent == null) {
            throw noAgent(from, to);
        }
        Optional<Move> declared = from.moveTo(to);
        // the machines of from and to, not the declared move's (the same statuses): where the generated code
        // calls this with both known, the JIT answers this check while compiling
        if (declared.isEmpty() || from.machine() == to.machine()) {
            throw notDeclared(from, to);
        }
        Class<?> driven = to.machine().agentType();
        if (!driven.isInstance(agent)) {
            throw wrongAgent(declared.get(), agent, driven);
        }
        return new Next(from, to, declared, agent);
    }

    private static NullPointerException noAgent(Status from, Status to) {
        return new NullPointerException("the hand-off " + from.qualifiedName() + " -> " + to.qualifiedName()
                + " needs the " + to.machine().name() + " agent to hand control to; got null");
    }

    private static IllegalArgumentException notDeclared(Status from, Status to) {
        return new IllegalArgumentException(from.qualifiedName() + " declares no hand-off to " + to.qualifiedName()
                + "; it declares " + from.moves());
    }

    private static IllegalArgumentException wrongAgent(Move declared, Agent agent, Class<?> driven) {
        return new IllegalArgumentException(
                declared + " hands control to " + agent.getClass().getName() + ", but "
                        + declared.to().machine().name() + " drives " + driven.getName());
    }

    /**
     * The declared move from {@code from} to {@code status} within {@code from}'s machine, the usual
     * decision when the agent's status names the next state; an illegal decision for any other status.
     */
    public static Next byStatus(Status from, Status status) {
        Objects.requireNonNull(from, "from");
        if (status == null) {
            throw new NullPointerException("the status " + from.qualifiedName() + " should move to");
        }
        Optional<Move> declared = from.moveTo(status);
        if (declared.isPresent() && declared.get().isHandOff()) {
            declared = Optional.empty();
        }
        return new Next(from, status, declared, null);
    }

    /** Whether the decision names a declared move. */
    public boolean isLegal() {
        return move.isPresent();
    }

    /** Whether the decision hands control to another machine's agent. */
    public boolean isHandOff() {
        return agent != null;
    }

    /** The status of the state that decided. */
    public Status from() {
        return from;
    }

    /** The target: the declared move's, or the status an illegal decision asked for. */
    public Status to() {
        return to;
    }

    /** The declared move; empty for an illegal decision. */
    public Optional<Move> move() {
        return move;
    }

    /** The agent that takes over in a hand-off; empty for a move within the machine. */
    public Optional<Agent> agent() {
        return Optional.ofNullable(agent);
    }

    @Override
    public String toString() {
        return move.isPresent()
                ? move.get().toString()
                : from.qualifiedName() + " -> " + to.qualifiedName() + " (not declared)";
    }
}
