package dev.agentfsm.processor.validate;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.MutableField;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.OrphanState;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.StateShape;
import dev.agentfsm.processor.model.TimeoutModel;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import dev.agentfsm.annotations.Trigger;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;

/**
 * Checks machines against the rules of DESIGN.md's validation table. It reads only the model, so
 * every rule can be tested without javac. The structural rules run first; the graph rules
 * (reachability, traps, endless terminals) only run on a machine that passed them, so one mistake
 * gives one error, not a cascade.
 */
public final class MachineValidator {

    private static final Pattern STATUS = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern MACHINE = Pattern.compile("[A-Z][A-Za-z0-9]*");

    /**
     * Validates one machine.
     *
     * @param machine the machine
     * @param all every machine of the compilation, {@code machine} included: their hand-offs into
     *     {@code machine} are entry points, and two machines of one package must not share a name
     */
    public Report validate(MachineModel machine, List<MachineModel> all) {
        Report report = new Report();
        checkMachine(machine, all, report);
        for (StateModel state : machine.states()) {
            checkState(machine, state, report);
        }
        checkDuplicateStates(machine, report);
        if (!report.hasErrors()) {
            new MachineGraph(machine, all).check(report);
        }
        for (StateModel state : machine.states()) {
            for (MutableField field : state.mutableFields()) {
                report.warning("MutableState", field.origin(), state.type().simpleName() + "." + field.name()
                        + " is a non-final instance field, but states are shared singletons: keep data in the"
                        + " agent or the context, or make the field final. Suppress with"
                        + " @SuppressWarnings(\"agentfsm:MutableState\") on the field or the state");
            }
        }
        return report;
    }

    /** The error for a {@code @State} that belongs to no machine of the compilation. */
    public Report validate(OrphanState orphan) {
        Report report = new Report();
        String name = orphan.type().simpleName();
        if (orphan.machineCompiledSeparately()) {
            report.error("NoMachine", orphan.origin(), name + " extends " + orphan.candidates().get(0).simpleName()
                    + ", a @StateMachine compiled separately; compile a machine's states together with"
                    + " its @StateMachine type");
        } else if (orphan.candidates().isEmpty()) {
            report.error("NoMachine", orphan.origin(), name + " is a @State but extends or implements no"
                    + " @StateMachine type; extend the base type of the machine it belongs to");
        } else {
            report.error("NoMachine", orphan.origin(), name + " extends more than one @StateMachine type ("
                    + orphan.candidates().stream().map(TypeRef::nestedName).collect(Collectors.joining(", "))
                    + "); a state belongs to exactly one machine");
        }
        return report;
    }

    private void checkMachine(MachineModel machine, List<MachineModel> all, Report report) {
        String name = machine.name();
        if (!MACHINE.matcher(name).matches() || SourceVersion.isKeyword(name)) {
            report.error("StateName", machine.nameOrigin(), "machine name \"" + name
                    + "\" is not an UpperCamel Java identifier; it prefixes generated types, e.g. \"HostAgent\"");
        }
        if (!machine.implementsAgentState()) {
            report.error("MachineShape", machine.origin(), machine.ref().baseType().simpleName()
                    + " must implement dev.agentfsm.runtime.AgentState<A> with a concrete agent class A,"
                    + " e.g. 'implements AgentState<MyAgent>'");
        }
        for (MachineModel other : all) {
            if (other == machine) {
                break;
            }
            if (other.name().equals(name) && other.packageName().equals(machine.packageName())) {
                report.error("DuplicateMachine", machine.nameOrigin(), "machine name \"" + name + "\" is already used by "
                        + other.ref().baseType().qualifiedName() + " in package " + packageLabel(machine)
                        + "; their generated types would clash, rename one");
            }
        }
        checkEntry(machine, machine.initial(), "initial", report);
        machine.fallback().ifPresent(f -> checkEntry(machine, f, "fallback", report));
        machine.onError().ifPresent(e -> checkEntry(machine, e, "onError", report));
        machine.state(machine.initial().type()).filter(StateModel::terminal).ifPresent(initial ->
                report.error("InitialTerminal", machine.initial().origin(), "the initial state "
                        + initial.status() + " is @Terminal, so a round would end before it starts;"
                        + " start in a non-terminal state"));
    }

    private void checkEntry(MachineModel machine, StateRef ref, String member, Report report) {
        if (!ref.isState()) {
            report.error("NotAState", ref.origin(), member + " = " + ref.type().simpleName()
                    + ".class is not a @State class; name one of " + machine.name() + "'s states");
        } else if (ref.machine().isPresent() && !ref.belongsTo(machine.ref())) {
            report.error("WrongMachine", ref.origin(), member + " = " + ref.type().simpleName()
                    + ".class is a state of " + ref.machine().get().name() + ", not of " + machine.name()
                    + "; name one of " + machine.name() + "'s states");
        } else if (ref.machine().isPresent() && machine.state(ref.type()).isEmpty()) {
            report.error("WrongMachine", ref.origin(), member + " = " + ref.type().simpleName()
                    + ".class was compiled separately from " + machine.name()
                    + "; compile a machine's states together with it");
        }
    }

    private void checkState(MachineModel machine, StateModel state, Report report) {
        String name = state.type().simpleName();
        if (!STATUS.matcher(state.status()).matches()) {
            report.error("StateName", state.statusOrigin(), "state name \"" + state.status()
                    + "\" of " + name + " is not UPPER_SNAKE_CASE ([A-Z][A-Z0-9_]*), e.g. \"CONTINUE\"");
        }
        shapeProblem(state.shape()).ifPresent(problem -> report.error("StateShape", state.origin(),
                name + " " + problem + "; the generated state manager creates each state once with 'new " + name
                        + "()' from package " + packageLabel(machine)));
        state.nextMethod().filter(m -> !m.isCallable()).ifPresent(m -> report.error("StateShape", m.origin(),
                name + ".next must be a public instance method 'public Next next(" + machine.ref().agentType().simpleName()
                        + " agent, " + state.movesType(machine.ref()).simpleName() + " to)' that throws no checked exception"));

        if (state.nextMethod().isEmpty()) {
            state.transitions().stream().filter(t -> t.isHandOff(machine.ref())).findFirst().ifPresent(t ->
                    report.error("HandOffNeedsNext", t.origin(), name + " hands off to "
                            + t.target().qualifiedStatus(machine.ref()) + " but declares no 'public Next next("
                            + machine.ref().agentType().simpleName() + " agent, " + state.movesType(machine.ref()).simpleName()
                            + " to)'; a hand-off needs the agent that takes over, so return to."
                            + Names.transitionMethod(machine.ref(), t.target()) + "(...) from next"));
        }
        state.timeout().ifPresent(timeout -> checkTimeout(machine, state, timeout, report));
        Set<TypeRef> targets = new HashSet<>();
        Map<String, TransitionModel> methods = new HashMap<>();
        for (TransitionModel transition : state.transitions()) {
            StateRef target = transition.target();
            if (!target.isState()) {
                report.error("NotAState", transition.origin(), name + " declares a transition to "
                        + target.type().simpleName() + ", which is not a @State class; annotate it with @State"
                        + " or name a state");
                continue;
            }
            if (!targets.add(target.type())) {
                report.error("DuplicateTransition", transition.origin(), name + " declares the transition to "
                        + target.qualifiedStatus(machine.ref()) + " twice; declare each target once");
                continue;
            }
            String method = Names.transitionMethod(machine.ref(), target);
            TransitionModel clash = methods.putIfAbsent(method, transition);
            if (clash != null) {
                report.error("DuplicateTransition", transition.origin(), name + "'s transitions to "
                        + clash.target().qualifiedStatus(machine.ref()) + " and " + target.qualifiedStatus(machine.ref())
                        + " would both be the helper method " + method + "(); rename one of the states");
                continue;
            }
            if (state.terminal() && target.belongsTo(machine.ref())) {
                machine.state(target.type()).filter(t -> !t.terminal()).ifPresent(t ->
                        report.error("TerminalExit", transition.origin(), state.status() + " is @Terminal and cannot"
                                + " move back to " + t.status() + " of the same machine; hand off to another machine"
                                + " or move to another terminal state"));
            }
        }
    }

    /** {@code @Timeout}: a positive ISO-8601 duration, and a target the state declares a {@code TIMEOUT} move to, within its machine. */
    private static void checkTimeout(MachineModel machine, StateModel state, TimeoutModel timeout, Report report) {
        String name = state.type().simpleName();
        try {
            Duration after = Duration.parse(timeout.after());
            if (after.isZero() || after.isNegative()) {
                report.error("TimeoutDuration", timeout.afterOrigin(), name + "'s @Timeout(after = \"" + timeout.after()
                        + "\") is not positive; give the time the state may take, e.g. \"PT5M\"");
            }
        } catch (DateTimeParseException e) {
            report.error("TimeoutDuration", timeout.afterOrigin(), name + "'s @Timeout(after = \"" + timeout.after()
                    + "\") is not an ISO-8601 duration; write e.g. \"PT30S\" (30 seconds), \"PT5M\", \"PT1H30M\" or \"P1D\"");
        }
        StateRef target = timeout.target();
        if (!target.isState()) {
            report.error("NotAState", target.origin(), name + "'s @Timeout(to = " + target.type().simpleName()
                    + ".class) is not a @State class; name the state " + state.status() + " moves to when the time is up");
            return;
        }
        String declaration = "@Transition(to = " + target.type().simpleName() + ".class, by = Trigger.TIMEOUT)";
        if (!target.belongsTo(machine.ref())) {
            report.error("TimeoutTarget", target.origin(), name + "'s @Timeout(to = " + target.type().simpleName()
                    + ".class) is a state of " + target.machine().map(m -> m.name()).orElse("another machine")
                    + ", but a time-out cannot hand off (the runtime has no agent to hand to); time out to a state of "
                    + machine.name() + " and hand off from there");
            return;
        }
        Optional<TransitionModel> declared = state.transitions().stream()
                .filter(t -> t.target().type().equals(target.type())).findFirst();
        if (declared.isEmpty()) {
            report.error("TimeoutTarget", target.origin(), name + "'s @Timeout goes to "
                    + target.qualifiedStatus(machine.ref()) + ", but " + state.status() + " declares no transition there;"
                    + " add " + declaration);
        } else if (declared.get().by() != Trigger.TIMEOUT) {
            report.error("TimeoutTarget", target.origin(), name + "'s @Timeout goes to "
                    + target.qualifiedStatus(machine.ref()) + ", which " + state.status() + " declares by Trigger."
                    + declared.get().by() + "; declare the time-out's move " + declaration);
        }
    }

    private static Optional<String> shapeProblem(StateShape shape) {
        if (!shape.isClass()) {
            return Optional.of("is not a class (an interface, enum or annotation cannot be a state)");
        }
        if (shape.isAbstract()) {
            return Optional.of("is abstract; make it a concrete class");
        }
        if (shape.isNonStaticInner()) {
            return Optional.of("is a non-static inner class; make it static or top-level");
        }
        if (shape.isPrivate()) {
            return Optional.of("is private; make it at least package-private");
        }
        if (!shape.isAccessibleFromMachinePackage()) {
            return Optional.of("is not accessible from the machine's package; make it public");
        }
        if (!shape.hasAccessibleNoArgConstructor()) {
            return Optional.of("has no accessible no-arg constructor; add one");
        }
        return Optional.empty();
    }

    private static void checkDuplicateStates(MachineModel machine, Report report) {
        Map<String, StateModel> seen = new HashMap<>();
        for (StateModel state : machine.states()) {
            StateModel first = seen.putIfAbsent(state.status(), state);
            if (first != null) {
                report.error("DuplicateState", state.statusOrigin(), state.type().simpleName() + " and "
                        + first.type().simpleName() + " are both state \"" + state.status() + "\" of "
                        + machine.name() + "; give each state its own name");
            }
        }
    }

    private static String packageLabel(MachineModel machine) {
        return machine.packageName().isEmpty() ? "(unnamed)" : machine.packageName();
    }

    /** The machine as a graph of its states, for the reachability rules; linear in states and transitions. */
    private static final class MachineGraph {
        private final MachineModel machine;
        private final List<MachineModel> all;
        private final Map<TypeRef, StateModel> byType = new HashMap<>();
        private final Map<StateModel, List<StateModel>> successors = new HashMap<>();
        private final Map<StateModel, List<StateModel>> predecessors = new HashMap<>();

        MachineGraph(MachineModel machine, List<MachineModel> all) {
            this.machine = machine;
            this.all = all;
            for (StateModel state : machine.states()) {
                byType.put(state.type(), state);
                successors.put(state, new ArrayList<>());
                predecessors.put(state, new ArrayList<>());
            }
            for (StateModel state : machine.states()) {
                for (TransitionModel t : state.transitions()) {
                    StateModel target = t.target().belongsTo(machine.ref()) ? byType.get(t.target().type()) : null;
                    if (target != null) {
                        successors.get(state).add(target);
                        predecessors.get(target).add(state);
                    }
                }
            }
        }

        void check(Report report) {
            Set<StateModel> reachable = walk(entryPoints(), successors);
            for (StateModel state : machine.states()) {
                if (!reachable.contains(state)) {
                    report.error("Unreachable", state.origin(), state.status() + " can't be reached from the initial state "
                            + machine.initial().status().orElse("?") + "; declare a @Transition to it, or make it the"
                            + " machine's fallback or onError state");
                }
            }
            // who can reach an exit: walk backwards from the exits
            Set<StateModel> canLeave = walk(machine.states().stream()
                    .filter(s -> s.terminal() || handsOff(s)).toList(), predecessors);
            Set<StateModel> canEnd = walk(machine.states().stream()
                    .filter(s -> s.endsRound() || handsOff(s)).toList(), predecessors);
            for (StateModel state : machine.states()) {
                if (!state.terminal() && !canLeave.contains(state)) {
                    report.error("Trap", state.origin(), state.status() + " can reach neither a @Terminal state nor a"
                            + " hand-off, so a round that enters it never ends; declare a @Transition out of the loop");
                }
                if (state.terminal() && !canEnd.contains(state)) {
                    report.error("NeverEnds", state.terminalOrigin(), state.status() + " is @Terminal but can reach"
                            + " neither a state that ends the round nor a hand-off; set @Terminal(endsRound = true)"
                            + " or declare a clean-up @Transition to a state that ends the round");
                }
            }
        }

        private List<StateModel> entryPoints() {
            List<StateModel> entries = new ArrayList<>();
            Optional.ofNullable(byType.get(machine.initial().type())).ifPresent(entries::add);
            machine.fallback().map(f -> byType.get(f.type())).ifPresent(entries::add);
            machine.onError().map(e -> byType.get(e.type())).ifPresent(entries::add);
            for (MachineModel other : all) {
                if (other == machine) {
                    continue;
                }
                for (StateModel state : other.states()) {
                    for (TransitionModel t : state.transitions()) {
                        if (t.target().belongsTo(machine.ref())) {
                            Optional.ofNullable(byType.get(t.target().type())).ifPresent(entries::add);
                        }
                    }
                }
            }
            return entries;
        }

        private boolean handsOff(StateModel state) {
            return state.transitions().stream().anyMatch(t -> t.isHandOff(machine.ref()));
        }

        private static Set<StateModel> walk(List<StateModel> from, Map<StateModel, List<StateModel>> edges) {
            Set<StateModel> seen = new HashSet<>();
            List<StateModel> stack = new ArrayList<>(from);
            while (!stack.isEmpty()) {
                StateModel state = stack.remove(stack.size() - 1);
                if (seen.add(state)) {
                    stack.addAll(edges.get(state));
                }
            }
            return seen;
        }
    }
}
