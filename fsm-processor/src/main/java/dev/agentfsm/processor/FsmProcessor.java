package dev.agentfsm.processor;

import com.google.auto.service.AutoService;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.OrphanState;
import dev.agentfsm.processor.model.Origin;
import dev.agentfsm.processor.model.TypeRef;
import dev.agentfsm.processor.read.Deferred;
import dev.agentfsm.processor.read.MachineReader;
import dev.agentfsm.processor.read.Mirrors;
import dev.agentfsm.processor.read.ReadResult;
import dev.agentfsm.processor.validate.MachineValidator;
import dev.agentfsm.processor.validate.Report;
import dev.agentfsm.processor.write.DocsDirectory;
import dev.agentfsm.processor.write.GeneratedTypes;
import dev.agentfsm.processor.write.MachineWriter;
import dev.agentfsm.processor.write.WriteProblem;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic.Kind;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The agent-fsm annotation processor. It reads {@code @StateMachine} and {@code @State} types into
 * models, validates them, and writes the generated code and resources of every valid machine.
 * This class only runs the rounds: it defers machines that name types not generated yet, keeps
 * a broken machine from generating (and the machines that hand off to it), collects the service
 * registrations until processing is over, and turns any internal failure into an error on the
 * element instead of an exception into javac.
 */
@AutoService(Processor.class)
public final class FsmProcessor extends AbstractProcessor {

    static final String SERVICES = "META-INF/services/dev.agentfsm.runtime.StateManager";
    /** Why a valid machine waits: its hand-off target was deferred, and is reported itself if it never resolves. */
    private static final String WAITS_FOR_HAND_OFF = "the machine it hands off to";

    private final Map<String, String> deferred = new LinkedHashMap<>();
    private final Set<TypeRef> failed = new HashSet<>();
    private final List<MachineModel> generatedMachines = new ArrayList<>();
    private final Set<String> managers = new TreeSet<>();
    private boolean reportedError;
    private DiagnosticPrinter printer;
    private Optional<DocsDirectory> docs = Optional.empty();
    private Optional<String> invalidDocsOption = Optional.empty();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        printer = new DiagnosticPrinter(env);
        try {
            docs = DocsDirectory.fromOptions(env.getOptions());
        } catch (DocsDirectory.InvalidOption e) {
            // reported in the first round; the machines still generate, so the error is the only one
            invalidDocsOption = Optional.of(e.getMessage());
        }
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(DocsDirectory.OPTION);
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(Mirrors.STATE_MACHINE, Mirrors.STATE, Mirrors.TRANSITION, Mirrors.TRANSITIONS, Mirrors.TERMINAL,
                Mirrors.TIMEOUT);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        try {
            processRound(round);
            if (round.processingOver()) {
                finish(round);
            }
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            error("[agentfsm:Internal] the agent-fsm processor failed; please report this with the stack trace:\n" + trace, null);
        }
        return false;
    }

    private void processRound(RoundEnvironment round) throws IOException {
        invalidDocsOption.ifPresent(message -> error(message, null));
        invalidDocsOption = Optional.empty();
        Set<TypeElement> machineTypes = new LinkedHashSet<>(annotated(round, Mirrors.STATE_MACHINE));
        Set<TypeElement> stateTypes = new LinkedHashSet<>(annotated(round, Mirrors.STATE));
        for (String name : deferred.keySet()) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
            if (type != null) {
                (Mirrors.find(type, Mirrors.STATE_MACHINE).isPresent() ? machineTypes : stateTypes).add(type);
            }
        }
        deferred.clear();
        reportMisplacedTransitions(round);
        if (machineTypes.isEmpty() && stateTypes.isEmpty()) {
            return;
        }

        ReadResult read = new MachineReader(processingEnv.getElementUtils(), processingEnv.getTypeUtils())
                .read(machineTypes, stateTypes);
        for (Deferred d : read.deferred()) {
            deferred.put(d.element().getQualifiedName().toString(), d.missing());
        }
        MachineValidator validator = new MachineValidator();
        for (OrphanState orphan : read.orphans()) {
            print(validator.validate(orphan));
        }

        List<MachineModel> all = new ArrayList<>(generatedMachines);
        all.addAll(read.machines());
        List<MachineModel> valid = new ArrayList<>();
        for (MachineModel machine : read.machines()) {
            Report report = validator.validate(machine, all);
            print(report);
            if (report.hasErrors()) {
                failed.add(machine.ref().baseType());
            } else {
                valid.add(machine);
            }
        }

        MachineWriter writer = new MachineWriter(processingEnv.getFiler(), new GeneratedTypes(generatedVisible()), docs);
        Set<String> deferredNames = deferred.keySet();
        for (MachineModel machine : valid) {
            List<MachineRef> targets = machine.handOffTargets();
            if (targets.stream().anyMatch(t -> failed.contains(t.baseType()))) {
                // the machine it hands off to is reported and not generated; generating this one would only cascade
                failed.add(machine.ref().baseType());
                continue;
            }
            if (targets.stream().anyMatch(t -> deferredNames.contains(t.baseType().qualifiedName()))) {
                deferMachine(machine, WAITS_FOR_HAND_OFF);
                continue;
            }
            for (WriteProblem problem : writer.write(machine)) {
                print(problem.kind(), problem.message(), problem.origin().orElse(machine.origin()));
            }
            generatedMachines.add(machine);
            managers.add(machine.ref().stateManager().binaryName());
        }
    }

    private void deferMachine(MachineModel machine, String why) {
        deferred.put(machine.ref().baseType().qualifiedName(), why);
        machine.states().forEach(s -> deferred.put(s.type().qualifiedName(), why));
    }

    private void finish(RoundEnvironment round) throws IOException {
        if (!deferred.isEmpty() && !reportedError && !round.errorRaised()) {
            // one error per missing type, on the first element deferred for it (the one that names it)
            Set<String> causes = new HashSet<>();
            for (Map.Entry<String, String> entry : deferred.entrySet()) {
                if (!entry.getValue().equals(WAITS_FOR_HAND_OFF) && causes.add(entry.getValue())) {
                    error("[agentfsm:Unresolved] " + entry.getValue() + " names a type that does not exist;"
                            + " check the name and the imports",
                            processingEnv.getElementUtils().getTypeElement(entry.getKey()));
                }
            }
        }
        if (!managers.isEmpty()) {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", SERVICES);
            try (Writer out = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                for (String manager : managers) {
                    out.write(manager + "\n");
                }
            }
        }
    }

    /** {@code @Transition} or {@code @Terminal} on a type that is not a {@code @State} is a mistake, not a no-op. */
    private void reportMisplacedTransitions(RoundEnvironment round) {
        for (String annotation : List.of(Mirrors.TRANSITION, Mirrors.TRANSITIONS, Mirrors.TERMINAL, Mirrors.TIMEOUT)) {
            for (TypeElement type : annotated(round, annotation)) {
                if (Mirrors.find(type, Mirrors.STATE).isEmpty()) {
                    String simple = annotation.substring(annotation.lastIndexOf('.') + 1);
                    print(Kind.ERROR, "[agentfsm:NotAState] @" + simple + " on " + type.getSimpleName()
                            + ", which is not a @State class; annotate it with @State or remove @" + simple,
                            // without a mirror the message points at the type
                            Origin.of(type, Mirrors.find(type, annotation).orElse(null)));
                }
            }
        }
    }

    private void print(Report report) {
        for (dev.agentfsm.processor.validate.Diagnostic d : report.diagnostics()) {
            print(d.kind(), d.text(), d.origin());
        }
    }

    private void print(Kind kind, String text, Origin origin) {
        reportedError |= kind == Kind.ERROR;
        printer.print(kind, text, origin);
    }

    private void error(String message, Element element) {
        reportedError = true;
        processingEnv.getMessager().printMessage(Kind.ERROR, message, element);
    }

    private boolean generatedVisible() {
        return processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
    }

    private Set<TypeElement> annotated(RoundEnvironment round, String annotation) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
        if (type == null) {
            return Set.of();
        }
        return ElementFilter.typesIn(round.getElementsAnnotatedWith(type));
    }
}
