package dev.agentfsm.journal;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.TransitionTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether the machines of a session can replay a journal another version of them wrote: every state
 * its steps entered must still exist, each round must start in the initial state, every move they
 * took must still be declared (the target and
 * the trigger; a {@code SYSTEM} move to the machine's fallback or onError state counts as declared,
 * since the runtime takes those without a {@code @Transition}), and a state a step ended its round in
 * must still end the round, one a step chose a move from must still not, and a state a step left by its
 * time-out must still time out to the same state, and a status a step asked for and was refused (a round
 * ended as {@code ILLEGAL_TRANSITION} or {@code UNKNOWN_STATUS}) must still be refused there. Everything else
 * may change: new states and moves,
 * descriptions, {@code when} texts, the other flags, and how long time-outs are. A resumed session replays
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
                            where(step) + " moved from " + step.state()
                                    + " to " + moved.to() + " by " + moved.trigger() + ", a move "
                                    + (to.isEmpty()
                                            ? "to a state these machines no longer have (removed or renamed)"
                                            : "these machines no longer declare"
                                                    + declaredInstead(state.get(), to.get()))));
                }
            }
            Optional<Incompatible> roundEnd = roundEnd(step, state.get());
            if (roundEnd.isPresent()) {
                return roundEnd;
            }
            Optional<Incompatible> refused = refused(machines, step, state.get());
            if (refused.isPresent()) {
                return refused;
            }
            Optional<Incompatible> timeout = timeout(step, state.get());
            if (timeout.isPresent()) {
                return timeout;
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
     * Why {@code step} cannot replay in {@code state} because the state's {@code @Terminal(endsRound)} changed:
     * a step that ended its round as {@code COMPLETED} did so because its state ends the round (nothing else
     * completes a round), and a state that ends the round moves on only by its time-out or to {@code onError}
     * or the fallback (its work failed); any other move is a choice, which a round-ending state never makes.
     */
    private static Optional<Incompatible> roundEnd(JournalRecord.Step step, Status state) {
        if (step.ended().filter("COMPLETED"::equals).isPresent() && !state.endsRound()) {
            return Optional.of(new Incompatible(
                    step,
                    where(step) + " ended the round in " + step.state() + ", a state that no longer ends the round"
                            + " (its @Terminal(endsRound) changed)"));
        }
        if (step.moved().isPresent() && state.endsRound()) {
            JournalRecord.Moved moved = step.moved().get();
            TransitionTable<?> table = state.machine().table();
            boolean afterFailure = moved.trigger() == Trigger.SYSTEM
                    && Stream.<Status>concat(table.onError().stream(), table.fallback().stream())
                            .anyMatch(s -> s.qualifiedName().equals(moved.to()));
            if (moved.trigger() != Trigger.TIMEOUT && !afterFailure) {
                return Optional.of(new Incompatible(
                        step,
                        where(step) + " moved from " + step.state() + " to " + moved.to() + " by " + moved.trigger()
                                + ", but "
                                + step.state() + " now ends the round (its @Terminal(endsRound) changed), so it would"
                                + " end the round there instead"));
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code step}, which ended its round because the table refused the status it asked for, cannot replay in
     * {@code state}: the replayed step asks for that status again, and the round ends the same way only while
     * the table still refuses it. A step that ended as {@code UNKNOWN_STATUS} asked for a status its machine
     * did not have, so it diverges once the machine has it (it then moves there, or ends as
     * {@code ILLEGAL_TRANSITION}); one that ended as {@code ILLEGAL_TRANSITION} diverges once its state declares
     * a move to that status, or the status is gone. Journals written before steps recorded what was refused
     * say nothing here; their replay stops at such a step as {@code DIVERGED}.
     */
    private static Optional<Incompatible> refused(
            Map<String, StateManager<?, ?>> machines, JournalRecord.Step step, Status state) {
        if (step.refused().isEmpty() || step.ended().isEmpty()) {
            return Optional.empty();
        }
        String asked = step.refused().get();
        String ended = step.ended().get();
        String asking = where(step) + " in " + step.state() + " asked to move to " + asked;
        if (ended.equals("UNKNOWN_STATUS")) {
            Optional<? extends Status> now = state.machine().table().parse(asked);
            return now.map(known -> new Incompatible(
                    step,
                    asking + ", a status " + state.machine().name() + " did not have, and ended the round as"
                            + " UNKNOWN_STATUS; but " + state.machine().name() + " has " + known.name()
                            + " now, so the replay would not end there"));
        }
        if (!ended.equals("ILLEGAL_TRANSITION")) {
            return Optional.empty();
        }
        // the round's result names a target of the state's own machine by its name, one of another machine qualified
        Optional<Status> target = asked.contains(".")
                ? status(machines, asked)
                : state.machine().table().parse(asked).map(Status.class::cast);
        String endedThere = ", which it did not declare, and ended the round as ILLEGAL_TRANSITION; but ";
        if (target.isEmpty()) {
            return Optional.of(new Incompatible(
                    step,
                    asking + endedThere + asked + " is not a status of these machines now (removed or renamed), so"
                            + " the replay would end as UNKNOWN_STATUS instead"));
        }
        return state.moveTo(target.get())
                .map(move -> new Incompatible(
                        step,
                        asking + endedThere + step.state() + " declares its move to " + asked + " now (by "
                                + move.trigger() + "), so the replay would take it instead"));
    }

    /**
     * Why {@code step}, which moved by its state's time-out, cannot replay in {@code state}: a replayed step
     * times out as recorded, but the round takes a {@code TIMEOUT} move only when the state declares a
     * {@code @Timeout}, and only to that time-out's target.
     */
    private static Optional<Incompatible> timeout(JournalRecord.Step step, Status state) {
        Optional<JournalRecord.Moved> moved = step.moved().filter(m -> m.trigger() == Trigger.TIMEOUT);
        if (moved.isEmpty()) {
            return Optional.empty();
        }
        Optional<Status> target = state.timeout().map(t -> t.to());
        if (target.map(Status::qualifiedName).filter(moved.get().to()::equals).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new Incompatible(
                step,
                where(step) + " moved from " + step.state() + " to "
                        + moved.get().to() + " when its time-out ran out, but "
                        + target.map(to -> step.state() + "'s @Timeout goes to " + to.qualifiedName() + " now")
                                .orElseGet(() -> step.state() + " has no @Timeout now, so it would not time out")));
    }

    /** How a message names {@code step}: its number within its round. */
    private static String where(JournalRecord.Step step) {
        return "step " + step.step() + " of round " + step.round();
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
