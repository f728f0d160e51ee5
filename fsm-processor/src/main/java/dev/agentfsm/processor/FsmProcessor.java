package dev.agentfsm.processor;

import com.google.auto.service.AutoService;
import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.diagnostic.Rule;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.MisplacedAnnotation;
import dev.agentfsm.processor.model.MissingType;
import dev.agentfsm.processor.model.Origin;
import dev.agentfsm.processor.model.OrphanState;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import dev.agentfsm.processor.read.BaselineReader;
import dev.agentfsm.processor.read.Deferred;
import dev.agentfsm.processor.read.MachineReader;
import dev.agentfsm.processor.read.Mirrors;
import dev.agentfsm.processor.read.ReadResult;
import dev.agentfsm.processor.validate.BreakingChanges;
import dev.agentfsm.processor.validate.MachineValidator;
import dev.agentfsm.processor.write.GeneratedTypes;
import dev.agentfsm.processor.write.MachineWriter;
import dev.agentfsm.processor.write.WritableSubset;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic.Kind;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The agent-fsm annotation processor. It reads {@code @StateMachine} and {@code @State} types into
 * models, validates them, and writes the generated code and resources of every valid machine.
 * This class only runs the rounds: it defers machines that name types not generated yet, writes for
 * a machine with errors only the Java types that stand in for it (so the user's code that names them
 * adds no errors of its own), collects the service registrations until processing is over, prints
 * every report through one {@link Reporter}, and turns any internal failure into an error instead of
 * an exception into javac.
 */
@AutoService(Processor.class)
public final class FsmProcessor extends AbstractProcessor {

    static final String SERVICES = "META-INF/services/dev.agentfsm.runtime.StateManager";
    /** Why a valid machine waits: its hand-off target was deferred, and is reported itself if it never resolves. */
    private static final String WAITS_FOR_HAND_OFF = "the machine it hands off to";

    private final Map<String, String> deferred = new LinkedHashMap<>();
    /** Machines that failed and have no generated types: a machine that hands off to one can't name its manager. */
    private final Set<TypeRef> withoutTypes = new HashSet<>();
    /**
     * States of failed machines that their stand-in status enum leaves out: a machine that hands off
     * to one can't name its constant.
     */
    private final Set<TypeRef> leftOut = new HashSet<>();

    private final List<MachineModel> generatedMachines = new ArrayList<>();
    /** The name of each machine read in a round so far, by base type: a state generated after it is too late. */
    private final Map<TypeRef, String> machinesRead = new HashMap<>();

    private final Set<String> managers = new TreeSet<>();
    private Reporter reporter;
    /** Whether {@code javax.annotation.processing.Generated} is visible; null until the first machine is written. */
    private Boolean generatedVisible;

    private Report optionProblems = Report.empty();
    private boolean requireWhen;
    /** The committed models to compare each machine with ({@code -Aagentfsm.baseline}); empty: none compared. */
    private Optional<BaselineReader> baseline = Optional.empty();

    private BreakingChanges breakingChanges = new BreakingChanges(Kind.WARNING);

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        reporter = new Reporter(env);
        // option problems are reported in the first round; the machines still generate, so they are the only ones
        Report.Builder options = Report.builder();
        readRequireWhen(env.getOptions(), options);
        readBaseline(env.getOptions(), options);
        optionProblems = options.build();
    }

    /** {@code -Aagentfsm.requireWhen} alone or {@code =true} turns MissingWhen on; another value is named in a warning. */
    private void readRequireWhen(Map<String, String> options, Report.Builder problems) {
        if (!options.containsKey(MachineValidator.REQUIRE_WHEN)) {
            return;
        }
        String value = options.get(MachineValidator.REQUIRE_WHEN);
        requireWhen = value == null || value.isEmpty() || value.equalsIgnoreCase("true");
        if (!requireWhen && !value.equalsIgnoreCase("false")) {
            problems.add(
                    Rule.MISSING_WHEN,
                    Origin.NONE,
                    "-A" + MachineValidator.REQUIRE_WHEN + "=" + value
                            + " is neither true nor false, so LLM moves without a when text are not reported; write -A"
                            + MachineValidator.REQUIRE_WHEN + "=true");
        }
    }

    /**
     * {@code -Aagentfsm.baseline=<dir>} names the directory of committed models; {@code
     * -Aagentfsm.breakingChange=error} makes what a machine breaks against them an error instead of a
     * warning. Another value of either is named in a warning.
     */
    private void readBaseline(Map<String, String> options, Report.Builder problems) {
        String severity = options.getOrDefault(BreakingChanges.SEVERITY, "warning");
        if (severity != null && severity.equalsIgnoreCase("error")) {
            breakingChanges = new BreakingChanges(Kind.ERROR);
        } else if (severity != null && !severity.equalsIgnoreCase("warning")) {
            problems.add(
                    Rule.BREAKING_CHANGE,
                    Origin.NONE,
                    "-A" + BreakingChanges.SEVERITY + "=" + severity
                            + " is neither error nor warning, so breaking changes are warnings; write -A"
                            + BreakingChanges.SEVERITY + "=error to fail the build on them");
        }
        String dir = options.get(BreakingChanges.BASELINE);
        if (dir == null || dir.isBlank()) {
            return;
        }
        try {
            baseline = Optional.of(new BaselineReader(Path.of(dir)));
        } catch (InvalidPathException e) {
            problems.add(
                    Rule.BREAKING_CHANGE,
                    Origin.NONE,
                    "-A" + BreakingChanges.BASELINE + "=" + dir + " is not a path (" + e.getReason()
                            + "), so no machine is compared with its committed model; name the directory that holds"
                            + " them, such as ${project.basedir}/docs/machines");
        }
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(MachineValidator.REQUIRE_WHEN, BreakingChanges.BASELINE, BreakingChanges.SEVERITY);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        Set<String> types = new LinkedHashSet<>(List.of(Mirrors.STATE_MACHINE, Mirrors.STATE));
        types.addAll(Mirrors.ON_STATES);
        return Set.copyOf(types);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        try {
            processRound(annotations, round);
            if (round.processingOver()) {
                finish(round);
            }
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            reporter.print(Report.of(
                    Rule.INTERNAL,
                    Origin.NONE,
                    "the agent-fsm processor failed; please report this with the stack trace:\n" + trace));
        }
        return false;
    }

    private void processRound(Set<? extends TypeElement> annotations, RoundEnvironment round) throws IOException {
        reporter.print(optionProblems);
        optionProblems = Report.empty();
        if (annotations.isEmpty() && deferred.isEmpty()) {
            // javac offers none of our annotations in this round (e.g. the round of our own generated
            // sources): nothing to read, and no deferred machine to retry
            return;
        }
        Set<TypeElement> machineTypes = new LinkedHashSet<>(annotated(annotations, round, Mirrors.STATE_MACHINE));
        Set<TypeElement> stateTypes = new LinkedHashSet<>(annotated(annotations, round, Mirrors.STATE));
        for (String name : deferred.keySet()) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
            if (type != null) {
                (Mirrors.find(type, Mirrors.STATE_MACHINE).isPresent() ? machineTypes : stateTypes).add(type);
            }
        }
        deferred.clear();

        MachineReader reader = new MachineReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
        MachineValidator validator = new MachineValidator(requireWhen);
        List<TypeElement> transitionTypes = new ArrayList<>();
        for (String annotation : Mirrors.ON_STATES) {
            transitionTypes.addAll(annotated(annotations, round, annotation));
        }
        for (MisplacedAnnotation misplaced : reader.misplaced(transitionTypes)) {
            reporter.print(validator.validate(misplaced));
        }
        if (machineTypes.isEmpty() && stateTypes.isEmpty()) {
            return;
        }

        ReadResult read = reader.read(machineTypes, stateTypes);
        for (Deferred d : read.deferred()) {
            deferred.put(d.element().getQualifiedName().toString(), d.missing());
        }
        for (OrphanState orphan : read.orphans()) {
            Optional<String> earlierRound =
                    orphan.candidates().stream().findFirst().map(machinesRead::get);
            reporter.print(validator.validate(orphan, earlierRound));
        }
        read.machines().forEach(machine -> machinesRead.put(machine.ref().baseType(), machine.name()));

        List<MachineModel> all = new ArrayList<>(generatedMachines);
        all.addAll(read.machines());
        List<MachineModel> valid = new ArrayList<>();
        List<MachineModel> broken = new ArrayList<>();
        for (MachineModel machine : read.machines()) {
            Report report = validator.validate(machine, all);
            reporter.print(report);
            // a machine with errors is not compared: one mistake, one error
            Report changes = report.hasErrors()
                    ? Report.empty()
                    : baseline.flatMap(b -> b.read(machine))
                            .map(b -> breakingChanges.check(machine, b))
                            .orElse(Report.empty());
            reporter.print(changes);
            (report.hasErrors() || changes.hasErrors() ? broken : valid).add(machine);
        }
        // which broken machines nothing can stand in for: known before any is written, since hand-offs name each other
        for (MachineModel machine : broken) {
            Optional<WritableSubset> subset = standIn(machine, all, ref -> true);
            if (subset.isEmpty()) {
                withoutTypes.add(machine.ref().baseType());
            } else {
                subset.get().helperOnly().forEach(state -> leftOut.add(state.type()));
            }
        }

        MachineWriter writer = new MachineWriter(processingEnv.getFiler(), new GeneratedTypes(generatedVisible()));
        Set<String> deferredNames = deferred.keySet();
        // a stand-in names no machine still waiting for a type: that one may never be generated
        Predicate<StateRef> nameable = ref -> hasConstant(ref)
                && !deferredNames.contains(
                        ref.machine().orElseThrow().baseType().qualifiedName());
        for (MachineModel machine : broken) {
            Optional<WritableSubset> subset = standIn(machine, all, nameable);
            if (subset.isPresent()) {
                reporter.print(writer.writeTypes(subset.get()));
            }
        }
        for (MachineModel machine : valid) {
            List<MachineRef> targets = machine.handOffTargets();
            if (handOffs(machine).anyMatch(target -> !hasConstant(target))) {
                // valid, but it hands off to a machine that is reported and has no types, or to a state that its
                // stand-in enum leaves out: write what can name them
                Optional<WritableSubset> subset = WritableSubset.of(machine, nameable);
                if (subset.isPresent()) {
                    reporter.print(writer.writeTypes(subset.get()));
                } else {
                    withoutTypes.add(machine.ref().baseType());
                }
                continue;
            }
            if (targets.stream()
                    .anyMatch(t -> deferredNames.contains(t.baseType().qualifiedName()))) {
                deferMachine(machine, WAITS_FOR_HAND_OFF);
                continue;
            }
            reporter.print(writer.write(machine));
            generatedMachines.add(machine);
            managers.add(machine.ref().stateManager().binaryName());
        }
    }

    /**
     * The Java types that can stand in for a machine with errors; none when another machine of the
     * compilation generates the same names (a {@code DuplicateMachine}: its types are the other's).
     */
    private static Optional<WritableSubset> standIn(
            MachineModel machine, List<MachineModel> all, Predicate<StateRef> hasConstant) {
        boolean namesTaken = all.stream()
                .anyMatch(other -> !other.equals(machine)
                        && other.ref().statusEnum().equals(machine.ref().statusEnum()));
        return namesTaken ? Optional.empty() : WritableSubset.of(machine, hasConstant);
    }

    /** Whether the status of {@code state}, of another machine, is a constant of that machine's generated enum. */
    private boolean hasConstant(StateRef state) {
        return !withoutTypes.contains(state.machine().orElseThrow().baseType()) && !leftOut.contains(state.type());
    }

    private static Stream<StateRef> handOffs(MachineModel machine) {
        return machine.states().stream()
                .flatMap(state -> state.transitions().stream())
                .filter(transition -> transition.isHandOff(machine.ref()))
                .map(TransitionModel::target);
    }

    private void deferMachine(MachineModel machine, String why) {
        deferred.put(machine.ref().baseType().qualifiedName(), why);
        machine.states().forEach(s -> deferred.put(s.type().qualifiedName(), why));
    }

    private void finish(RoundEnvironment round) throws IOException {
        if (!deferred.isEmpty() && reporter.errorCount() == 0 && !round.errorRaised()) {
            // one error per missing type, on the first element deferred for it (the one that names it)
            Set<String> causes = new HashSet<>();
            MachineValidator validator = new MachineValidator();
            for (Map.Entry<String, String> entry : deferred.entrySet()) {
                if (!entry.getValue().equals(WAITS_FOR_HAND_OFF) && causes.add(entry.getValue())) {
                    TypeElement where = processingEnv.getElementUtils().getTypeElement(entry.getKey());
                    reporter.print(validator.validate(
                            new MissingType(entry.getValue(), where == null ? Origin.NONE : Origin.of(where))));
                }
            }
        }
        if (!managers.isEmpty()) {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", SERVICES);
            try (Writer out = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                for (String manager : managers) {
                    out.write(manager + "\n");
                }
            }
        }
    }

    /**
     * Whether the user's code sees {@code @Generated}: looked up once per compilation, since javac's
     * {@code getTypeElement} searches every module for a name.
     */
    private boolean generatedVisible() {
        if (generatedVisible == null) {
            generatedVisible =
                    processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
        }
        return generatedVisible;
    }

    /**
     * The types of this round annotated with {@code annotation}. javac hands over the annotation types
     * present in the round: one that is not among them annotates nothing here, and taking the others from
     * there saves a {@code getTypeElement} (a search of every module) per annotation and round.
     */
    private static Set<TypeElement> annotated(
            Set<? extends TypeElement> annotations, RoundEnvironment round, String annotation) {
        for (TypeElement type : annotations) {
            if (type.getQualifiedName().contentEquals(annotation)) {
                return ElementFilter.typesIn(round.getElementsAnnotatedWith(type));
            }
        }
        return Set.of();
    }
}
