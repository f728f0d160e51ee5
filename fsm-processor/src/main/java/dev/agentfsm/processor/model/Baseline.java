package dev.agentfsm.processor.model;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A machine's committed model, the YAML the processor wrote for an earlier version of it, read back
 * from the baseline directory ({@code -Aagentfsm.baseline=<dir>}) to find what a new version breaks.
 * Only what a running session depends on is kept: the initial state, each state's moves, which
 * states end the round, and where their time-outs go.
 */
public sealed interface Baseline {

    /** The file it was read from, for messages. */
    Path file();

    /**
     * A baseline that was read.
     *
     * @param file the YAML file
     * @param initial the initial state's status
     * @param states each state's status and its moves, in the file's order
     * @param endsRound each state's {@code endsRound}, by status; a state whose model does not say (a model
     *     written before it did) is not in it
     * @param timeoutTo the target of each state's {@code @Timeout}, by status; a state without one is not in it
     */
    record Model(
            Path file,
            String initial,
            Map<String, List<Move>> states,
            Map<String, Boolean> endsRound,
            Map<String, String> timeoutTo)
            implements Baseline {
        public Model {
            states = Map.copyOf(states);
            endsRound = Map.copyOf(endsRound);
            timeoutTo = Map.copyOf(timeoutTo);
        }
    }

    /**
     * A baseline file that exists but does not hold a machine model.
     *
     * @param file the file
     * @param problem what is wrong with it
     */
    record Unreadable(Path file, String problem) implements Baseline {}

    /**
     * One move of the baseline, as the model names it.
     *
     * @param to the target's status, {@code Machine.STATUS} for a hand-off
     * @param by the trigger's name
     */
    record Move(String to, String by) {}
}
