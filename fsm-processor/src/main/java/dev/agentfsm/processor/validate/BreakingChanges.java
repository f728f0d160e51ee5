package dev.agentfsm.processor.validate;

import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.diagnostic.Rule;
import dev.agentfsm.processor.model.Baseline;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.TransitionModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic.Kind;

/**
 * Compares a machine with its committed model ({@link Baseline}) and reports, as
 * {@code [agentfsm:BreakingChange]}, what stops the journals of running sessions from resuming on the
 * new version: a state the baseline has and the machine no longer has (removed or renamed), a move
 * the baseline declares and the machine no longer does (or declares with another trigger), a state
 * that ends the round where the baseline's does not or the other way round, a {@code @Timeout} that is
 * gone or goes elsewhere, and another initial state.
 * A resumed session replays its recorded steps from each round's initial state, and a recorded round
 * ends where its state ended it, so these are what fsm-journal's resume checks at run time (which
 * refuses a journal only when it recorded what changed). Adding states or moves, or changing
 * descriptions, {@code when} texts, {@code terminal} and {@code endsSubtask}, or how long a time-out is, or
 * adding one, breaks nothing here: the one exception, a journal whose round ended asking for a move or
 * status that was missing and is now declared, depends on what a session recorded, and fsm-journal refuses it
 * at resume.
 *
 * <p>States are compared by status, not by class: journals record statuses, so a state whose class
 * was renamed but whose {@code @State} value was kept is the same state.
 */
public final class BreakingChanges {

    /** The processor option naming the baseline directory: {@code -Aagentfsm.baseline=<dir>}. */
    public static final String BASELINE = "agentfsm.baseline";

    /** The processor option that makes a breaking change an error: {@code -Aagentfsm.breakingChange=error}. */
    public static final String SEVERITY = "agentfsm.breakingChange";

    private static final String THEN = " until the sessions that may need it have ended; then update the baseline"
            + " (copy the model from the class output's META-INF/agentfsm/)";

    private final Kind severity;

    /** @param severity how a breaking change is reported: {@code WARNING} (the default) or {@code ERROR} */
    public BreakingChanges(Kind severity) {
        this.severity = severity;
    }

    /** What {@code machine} breaks against {@code baseline}; nothing when it breaks nothing. */
    public Report check(MachineModel machine, Baseline baseline) {
        Report.Builder report = Report.builder();
        if (baseline instanceof Baseline.Unreadable unreadable) {
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    machine.origin(),
                    "the committed model of " + machine.name() + ", " + unreadable.file() + ", can't be read ("
                            + unreadable.problem() + "), so what this version breaks is not known; write it again"
                            + " from the class output's META-INF/agentfsm/, or remove it");
            return report.build();
        }
        Baseline.Model model = (Baseline.Model) baseline;
        String initial = machine.statusOf(machine.initial()).orElseThrow();
        if (!initial.equals(model.initial())) {
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    machine.initial().origin(),
                    machine.name() + "'s initial state is " + initial + ", but its committed model " + model.file()
                            + " starts in " + model.initial() + ": a resumed session replays each round from the"
                            + " initial state, so journals written by that version no longer resume; keep initial = "
                            + classOf(machine, model.initial()) + THEN);
        }
        for (Map.Entry<String, List<Baseline.Move>> entry : model.states().entrySet()) {
            String status = entry.getKey();
            Optional<StateModel> state = machine.state(status);
            if (state.isEmpty()) {
                report.add(
                        Rule.BREAKING_CHANGE,
                        severity,
                        machine.origin(),
                        machine.name() + " has no state " + status + ", which its committed model " + model.file()
                                + " declares (removed or renamed): a journal that entered " + status
                                + " no longer resumes; keep a state @State(\"" + status + "\") (a renamed class keeps"
                                + " its status that way)" + THEN);
                continue;
            }
            checkRoundEnd(machine, state.get(), model, report);
            checkTimeout(machine, state.get(), model, report);
            for (Baseline.Move move : entry.getValue()) {
                if (!move.to().contains(".") && machine.state(move.to()).isEmpty()) {
                    continue; // the target is gone: reported as a state of its own
                }
                checkMove(machine, state.get(), move, model, report);
            }
        }
        return report.build();
    }

    /** A state that ends the round where the baseline's did not, or the other way round. */
    private void checkRoundEnd(MachineModel machine, StateModel state, Baseline.Model model, Report.Builder report) {
        String status = state.status();
        // a model written before it recorded endsRound says nothing about it
        Optional<Boolean> endedRound = Optional.ofNullable(model.endsRound().get(status));
        if (endedRound.isPresent() && endedRound.get() != state.endsRound()) {
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    state.terminalOrigin(),
                    status + (endedRound.get() ? " no longer ends the round" : " now ends the round") + ", but "
                            + machine.name() + "'s committed model " + model.file() + " says it "
                            + (endedRound.get() ? "does" : "does not") + ": a journal whose round "
                            + (endedRound.get() ? "ended in " + status : "went on from " + status)
                            + " no longer resumes; keep @Terminal(endsRound = " + endedRound.get() + ") on " + status
                            + (endedRound.get() ? "" : " (or no @Terminal)") + THEN);
        }
    }

    /** A state whose {@code @Timeout} is gone or goes elsewhere than the baseline's. */
    private void checkTimeout(MachineModel machine, StateModel state, Baseline.Model model, Report.Builder report) {
        String status = state.status();
        Optional<String> timedOutTo = Optional.ofNullable(model.timeoutTo().get(status));
        Optional<String> timeoutNow = state.timeout().map(t -> t.target().qualifiedStatus(machine.ref()));
        if (timedOutTo.isPresent() && !timeoutNow.equals(timedOutTo)) {
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    state.timeout().map(t -> t.target().origin()).orElse(state.origin()),
                    status
                            + timeoutNow.map(to -> "'s @Timeout goes to " + to).orElse(" has no @Timeout")
                            + ", but " + machine.name() + "'s committed model " + model.file() + " times it out"
                            + " to " + timedOutTo.get() + ": a journal whose step in " + status + " timed out no longer"
                            + " resumes; keep @Timeout(to = " + classOf(machine, timedOutTo.get()) + ") on " + status
                            + THEN);
        }
    }

    private void checkMove(
            MachineModel machine, StateModel state, Baseline.Move move, Baseline.Model model, Report.Builder report) {
        List<TransitionModel> toTarget = state.transitions().stream()
                .filter(t -> t.target().qualifiedStatus(machine.ref()).equals(move.to()))
                .toList();
        if (toTarget.stream().anyMatch(t -> t.by().name().equals(move.by()))) {
            return;
        }
        String keep = "; keep @Transition(to = " + classOf(machine, move.to()) + ", by = Trigger." + move.by() + ") on "
                + state.status() + THEN;
        if (toTarget.isEmpty()) {
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    state.statusOrigin(),
                    state.status() + " no longer declares its move to " + move.to() + " by " + move.by()
                            + ", which " + machine.name() + "'s committed model " + model.file() + " declares:"
                            + " a journal that recorded that move no longer resumes" + keep);
        } else {
            TransitionModel now = toTarget.get(0);
            report.add(
                    Rule.BREAKING_CHANGE,
                    severity,
                    now.origin(),
                    state.status() + " now moves to " + move.to() + " by "
                            + now.by().name() + ", but "
                            + machine.name() + "'s committed model " + model.file() + " declares that move by "
                            + move.by() + ": a journal that recorded it no longer resumes" + keep);
        }
    }

    /** {@code Open.class} for a status of the machine; the status itself for another machine's. */
    private static String classOf(MachineModel machine, String status) {
        return machine.state(status).map(s -> s.type().simpleName() + ".class").orElse("the class of " + status);
    }
}
