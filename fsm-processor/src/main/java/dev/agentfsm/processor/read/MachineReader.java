package dev.agentfsm.processor.read;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.MisplacedAnnotation;
import dev.agentfsm.processor.model.MutableField;
import dev.agentfsm.processor.model.NextMethod;
import dev.agentfsm.processor.model.Origin;
import dev.agentfsm.processor.model.OrphanState;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.StateShape;
import dev.agentfsm.processor.model.Surroundings;
import dev.agentfsm.processor.model.TimeoutModel;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns the annotated elements of a round into {@link MachineModel}s. It records facts (what a class
 * is, which machine it belongs to, what its annotations say) and judges nothing: the rules live in
 * the validator. A machine that names a type javac can't resolve yet is deferred, with its states.
 */
public final class MachineReader {

    private static final String AGENT_STATE = "dev.agentfsm.runtime.AgentState";
    private static final String NEXT = "dev.agentfsm.runtime.Next";
    private static final String SUPPRESS_MUTABLE = "agentfsm:MutableState";
    private static final TypeRef VOID = TypeRef.of("", "void");

    private final Elements elements;
    private final Types types;
    private final Mirrors mirrors;
    // looked up once per round rather than for every next method and thrown type of every state
    private final TypeMirror runtimeException;
    private final TypeMirror error;
    /**
     * Within the round: the {@code @StateMachine} supertypes of each type and the reference of each machine,
     * which every transition's target asks for again (a walk of its supertypes each time).
     */
    private final Map<TypeElement, List<TypeElement>> machinesByType = new HashMap<>();

    private final Map<TypeElement, MachineRef> machineRefs = new HashMap<>();

    /** The simple names of java.lang's types, listed on first use (a state class may shadow one), where the compiler lists them. */
    private Optional<Set<String>> javaLang;

    public MachineReader(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
        this.mirrors = new Mirrors(elements);
        this.runtimeException =
                elements.getTypeElement("java.lang.RuntimeException").asType();
        this.error = elements.getTypeElement("java.lang.Error").asType();
    }

    /**
     * Reads the machines and states of a round.
     *
     * @param machineTypes the types annotated {@code @StateMachine}
     * @param stateTypes the types annotated {@code @State}
     */
    public ReadResult read(Collection<TypeElement> machineTypes, Collection<TypeElement> stateTypes) {
        List<Deferred> deferred = new ArrayList<>();
        List<OrphanState> orphans = new ArrayList<>();
        Map<TypeElement, List<TypeElement>> statesByMachine = new LinkedHashMap<>();
        // javac and ECJ hand over elements in different orders; sorting keeps diagnostics the same under both
        machineTypes.stream()
                .sorted(Comparator.comparing(m -> m.getQualifiedName().toString()))
                .forEach(machine -> statesByMachine.put(machine, new ArrayList<>()));

        for (TypeElement state : stateTypes) {
            AnnotationMirror stateMirror = Mirrors.find(state, Mirrors.STATE).orElseThrow();
            List<TypeElement> candidates;
            try {
                candidates = machinesOf(state);
            } catch (Unresolved e) {
                deferred.add(new Deferred(state, e.getMessage()));
                continue;
            }
            Origin origin = Origin.of(state, stateMirror);
            if (candidates.size() != 1) {
                orphans.add(new OrphanState(
                        typeRef(state), candidates.stream().map(this::typeRef).toList(), false, origin));
            } else if (!statesByMachine.containsKey(candidates.get(0))) {
                orphans.add(new OrphanState(typeRef(state), List.of(typeRef(candidates.get(0))), true, origin));
            } else {
                statesByMachine.get(candidates.get(0)).add(state);
            }
        }

        List<MachineModel> machines = new ArrayList<>();
        for (Map.Entry<TypeElement, List<TypeElement>> entry : statesByMachine.entrySet()) {
            try {
                machines.add(readMachine(entry.getKey(), entry.getValue()));
            } catch (Unresolved e) {
                // the element that names the missing type first: the processor reports each cause once, there
                TypeElement where = e.where().orElse(entry.getKey());
                deferred.add(new Deferred(where, e.getMessage()));
                if (!where.equals(entry.getKey())) {
                    deferred.add(new Deferred(entry.getKey(), e.getMessage()));
                }
                entry.getValue().stream()
                        .filter(s -> !s.equals(where))
                        .forEach(state -> deferred.add(new Deferred(state, e.getMessage())));
            }
        }
        return new ReadResult(machines, orphans, deferred);
    }

    /**
     * The annotations of {@link Mirrors#ON_STATES} ({@code @Transition}, {@code @Terminal}, ...) on
     * the types of {@code annotated} that sit on a class without {@code @State}, where nothing reads them.
     */
    public List<MisplacedAnnotation> misplaced(Collection<TypeElement> annotated) {
        List<MisplacedAnnotation> found = new ArrayList<>();
        annotated.stream()
                .distinct()
                .sorted(Comparator.comparing(t -> t.getQualifiedName().toString()))
                .filter(type -> Mirrors.find(type, Mirrors.STATE).isEmpty())
                .forEach(type -> {
                    for (String annotation : Mirrors.ON_STATES) {
                        Mirrors.find(type, annotation)
                                .ifPresent(mirror -> found.add(new MisplacedAnnotation(
                                        typeRef(type),
                                        annotation.substring(annotation.lastIndexOf('.') + 1),
                                        Origin.of(type, mirror))));
                    }
                });
        return found;
    }

    private MachineModel readMachine(TypeElement base, List<TypeElement> stateTypes) throws Unresolved {
        AnnotationMirror mirror = Mirrors.find(base, Mirrors.STATE_MACHINE).orElseThrow();
        Optional<TypeRef> agent = agentTypeOf(base);
        MachineRef ref = new MachineRef(
                mirrors.string(mirror, "name"),
                typeRef(base),
                agent.orElse(TypeRef.of("dev.agentfsm.runtime", "Agent")));

        StateRef initial = classValue(base, mirror, "initial");
        Optional<StateRef> fallback = optionalClassValue(base, mirror, "fallback");
        Optional<StateRef> onError = optionalClassValue(base, mirror, "onError");

        List<StateModel> states = new ArrayList<>();
        for (TypeElement state : stateTypes) {
            try {
                states.add(readState(state, ref));
            } catch (Unresolved e) {
                throw e.at(state);
            }
        }
        Surroundings surroundings = surroundings(base, ref, agent, stateTypes, states);
        return new MachineModel(
                ref,
                mirrors.string(mirror, "description"),
                agent.isPresent(),
                initial,
                fallback,
                onError,
                stableOrder(states, initial, fallback, onError),
                Origin.of(base, mirror),
                origin(base, mirror, "name"),
                surroundings);
    }

    /**
     * What the machine's generated sources must allow for: the package's types that shadow java.lang,
     * and the deprecated elements they name, whose warnings would land in generated code.
     */
    private Surroundings surroundings(
            TypeElement base,
            MachineRef ref,
            Optional<TypeRef> agent,
            List<TypeElement> stateTypes,
            List<StateModel> states) {
        Set<String> shadows = new TreeSet<>();
        PackageElement pkg = elements.getPackageOf(base);
        for (Element member : pkg.getEnclosedElements()) {
            String name = member.getSimpleName().toString();
            if (isJavaLang(name)) {
                shadows.add(name);
            }
        }
        Set<String> manager = new TreeSet<>();
        deprecation(base, manager);
        agent.map(a -> elements.getTypeElement(a.qualifiedName())).ifPresent(a -> deprecation(a, manager));
        for (TypeElement state : stateTypes) {
            deprecation(state, manager);
            for (ExecutableElement c : ElementFilter.constructorsIn(state.getEnclosedElements())) {
                if (c.getParameters().isEmpty()) {
                    deprecation(c, manager);
                }
            }
        }
        Set<String> moves = new TreeSet<>();
        for (StateModel state : states) {
            state.nextMethod().map(m -> m.origin().element()).ifPresent(m -> deprecation(m, manager));
            for (TransitionModel transition : state.transitions()) {
                if (transition.isHandOff(ref)) {
                    TypeElement handOffAgent = elements.getTypeElement(transition
                            .target()
                            .machine()
                            .orElseThrow()
                            .agentType()
                            .qualifiedName());
                    if (handOffAgent != null) {
                        deprecation(handOffAgent, moves);
                    }
                }
            }
        }
        return new Surroundings(shadows, manager, moves);
    }

    /** Adds the warning that naming {@code element} gives, if it or a type enclosing it is deprecated. */
    private void deprecation(Element element, Set<String> warnings) {
        for (Element e = element; e != null && !(e instanceof PackageElement); e = e.getEnclosingElement()) {
            if (elements.isDeprecated(e)) {
                Deprecated deprecated = e.getAnnotation(Deprecated.class);
                warnings.add(deprecated != null && deprecated.forRemoval() ? "removal" : "deprecation");
            }
        }
    }

    /** Whether java.lang has a type of this simple name. */
    private boolean isJavaLang(String simpleName) {
        if (javaLang == null) {
            // javac lists the package at once; ECJ finds no package java.lang, so there each name is looked up
            PackageElement lang = elements.getPackageElement("java.lang");
            javaLang = lang == null
                    ? Optional.empty()
                    : Optional.of(lang.getEnclosedElements().stream()
                            .map(e -> e.getSimpleName().toString())
                            .collect(Collectors.toSet()));
        }
        return javaLang.isPresent()
                ? javaLang.get().contains(simpleName)
                : elements.getTypeElement("java.lang." + simpleName) != null;
    }

    private StateModel readState(TypeElement state, MachineRef machine) throws Unresolved {
        AnnotationMirror stateMirror = Mirrors.find(state, Mirrors.STATE).orElseThrow();
        Optional<AnnotationMirror> terminal = Mirrors.find(state, Mirrors.TERMINAL);
        Optional<AnnotationMirror> timeoutMirror = Mirrors.find(state, Mirrors.TIMEOUT);
        Optional<TimeoutModel> timeout = Optional.empty();
        if (timeoutMirror.isPresent()) {
            AnnotationMirror t = timeoutMirror.get();
            timeout = Optional.of(new TimeoutModel(
                    mirrors.string(t, "after"), classValue(state, t, "to"), origin(state, t, "after")));
        }
        List<TransitionModel> transitions = new ArrayList<>();
        for (AnnotationMirror transition : Mirrors.transitions(state)) {
            StateRef target = classValue(state, transition, "to");
            Object by = mirrors.value(transition, "by").getValue();
            if (!(by instanceof VariableElement trigger)) {
                throw new Unresolved("@Transition(by = " + by + ") on " + state.getSimpleName());
            }
            transitions.add(new TransitionModel(
                    target,
                    Trigger.valueOf(trigger.getSimpleName().toString()),
                    mirrors.string(transition, "when"),
                    origin(state, transition, "to")));
        }
        TypeRef type = typeRef(state);
        return new StateModel(
                mirrors.string(stateMirror, "value"),
                type,
                mirrors.string(stateMirror, "description"),
                terminal.isPresent(),
                terminal.map(t -> mirrors.bool(t, "endsRound")).orElse(false),
                terminal.map(t -> mirrors.bool(t, "endsSubtask")).orElse(false),
                transitions,
                nextMethod(state, type, machine),
                shape(state, machine),
                mutableFields(state),
                Origin.of(state, stateMirror),
                origin(state, stateMirror, "value"),
                terminal.map(t -> Origin.of(state, t)).orElse(Origin.of(state)),
                tools(state),
                timeout);
    }

    /** The state's {@code @Tools} patterns, each with its place in the annotation; empty without {@code @Tools}. */
    private Optional<List<StateModel.ToolPattern>> tools(TypeElement state) {
        return Mirrors.find(state, Mirrors.TOOLS).map(mirror -> {
            List<StateModel.ToolPattern> patterns = new ArrayList<>();
            Object value = mirrors.value(mirror, "value").getValue();
            if (value instanceof List<?> values) {
                for (Object v : values) {
                    AnnotationValue element = (AnnotationValue) v;
                    patterns.add(new StateModel.ToolPattern(
                            String.valueOf(element.getValue()), Origin.of(state, mirror, element)));
                }
            }
            return patterns;
        });
    }

    /** An optional class-valued member; empty for {@code void.class}, the "none" default. */
    private Optional<StateRef> optionalClassValue(Element owner, AnnotationMirror mirror, String member)
            throws Unresolved {
        StateRef ref = classValue(owner, mirror, member);
        return ref.type().equals(VOID) ? Optional.empty() : Optional.of(ref);
    }

    /**
     * A class-valued member as a state reference. A class that is not a {@code @State}, including
     * {@code void.class} where a state is required, is a reference without a status: the validator
     * reports it.
     */
    private StateRef classValue(Element owner, AnnotationMirror mirror, String member) throws Unresolved {
        Object value = mirrors.value(mirror, member).getValue();
        String annotation =
                mirror.getAnnotationType().asElement().getSimpleName().toString();
        if (!(value instanceof TypeMirror type)) {
            // javac hands over the string "<error>" for a class literal it could not resolve
            throw new Unresolved("@" + annotation + "(" + member + " = ...) on " + owner.getSimpleName());
        }
        Origin origin = origin(owner, mirror, member);
        return switch (type.getKind()) {
            case ERROR ->
                throw new Unresolved(
                        "@" + annotation + "(" + member + " = " + type + ".class) on " + owner.getSimpleName());
            case DECLARED -> stateRef((TypeElement) ((DeclaredType) type).asElement(), origin);
            default -> new StateRef(TypeRef.of("", type.toString()), Optional.empty(), Optional.empty(), origin);
        };
    }

    private StateRef stateRef(TypeElement element, Origin origin) throws Unresolved {
        Optional<String> status = Mirrors.find(element, Mirrors.STATE).map(m -> mirrors.string(m, "value"));
        Optional<MachineRef> machine = Optional.empty();
        if (status.isPresent()) {
            List<TypeElement> machines = machinesOf(element);
            if (machines.size() == 1) {
                machine = Optional.of(machineRef(machines.get(0)));
            }
        }
        return new StateRef(typeRef(element), status, machine, origin);
    }

    /** The reference to the machine whose base type is {@code base}, as a transition's target names it. */
    private MachineRef machineRef(TypeElement base) throws Unresolved {
        MachineRef known = machineRefs.get(base);
        if (known != null) {
            return known;
        }
        AnnotationMirror mirror = Mirrors.find(base, Mirrors.STATE_MACHINE).orElseThrow();
        MachineRef ref = new MachineRef(
                mirrors.string(mirror, "name"),
                typeRef(base),
                agentTypeOf(base).orElse(TypeRef.of("dev.agentfsm.runtime", "Agent")));
        machineRefs.put(base, ref);
        return ref;
    }

    /** The {@code @StateMachine} types among the supertypes of {@code type}, nearest first. */
    private List<TypeElement> machinesOf(TypeElement type) throws Unresolved {
        List<TypeElement> known = machinesByType.get(type);
        if (known != null) {
            return known;
        }
        List<TypeElement> machines = searchMachines(type);
        machinesByType.put(type, machines);
        return machines;
    }

    private List<TypeElement> searchMachines(TypeElement type) throws Unresolved {
        Set<TypeElement> found = new LinkedHashSet<>();
        Set<TypeElement> seen = new LinkedHashSet<>();
        Deque<TypeMirror> queue = new ArrayDeque<>(types.directSupertypes(type.asType()));
        while (!queue.isEmpty()) {
            TypeMirror supertype = queue.removeFirst();
            if (supertype.getKind() == TypeKind.ERROR) {
                throw new Unresolved("the supertype " + supertype + " of " + type.getSimpleName());
            }
            if (supertype.getKind() != TypeKind.DECLARED) {
                continue;
            }
            TypeElement element = (TypeElement) ((DeclaredType) supertype).asElement();
            if (!seen.add(element)) {
                continue;
            }
            if (Mirrors.find(element, Mirrors.STATE_MACHINE).isPresent()) {
                found.add(element);
            }
            queue.addAll(types.directSupertypes(supertype));
        }
        return List.copyOf(found);
    }

    /** {@code A} of the {@code AgentState<A>} the base type implements, if it is a plain class or interface. */
    private Optional<TypeRef> agentTypeOf(TypeElement base) throws Unresolved {
        Deque<TypeMirror> queue = new ArrayDeque<>(types.directSupertypes(base.asType()));
        while (!queue.isEmpty()) {
            TypeMirror supertype = queue.removeFirst();
            if (supertype.getKind() == TypeKind.ERROR) {
                throw new Unresolved("the supertype " + supertype + " of " + base.getSimpleName());
            }
            if (supertype.getKind() != TypeKind.DECLARED) {
                continue;
            }
            DeclaredType declared = (DeclaredType) supertype;
            TypeElement element = (TypeElement) declared.asElement();
            if (element.getQualifiedName().contentEquals(AGENT_STATE)) {
                List<? extends TypeMirror> args = declared.getTypeArguments();
                if (args.size() == 1 && args.get(0).getKind() == TypeKind.ERROR) {
                    throw new Unresolved("the agent type " + args.get(0) + " of " + base.getSimpleName());
                }
                if (args.size() == 1
                        && args.get(0).getKind() == TypeKind.DECLARED
                        && ((DeclaredType) args.get(0)).getTypeArguments().isEmpty()) {
                    return Optional.of(typeRef((TypeElement) ((DeclaredType) args.get(0)).asElement()));
                }
                return Optional.empty();
            }
            queue.addAll(types.directSupertypes(supertype));
        }
        return Optional.empty();
    }

    private Optional<NextMethod> nextMethod(TypeElement state, TypeRef type, MachineRef machine) {
        for (ExecutableElement method : ElementFilter.methodsIn(state.getEnclosedElements())) {
            if (!method.getSimpleName().contentEquals("next")
                    || method.getParameters().size() != 2) {
                continue;
            }
            if (!namesHelper(method.getParameters().get(1).asType(), type, machine)) {
                continue;
            }
            Set<Modifier> modifiers = method.getModifiers();
            boolean samePackage = packageOf(state).equals(machine.baseType().packageName());
            boolean accessible =
                    modifiers.contains(Modifier.PUBLIC) || (samePackage && !modifiers.contains(Modifier.PRIVATE));
            TypeMirror agentParam = method.getParameters().get(0).asType();
            boolean acceptsAgent = agentParam.getKind() == TypeKind.ERROR || acceptsAgent(agentParam, machine);
            TypeMirror returnType = method.getReturnType();
            boolean returnsNext = returnType.getKind() == TypeKind.ERROR
                    || (returnType.getKind() == TypeKind.DECLARED
                            && ((TypeElement) ((DeclaredType) returnType).asElement())
                                    .getQualifiedName()
                                    .contentEquals(NEXT));
            boolean throwsChecked = method.getThrownTypes().stream().anyMatch(this::isChecked);
            return Optional.of(new NextMethod(
                    accessible,
                    modifiers.contains(Modifier.STATIC),
                    acceptsAgent,
                    returnsNext,
                    throwsChecked,
                    Origin.of(method)));
        }
        return Optional.empty();
    }

    private boolean acceptsAgent(TypeMirror param, MachineRef machine) {
        TypeElement agent = elements.getTypeElement(machine.agentType().qualifiedName());
        return agent == null || types.isAssignable(agent.asType(), param);
    }

    private boolean isChecked(TypeMirror thrown) {
        return thrown.getKind() == TypeKind.DECLARED
                && !types.isSubtype(thrown, runtimeException)
                && !types.isSubtype(thrown, error);
    }

    /**
     * Whether {@code param} is the state's generated helper, {@code <Machine>Moves.<StateClass>}: its simple
     * name is the state class's (or its flat name, {@code Outer_Inner}, which the helper takes when two states
     * share a simple name), nested in the machine's {@code Moves} class. A type not generated yet (an
     * ErrorType) shows only what the source wrote: when that is the nested name alone (imported), it is enough.
     */
    private static boolean namesHelper(TypeMirror param, TypeRef state, MachineRef machine) {
        String simple;
        String outer;
        if (param.getKind() == TypeKind.DECLARED) {
            Element element = ((DeclaredType) param).asElement();
            simple = element.getSimpleName().toString();
            Element enclosing = element.getEnclosingElement();
            outer = enclosing instanceof TypeElement ? enclosing.getSimpleName().toString() : "(top level)";
        } else {
            // an ErrorType prints as written in source, possibly qualified, possibly only the nested name
            String[] written = param.toString().split("\\.");
            simple = written[written.length - 1];
            outer = written.length > 1 ? written[written.length - 2] : "";
        }
        return (simple.equals(state.simpleName()) || simple.equals(state.flatName()))
                && (outer.isEmpty() || outer.equals(machine.moves().simpleName()));
    }

    private StateShape shape(TypeElement state, MachineRef machine) {
        Set<Modifier> modifiers = state.getModifiers();
        boolean samePackage = packageOf(state).equals(machine.baseType().packageName());
        boolean accessible = true;
        for (Element e = state; e instanceof TypeElement; e = e.getEnclosingElement()) {
            accessible &= e.getModifiers().contains(Modifier.PUBLIC)
                    || (samePackage && !e.getModifiers().contains(Modifier.PRIVATE));
        }
        boolean constructor = false;
        boolean throwsChecked = false;
        for (ExecutableElement c : ElementFilter.constructorsIn(state.getEnclosedElements())) {
            if (c.getParameters().isEmpty()) {
                constructor = c.getModifiers().contains(Modifier.PUBLIC)
                        || (samePackage && !c.getModifiers().contains(Modifier.PRIVATE));
                throwsChecked = c.getThrownTypes().stream().anyMatch(this::isChecked);
            }
        }
        boolean inner = state.getNestingKind().isNested()
                && !modifiers.contains(Modifier.STATIC)
                && state.getKind() == ElementKind.CLASS;
        boolean isClass =
                state.getKind() == ElementKind.CLASS || state.getKind().name().equals("RECORD");
        return new StateShape(
                isClass,
                modifiers.contains(Modifier.ABSTRACT),
                inner,
                modifiers.contains(Modifier.PRIVATE),
                accessible,
                constructor,
                !state.getTypeParameters().isEmpty(),
                throwsChecked);
    }

    private List<MutableField> mutableFields(TypeElement state) {
        if (suppressesMutable(state)) {
            return List.of();
        }
        List<MutableField> fields = new ArrayList<>();
        for (VariableElement field : ElementFilter.fieldsIn(state.getEnclosedElements())) {
            Set<Modifier> modifiers = field.getModifiers();
            if (!modifiers.contains(Modifier.STATIC)
                    && !modifiers.contains(Modifier.FINAL)
                    && !suppressesMutable(field)) {
                fields.add(new MutableField(field.getSimpleName().toString(), Origin.of(field)));
            }
        }
        return fields;
    }

    private static boolean suppressesMutable(Element element) {
        SuppressWarnings suppress = element.getAnnotation(SuppressWarnings.class);
        return suppress != null && List.of(suppress.value()).contains(SUPPRESS_MUTABLE);
    }

    /**
     * States in a stable order that reads well: the initial state, then the states it reaches in
     * the order their transitions are declared, then the other entry points and what they reach,
     * by status.
     */
    private static List<StateModel> stableOrder(
            List<StateModel> states, StateRef initial, Optional<StateRef> fallback, Optional<StateRef> onError) {
        Map<TypeRef, StateModel> byType = new HashMap<>();
        for (StateModel state : states) {
            byType.putIfAbsent(state.type(), state);
        }
        List<StateModel> sorted = new ArrayList<>(states);
        sorted.sort(Comparator.comparing(StateModel::status)
                .thenComparing(s -> s.type().qualifiedName()));
        List<TypeRef> roots = new ArrayList<>();
        roots.add(initial.type());
        fallback.ifPresent(f -> roots.add(f.type()));
        onError.ifPresent(e -> roots.add(e.type()));
        sorted.forEach(s -> roots.add(s.type()));

        // by identity: a record's hashCode walks all of a state's transitions and origins, on every visit
        Set<StateModel> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<StateModel> ordered = new ArrayList<>();
        for (TypeRef root : roots) {
            Deque<StateModel> queue = new ArrayDeque<>();
            Optional.ofNullable(byType.get(root)).ifPresent(queue::add);
            while (!queue.isEmpty()) {
                StateModel state = queue.removeFirst();
                if (!seen.add(state)) {
                    continue;
                }
                ordered.add(state);
                for (TransitionModel t : state.transitions()) {
                    Optional.ofNullable(byType.get(t.target().type())).ifPresent(queue::addLast);
                }
            }
        }
        // states sharing a class with another (impossible) or duplicates of a status keep their place
        for (StateModel state : sorted) {
            if (seen.add(state)) {
                ordered.add(state);
            }
        }
        return ordered;
    }

    private Origin origin(Element element, AnnotationMirror mirror, String member) {
        return Origin.of(element, mirror, Mirrors.explicit(mirror, member).orElse(null));
    }

    private TypeRef typeRef(TypeElement type) {
        List<String> names = new ArrayList<>();
        Element e = type;
        while (e instanceof TypeElement) {
            names.add(0, e.getSimpleName().toString());
            e = e.getEnclosingElement();
        }
        return new TypeRef(packageOf(type), names);
    }

    private String packageOf(Element element) {
        PackageElement pkg = elements.getPackageOf(element);
        return pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
    }
}
