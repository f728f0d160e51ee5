package dev.agentfsm.journal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the machines of a session can replay a journal another version of them wrote: every state
 * its steps entered must still exist, each round must start in the initial state, and every move they
 * took must still be declared (the target and
 * the trigger; a {@code SYSTEM} move to the machine's fallback or onError state counts as declared,
 * since the runtime takes those without a {@code @Transition}). Everything else may change: new
 * states and moves, descriptions, {@code when} texts, flags and time-outs. A resumed session replays
 * every recorded step from each round's start, so the first record that fails this is where the replay
 * would stop; this finds it before anything runs.
 */
final class Compatibility {
    private Compatibility() {}

    /**
     * The first step of {@code records} that {@code machine} (and the machines it hands off to) cannot
     * replay, and why, in words; empty when every step can be replayed.
     */
    static Optional<Incompatible> firstIncompatible(List<JournalRecord> records, StateManager<?, ?> machine) {
        Map<String, StateManager<?, ?>> machines = Fingerprint.reachable(machine);
        String initial = machine.table().initial().qualifiedName();
        for (JournalRecord record : records) {
            if (record instanceof JournalRecord.Waiting wait) {
                // the wait a suspended session resumes at: its state is entered again, as a step's is
                Optional<Incompatible> entered =
                        entered(machines, initial, wait, wait.round(), wait.step(), wait.state(), "waits in");
                if (entered.isPresent()) {
                    return entered;
                }
            }
            if (!(record instanceof JournalRecord.Step step)) {
                continue;
            }
            Optional<Incompatible> entered =
                    entered(machines, initial, step, step.round(), step.step(), step.state(), "entered");
            if (entered.isPresent()) {
                return entered;
            }
            Optional<Status> state = status(machines, step.state());
            if (step.moved().isPresent()) {
                JournalRecord.Moved moved = step.moved().get();
                Optional<Status> to = status(machines, moved.to());
                if (to.isEmpty() || !declares(state.get(), to.get(), moved.trigger())) {
                    return Optional.of(new Incompatible(
                            step,
                            "step " + step.step() + " of round " + step.round() + " moved from " + step.state()
                                    + " to " + moved.to() + " by " + moved.trigger() + ", a move "
                                    + (to.isEmpty()
                                            ? "to a state these machines no longer have (removed or renamed)"
                                            : "these machines no longer declare"
                                                    + declaredInstead(state.get(), to.get()))));
                }
            }
        }
        return Optional.empty();
    }

    /** Why {@code record}, entering {@code state} as step {@code step} of round {@code round}, cannot replay. */
    private static Optional<Incompatible> entered(
            Map<String, StateManager<?, ?>> machines,
            String initial,
            JournalRecord record,
            int round,
            int step,
            String state,
            String verb) {
        if (status(machines, state).isEmpty()) {
            return Optional.of(new Incompatible(
                    record,
                    "step " + step + " of round " + round + " " + verb + " " + state
                            + ", a state these machines no longer have (removed or renamed)"));
        }
        if (step == 1 && !state.equals(initial)) {
            return Optional.of(new Incompatible(
                    record,
                    "round " + round + " started in " + state + ", but this version's rounds start in " + initial
                            + " (the initial state changed)"));
        }
        return Optional.empty();
    }

    /**
     * A step, or the wait of a suspended one, that the current machines cannot replay.
     *
     * @param record the step's record, or the wait's
     * @param why what it did that the machines no longer allow
     */
    record Incompatible(JournalRecord record, String why) {}

    private static boolean declares(Status from, Status to, Trigger trigger) {
        if (from.moveTo(to).map(Move::trigger).filter(trigger::equals).isPresent()) {
            return true;
        }
        TransitionTable<?> table = from.machine().table();
        return trigger == Trigger.SYSTEM
                && (table.onError().filter(to::equals).isPresent()
                        || table.fallback().filter(to::equals).isPresent());
    }

    private static String declaredInstead(Status from, Status to) {
        return from.moveTo(to)
                .map(move -> " (" + from.name() + " moves to " + to.name() + " by " + move.trigger() + " now)")
                .orElse("");
    }

    /** The status named {@code Machine.STATUS}, if one of the machines has it. */
    private static Optional<Status> status(Map<String, StateManager<?, ?>> machines, String qualified) {
        int dot = qualified.indexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        StateManager<?, ?> machine = machines.get(qualified.substring(0, dot));
        return machine == null
                ? Optional.empty()
                : machine.table().parse(qualified.substring(dot + 1)).map(Status.class::cast);
    }
}
