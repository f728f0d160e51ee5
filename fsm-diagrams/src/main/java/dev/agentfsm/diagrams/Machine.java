package dev.agentfsm.diagrams;

import java.util.List;
import java.util.Optional;

/**
 * A machine as its model file ({@code META-INF/agentfsm/<package>.<Name>.yaml}, written by the
 * agent-fsm processor) describes it: what the diagrams draw.
 *
 * @param name the machine's name, e.g. {@code AppAgent}
 * @param packageName the package of its base type, empty for the unnamed package
 * @param description the machine's description, empty when it has none
 * @param initial the initial state's status
 * @param fallback the state entered for an unknown status, if the machine has one
 * @param onError the state entered when a state's {@code handle} throws, if the machine has one
 * @param states the states, in declaration order
 */
public record Machine(
        String name,
        String packageName,
        String description,
        String initial,
        Optional<String> fallback,
        Optional<String> onError,
        List<State> states) {

    public Machine {
        states = List.copyOf(states);
    }

    /** {@code <package>.<Name>}, the name of the machine's files. */
    public String qualifiedName() {
        return packageName.isEmpty() ? name : packageName + "." + name;
    }

    /**
     * One state.
     *
     * @param name its status, e.g. {@code CONTINUE}
     * @param description what it does, empty when it says nothing
     * @param terminal whether it is {@code @Terminal}
     * @param endsRound whether entering it ends the round
     * @param endsSubtask whether entering it ends the subtask
     * @param moves its declared transitions, in declaration order
     */
    public record State(
            String name,
            String description,
            boolean terminal,
            boolean endsRound,
            boolean endsSubtask,
            List<Move> moves) {

        public State {
            moves = List.copyOf(moves);
        }
    }

    /**
     * A declared transition.
     *
     * @param to where it leads
     * @param trigger who decides it: {@code LLM}, {@code USER}, {@code SYSTEM}, ...
     * @param when the condition, empty when none is given
     */
    public record Move(Target to, String trigger, String when) {}

    /**
     * Where a move leads: a state of the same machine, or a hand-off to a state of another machine.
     *
     * @param machine the other machine's name for a hand-off, empty for a state of the same machine
     * @param status the state's status
     */
    public record Target(Optional<String> machine, String status) {

        /** {@code FINISH}, or {@code HostAgent.CONTINUE} for a hand-off: how the model and the diagrams name it. */
        public String label() {
            return machine.map(m -> m + "." + status).orElse(status);
        }

        /** Whether the move hands the work to another machine. */
        public boolean isHandOff() {
            return machine.isPresent();
        }
    }
}
