package dev.agentfsm.processor.validate;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.diagnostic.Rule;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MisplacedAnnotation;
import dev.agentfsm.processor.model.MissingType;
import dev.agentfsm.processor.model.MutableField;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.OrphanState;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.StateShape;
import dev.agentfsm.processor.model.TimeoutModel;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;

/**
 * Checks what the reader found against the rules of {@link Rule}, one {@link Report} per subject:
 * a machine, a state that belongs to none, a misplaced annotation, a type that never appeared. It
 * reads only the model, so every rule can be tested without javac. The structural rules run first,
 * a machine's own before its states'; the graph rules (reachability, traps, endless terminals) only
 * run on a machine that passed them, and an error that is the consequence of one already reported is
 * left out, so one mistake gives one error, not a cascade.
 */
public final class MachineValidator {

    /** The processor option that turns on {@code [agentfsm:MissingWhen]}: {@code -Aagentfsm.requireWhen=true}. */
    public static final String REQUIRE_WHEN = "agentfsm.requireWhen";

    private static final Pattern STATUS = Pattern.compile("[A-Z][A-Z0-9_]*");
    /** A {@code @Tools} pattern: MCP's tool-name characters and {@code *} (as fsm-runtime's ToolPatterns reads it). */
    private static final Pattern TOOL_PATTERN = Pattern.compile("[A-Za-z0-9_./*-]{1,128}");

    private static final Pattern MACHINE = Pattern.compile("[A-Z][A-Za-z0-9]*");

    private final boolean requireWhen;

    /** A validator without the opt-in rules. */
    public MachineValidator() {
        this(false);
    }

    /** @param requireWhen whether an LLM move without a {@code when} text is warned about ({@link #REQUIRE_WHEN}) */
    public MachineValidator(boolean requireWhen) {
        this.requireWhen = requireWhen;
    }

    /**
     * Validates one machine.
     *
     * @param machine the machine
     * @param all every machine of the compilation, {@code machine} included: their hand-offs into
     *     {@code machine} are entry points, and two machines of one package must not share a name
     */
    public Report validate(MachineModel machine, List<MachineModel> all) {
        Report.Builder report = Report.builder();
        checkMachine(machine, all, report);
        // before the states' own checks: a shared name also makes their helper methods clash, which is its consequence
        checkDuplicateStates(machine, report);
        for (StateModel state : machine.states()) {
            checkState(machine, state, report);
        }
        if (!report.hasErrors()) {
            new Reachability(machine, all).check(report);
        }
        for (StateModel state : machine.states()) {
            for (MutableField field : state.mutableFields()) {
                report.add(
                        Rule.MUTABLE_STATE,
                        field.origin(),
                        state.type().simpleName() + "." + field.name()
                                + " is a non-final instance field, but states are shared singletons: keep data in the"
                                + " agent or the context, or make the field final. Suppress with"
                                + " @SuppressWarnings(\"agentfsm:MutableState\") on the field or the state");
            }
        }
        if (requireWhen) {
            checkWhen(machine, report);
        }
        return report.build();
    }

    /** The model reads a move's {@code when} text to choose its status (ReplyGuard's state cards); opt-in. */
    private static void checkWhen(MachineModel machine, Report.Builder report) {
        for (StateModel state : machine.states()) {
            for (TransitionModel transition : state.transitions()) {
                if (transition.by() == Trigger.LLM && transition.when().isBlank()) {
                    String target = transition.target().qualifiedStatus(machine.ref());
                    report.add(
                            Rule.MISSING_WHEN,
                            transition.origin(),
                            state.status() + "'s transition to " + target
                                    + " is chosen by the LLM but says nothing about when; the model reads the when text to"
                                    + " choose its status: add when = \"...\" to the @Transition, saying when to choose "
                                    + target);
                }
            }
        }
    }

    /**
     * The error for a {@code @State} that belongs to no machine of the compilation.
     *
     * @param earlierRound the name of its machine, if that machine was read in an earlier round of this
     *     compilation (the state was generated after it), rather than compiled separately
     */
    public Report validate(OrphanState orphan, Optional<String> earlierRound) {
        String name = orphan.type().simpleName();
        if (orphan.machineCompiledSeparately() && earlierRound.isPresent()) {
            String machine = earlierRound.get();
            return Report.of(
                    Rule.NO_MACHINE,
                    orphan.origin(),
                    name + " was generated after its machine, " + machine + ", was written in an earlier round;"
                            + " name " + name + " in " + machine + "'s annotations (a @Transition to it) so that "
                            + machine + " waits for it");
        }
        if (orphan.machineCompiledSeparately()) {
            return Report.of(
                    Rule.NO_MACHINE,
                    orphan.origin(),
                    name + " extends "
                            + orphan.candidates().get(0).simpleName()
                            + ", a @StateMachine compiled separately; compile a"
                            + " machine's states together with its @StateMachine type");
        }
        if (orphan.candidates().isEmpty()) {
            return Report.of(
                    Rule.NO_MACHINE,
                    orphan.origin(),
                    name + " is a @State but extends or implements no"
                            + " @StateMachine type; extend the base type of the machine it belongs to");
        }
        return Report.of(
                Rule.NO_MACHINE,
                orphan.origin(),
                name + " extends more than one @StateMachine type ("
                        + orphan.candidates().stream().map(TypeRef::nestedName).collect(Collectors.joining(", "))
                        + "); a state belongs to exactly one machine");
    }

    /** The error for a {@code @Transition} or {@code @Terminal} on a class that is not a {@code @State}. */
    public Report validate(MisplacedAnnotation misplaced) {
        String annotation = misplaced.annotation();
        return Report.of(
                Rule.NOT_A_STATE,
                misplaced.origin(),
                "@" + annotation + " on " + misplaced.type().simpleName()
                        + ", which is not a @State class; annotate it with @State or remove @" + annotation);
    }

    /** The error for a type an annotation names that never appeared. */
    public Report validate(MissingType missing) {
        return Report.of(
                Rule.UNRESOLVED,
                missing.origin(),
                missing.namedBy() + " names a type that does not exist; check the name and the imports");
    }

    private void checkMachine(MachineModel machine, List<MachineModel> all, Report.Builder report) {
        String name = machine.name();
        if (!MACHINE.matcher(name).matches() || SourceVersion.isKeyword(name)) {
            report.add(
                    Rule.STATE_NAME,
                    machine.nameOrigin(),
                    "machine name \"" + name
                            + "\" is not an UpperCamel Java identifier of ASCII letters and digits ([A-Z][A-Za-z0-9]*);"
                            + " it prefixes generated types, e.g. \"HostAgent\"");
        } else if (!Names.fileNamesFit(machine)) {
            String longest = Names.longestFileName(machine);
            report.add(
                    Rule.STATE_NAME,
                    machine.nameOrigin(),
                    "machine name \"" + name + "\" (" + name.length() + " characters) is too long: a file generated"
                            + " for it, " + longest + ", would have a name of " + Names.utf8Bytes(longest)
                            + " bytes, over the " + Names.MAX_FILE_NAME_BYTES + " a file system takes; give the"
                            + " machine a shorter name with @StateMachine(name = ...)"
                            + (longest.endsWith(".java") ? "" : ", or put it in a shorter package"));
        }
        if (!machine.implementsAgentState()) {
            report.add(
                    Rule.MACHINE_SHAPE,
                    machine.origin(),
                    machine.ref().baseType().simpleName()
                            + " must implement dev.agentfsm.runtime.AgentState<A> with a concrete agent class A"
                            + " that takes no type arguments,"
                            + " e.g. 'implements AgentState<MyAgent>'");
        }
        for (MachineModel other : all) {
            if (other.equals(machine)) {
                break; // only the machines before this one
            }
            if (other.name().equals(name) && other.packageName().equals(machine.packageName())) {
                report.add(
                        Rule.DUPLICATE_MACHINE,
                        machine.nameOrigin(),
                        "machine name \"" + name + "\" is already used by "
                                + other.ref().baseType().qualifiedName() + " in package " + packageLabel(machine)
                                + "; their generated types would clash, rename one");
            }
        }
        checkEntry(machine, machine.initial(), "initial", report);
        machine.fallback().ifPresent(f -> checkEntry(machine, f, "fallback", report));
        machine.onError().ifPresent(e -> checkEntry(machine, e, "onError", report));
        machine.state(machine.initial().type())
                .filter(StateModel::terminal)
                .ifPresent(initial -> report.add(
                        Rule.INITIAL_TERMINAL,
                        machine.initial().origin(),
                        "the initial state "
                                + initial.status() + " is @Terminal, so a round would end before it starts;"
                                + " start in a non-terminal state"));
    }

    private void checkEntry(MachineModel machine, StateRef ref, String member, Report.Builder report) {
        if (!ref.isState()) {
            report.add(
                    Rule.NOT_A_STATE,
                    ref.origin(),
                    member + " = " + ref.type().simpleName() + ".class is not a @State class; name one of "
                            + machine.name() + "'s states");
        } else if (ref.machine().isPresent() && !ref.belongsTo(machine.ref())) {
            report.add(
                    Rule.WRONG_MACHINE,
                    ref.origin(),
                    member + " = " + ref.type().simpleName()
                            + ".class is a state of " + ref.machine().get().name() + ", not of " + machine.name()
                            + "; name one of " + machine.name() + "'s states");
        } else if (ref.machine().isPresent() && machine.state(ref.type()).isEmpty()) {
            report.add(
                    Rule.WRONG_MACHINE,
                    ref.origin(),
                    member + " = " + ref.type().simpleName()
                            + ".class was compiled separately from " + machine.name()
                            + "; compile a machine's states together with it");
        }
    }

    private void checkState(MachineModel machine, StateModel state, Report.Builder report) {
        String name = state.type().simpleName();
        if (!STATUS.matcher(state.status()).matches()) {
            report.add(
                    Rule.STATE_NAME,
                    state.statusOrigin(),
                    "state name \"" + state.status() + "\" of " + name
                            + " is not UPPER_SNAKE_CASE ([A-Z][A-Z0-9_]*), e.g. \"CONTINUE\"");
        } else if (Names.isObjectMethod("to" + Names.upperCamel(state.status()))) {
            report.add(
                    Rule.STATE_NAME,
                    state.statusOrigin(),
                    "state name \"" + state.status() + "\" of " + name
                            + " would name the helper method of a move to it to" + Names.upperCamel(state.status())
                            + "(), which every Java object has already; name the state otherwise, e.g. \"TEXT\"");
        }
        shapeProblem(state.shape())
                .ifPresent(problem -> report.add(
                        Rule.STATE_SHAPE,
                        state.origin(),
                        name + " " + problem + "; the generated state manager creates each state once with 'new " + name
                                + "()' from package " + packageLabel(machine)));
        state.nextMethod()
                // a machine without an agent class is reported once (MachineShape): no agent parameter matches it
                .filter(m -> machine.implementsAgentState() ? !m.isCallable() : !m.isCallableWhateverTheAgent())
                .ifPresent(m -> report.add(
                        Rule.STATE_SHAPE,
                        m.origin(),
                        name + ".next must be a public instance method 'public Next next("
                                + machine.ref().agentType().simpleName() + " agent, "
                                + machine.movesType(state).nestedName()
                                + " to)' that throws no checked exception"));

        if (state.nextMethod().isEmpty()) {
            state.transitions().stream()
                    .filter(t -> t.isHandOff(machine.ref()))
                    .findFirst()
                    .ifPresent(t -> report.add(
                            Rule.HAND_OFF_NEEDS_NEXT,
                            t.origin(),
                            name + " hands off to "
                                    + t.target().qualifiedStatus(machine.ref()) + " but declares no 'public Next next("
                                    + machine.ref().agentType().simpleName() + " agent, "
                                    + machine.movesType(state).nestedName()
                                    + " to)'; a hand-off needs the agent that takes over, so return to."
                                    + Names.transitionMethod(machine.ref(), t.target()) + "(...) from next"));
        }
        state.tools().ifPresent(tools -> checkTools(name, tools, report));
        state.timeout().ifPresent(timeout -> checkTimeout(machine, state, timeout, report));
        Set<TypeRef> targets = new HashSet<>();
        Map<String, TransitionModel> methods = new HashMap<>();
        for (TransitionModel transition : state.transitions()) {
            StateRef target = transition.target();
            if (!target.isState()) {
                report.add(
                        Rule.NOT_A_STATE,
                        transition.origin(),
                        name + " declares a transition to "
                                + target.type().simpleName() + ", which is not a @State class; annotate it with @State"
                                + " or name a state");
                continue;
            }
            if (!targets.add(target.type())) {
                report.add(
                        Rule.DUPLICATE_TRANSITION,
                        transition.origin(),
                        name + " declares the transition to " + target.qualifiedStatus(machine.ref())
                                + " twice; declare each target once");
                continue;
            }
            String method = Names.transitionMethod(machine.ref(), target);
            TransitionModel clash = methods.putIfAbsent(method, transition);
            if (clash != null && sharesStatus(machine, clash.target(), target)) {
                // two states of this machine with one name: reported once, as DuplicateState
                continue;
            }
            if (clash != null) {
                report.add(
                        Rule.DUPLICATE_TRANSITION,
                        transition.origin(),
                        name + "'s transitions to "
                                + clash.target().qualifiedStatus(machine.ref()) + " and "
                                + target.qualifiedStatus(machine.ref())
                                + " would both be the helper method " + method + "(); rename one of the states");
                continue;
            }
            if (state.terminal() && target.belongsTo(machine.ref())) {
                machine.state(target.type())
                        .filter(t -> !t.terminal())
                        .ifPresent(t -> report.add(
                                Rule.TERMINAL_EXIT,
                                transition.origin(),
                                state.status() + " is @Terminal and cannot"
                                        + " move back to " + t.status()
                                        + " of the same machine; hand off to another machine"
                                        + " or move to another terminal state"));
            }
        }
    }

    /** Whether two targets are different states of {@code machine} with the same name. */
    private static boolean sharesStatus(MachineModel machine, StateRef one, StateRef other) {
        return one.belongsTo(machine.ref())
                && other.belongsTo(machine.ref())
                && one.status().equals(other.status());
    }

    /** Each {@code @Tools} pattern is a tool name with {@code *} wildcards, and none is repeated. */
    private static void checkTools(String name, List<StateModel.ToolPattern> tools, Report.Builder report) {
        Set<String> seen = new HashSet<>();
        for (StateModel.ToolPattern tool : tools) {
            if (!TOOL_PATTERN.matcher(tool.pattern()).matches()) {
                report.add(
                        Rule.TOOL_PATTERN,
                        tool.origin(),
                        "@Tools pattern \"" + tool.pattern() + "\" of " + name
                                + " is not a tool-name pattern; use 1 to 128 of the characters A-Z a-z 0-9 _ - . / and * for"
                                + " any run of characters, e.g. \"browser_*\"");
            } else if (!seen.add(tool.pattern())) {
                report.add(
                        Rule.TOOL_PATTERN,
                        tool.origin(),
                        "@Tools pattern \"" + tool.pattern() + "\" of " + name
                                + " is listed twice; list each pattern once");
            }
        }
    }

    /** {@code @Timeout}: a positive ISO-8601 duration, and a target the state declares a {@code TIMEOUT} move to, within its machine. */
    private static void checkTimeout(
            MachineModel machine, StateModel state, TimeoutModel timeout, Report.Builder report) {
        String name = state.type().simpleName();
        try {
            Duration after = Duration.parse(timeout.after());
            if (after.isZero() || after.isNegative()) {
                report.add(
                        Rule.TIMEOUT_DURATION,
                        timeout.afterOrigin(),
                        name + "'s @Timeout(after = \"" + timeout.after()
                                + "\") is not positive; give the time the state may take, e.g. \"PT5M\"");
            }
        } catch (DateTimeParseException e) {
            report.add(
                    Rule.TIMEOUT_DURATION,
                    timeout.afterOrigin(),
                    name + "'s @Timeout(after = \"" + timeout.after()
                            + "\") is not an ISO-8601 duration; write e.g. \"PT30S\" (30 seconds), \"PT5M\", \"PT1H30M\" or \"P1D\"");
        }
        StateRef target = timeout.target();
        if (!target.isState()) {
            report.add(
                    Rule.NOT_A_STATE,
                    target.origin(),
                    name + "'s @Timeout(to = " + target.type().simpleName()
                            + ".class) is not a @State class; name the state " + state.status()
                            + " moves to when the time is up");
            return;
        }
        String declaration = "@Transition(to = " + target.type().simpleName() + ".class, by = Trigger.TIMEOUT)";
        if (!target.belongsTo(machine.ref())) {
            report.add(
                    Rule.TIMEOUT_TARGET,
                    target.origin(),
                    name + "'s @Timeout(to = " + target.type().simpleName()
                            + ".class) is a state of "
                            + target.machine().map(m -> m.name()).orElse("another machine")
                            + ", but a time-out cannot hand off (the runtime has no agent to hand to); time out to a state of "
                            + machine.name() + " and hand off from there");
            return;
        }
        Optional<TransitionModel> declared = state.transitions().stream()
                .filter(t -> t.target().type().equals(target.type()))
                .findFirst();
        if (declared.isEmpty()) {
            report.add(
                    Rule.TIMEOUT_TARGET,
                    target.origin(),
                    name + "'s @Timeout goes to "
                            + target.qualifiedStatus(machine.ref()) + ", but " + state.status()
                            + " declares no transition there;"
                            + " add " + declaration);
        } else if (declared.get().by() != Trigger.TIMEOUT) {
            report.add(
                    Rule.TIMEOUT_TARGET,
                    target.origin(),
                    name + "'s @Timeout goes to "
                            + target.qualifiedStatus(machine.ref()) + ", which " + state.status()
                            + " declares by Trigger."
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
        if (shape.constructorThrowsChecked()) {
            return Optional.of("has a no-arg constructor that throws a checked exception;"
                    + " catch it in the constructor, or create the resource when the state first runs");
        }
        if (shape.isGeneric()) {
            return Optional.of("declares type parameters, but a state is one shared instance;"
                    + " remove them, or move what varies into the agent");
        }
        return Optional.empty();
    }

    private static void checkDuplicateStates(MachineModel machine, Report.Builder report) {
        Map<String, StateModel> seen = new HashMap<>();
        for (StateModel state : machine.states()) {
            StateModel first = seen.putIfAbsent(state.status(), state);
            if (first != null) {
                report.add(
                        Rule.DUPLICATE_STATE,
                        state.statusOrigin(),
                        state.type().simpleName() + " and "
                                + first.type().simpleName() + " are both state \"" + state.status() + "\" of "
                                + machine.name() + "; give each state its own name");
            }
        }
        // Outer_Inner, the helper of a state whose simple name another shares, can be another's too (A_B.Open,
        // A.B.Open)
        Map<TypeRef, StateModel> helpers = new HashMap<>();
        Map<TypeRef, TypeRef> names = Names.movesTypes(machine.ref(), machine.states());
        for (StateModel state : machine.states()) {
            TypeRef helper = names.get(state.type());
            StateModel first = helpers.putIfAbsent(helper, state);
            if (first != null) {
                report.add(
                        Rule.DUPLICATE_STATE,
                        state.origin(),
                        state.type().nestedName() + " and " + first.type().nestedName() + " of " + machine.name()
                                + " would both get the helper class " + helper.nestedName()
                                + "; rename one of the classes");
            }
        }
    }

    private static String packageLabel(MachineModel machine) {
        return machine.packageName().isEmpty() ? "(unnamed)" : machine.packageName();
    }

    /**
     * The machine as the reachability rules see it: states and their successors, hand-offs into it as
     * entry points; linear in states and transitions. (Diagrams draw another view, write.MachineGraph.)
     */
    private static final class Reachability {
        private final MachineModel machine;
        private final List<MachineModel> all;
        private final Map<TypeRef, StateModel> byType = new HashMap<>();
        // by identity: a state record's hashCode walks all its transitions and origins, on every lookup
        private final Map<StateModel, List<StateModel>> successors = new IdentityHashMap<>();
        private final Map<StateModel, List<StateModel>> predecessors = new IdentityHashMap<>();

        Reachability(MachineModel machine, List<MachineModel> all) {
            this.machine = machine;
            this.all = all;
            for (StateModel state : machine.states()) {
                byType.put(state.type(), state);
                successors.put(state, new ArrayList<>());
                predecessors.put(state, new ArrayList<>());
            }
            for (StateModel state : machine.states()) {
                for (TransitionModel t : state.transitions()) {
                    StateModel target = t.target().belongsTo(machine.ref())
                            ? byType.get(t.target().type())
                            : null;
                    if (target != null) {
                        successors.get(state).add(target);
                        predecessors.get(target).add(state);
                    }
                }
            }
        }

        void check(Report.Builder report) {
            Set<StateModel> reachable = walk(entryPoints(), successors);
            for (StateModel state : machine.states()) {
                if (!reachable.contains(state)) {
                    report.add(
                            Rule.UNREACHABLE,
                            state.origin(),
                            state.status() + " can't be reached from the initial state "
                                    + machine.initial().status().orElse("?")
                                    + "; declare a @Transition to it, or make it the"
                                    + " machine's fallback or onError state");
                }
            }
            // who can reach an exit: walk backwards from the exits
            Set<StateModel> canLeave = walk(
                    machine.states().stream()
                            .filter(s -> s.terminal() || handsOff(s))
                            .toList(),
                    predecessors);
            Set<StateModel> canEnd = walk(
                    machine.states().stream()
                            .filter(s -> s.endsRound() || handsOff(s))
                            .toList(),
                    predecessors);
            for (StateModel state : machine.states()) {
                if (!state.terminal() && !canLeave.contains(state)) {
                    report.add(
                            Rule.TRAP,
                            state.origin(),
                            state.status() + " can reach neither a @Terminal state nor a"
                                    + " hand-off, so a round that enters it never ends; declare a @Transition out of the loop");
                }
                if (state.terminal() && !canEnd.contains(state)) {
                    report.add(
                            Rule.NEVER_ENDS,
                            state.terminalOrigin(),
                            state.status() + " is @Terminal but can reach"
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
                if (other.equals(machine)) {
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
            Set<StateModel> seen = Collections.newSetFromMap(new IdentityHashMap<>());
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
