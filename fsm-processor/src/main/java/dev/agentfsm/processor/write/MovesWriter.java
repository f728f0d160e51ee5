package dev.agentfsm.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.MachineRef;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Machine>Moves}: a class nested in it per state ({@code HostAgentMoves.Assign}), with
 * one method per transition the state declares, and {@code byStatus}. Because there is no method for an
 * undeclared move, a state that asks for one does not compile. A move within the machine returns a
 * {@code Next} made once, so a decision allocates nothing; a hand-off carries its agent and is made per
 * call. One file for the machine rather than one per state: javac's filer and every later round pay per
 * generated file, which at a thousand states was most of the processor's cost.
 *
 * <p>The made decisions are one array of the machine's, filled by a loop over the status enum's declared
 * moves when the helpers are first used, not a constant per move in each helper: javac enters every
 * generated declaration again in each round after the first, so what it declares per transition costs
 * every compile that runs the processor.
 */
final class MovesWriter {

    /** The field of {@code <Machine>Moves} that holds the made decisions, which each helper returns by index. */
    private static final String MOVES = "MOVES";

    private final GeneratedTypes generated;

    MovesWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    /**
     * The helpers of {@code machine}'s states, then those of {@code leftOut}: states that the status enum
     * of a machine with errors leaves out (see {@link WritableSubset}). Those have no constant to move from,
     * so their helpers offer the same methods, for the user's code to compile against, and each throws.
     * The compilation fails anyway; they are never run.
     */
    JavaFile write(MachineModel machine, List<StateModel> leftOut) {
        Map<TypeRef, TypeRef> helpers = helpers(machine, leftOut);
        ClassName self = GeneratedTypes.className(machine.ref().moves());
        ClassName status = GeneratedTypes.statusEnum(machine);
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(
                        """
                        The moves the states of the {@code $L} machine may make: a class per state, named as the state
                        class, with one method per {@code @Transition} it declares. A state that declares
                        {@code public Next next($L agent, $L.<State> to)} is given its own and decides in code; a state
                        without one takes its only move, or the move to the agent's status ({@code byStatus}).
                        """,
                        machine.name(),
                        machine.ref().agentType().nestedName(),
                        self.simpleName());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine);
        GeneratedTypes.suppress(type, machine.surroundings().movesWarnings());
        int within = 0;
        for (StateModel state : machine.states()) {
            within += movesWithin(machine, state);
        }
        if (within > 0) {
            type.addField(FieldSpec.builder(
                            ArrayTypeName.of(RuntimeTypes.NEXT),
                            MOVES,
                            Modifier.PRIVATE,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc(
                            "The decision of each declared move within {@code $L}, made once, in the order of the states\n"
                                    + "and their transitions.\n",
                            machine.name())
                    .initializer("moves()")
                    .build());
        }
        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        if (within > 0) {
            type.addMethod(movesMethod(machine, self, status, within));
        }
        int first = 0;
        for (StateModel state : machine.states()) {
            type.addType(helper(machine, state, helpers.get(state.type()), Optional.empty(), first));
            first += movesWithin(machine, state);
        }
        Set<TypeRef> written = new HashSet<>();
        machine.states().forEach(state -> written.add(helpers.get(state.type())));
        for (StateModel state : leftOut) {
            if (!written.add(helpers.get(state.type()))) {
                continue; // a helper of that name is written (a DuplicateState error): the first stands in
            }
            String why =
                    machine.name() + "." + state.status() + " (" + state.type().qualifiedName()
                            + ") is not a constant of "
                            + status.simpleName() + ": the " + machine.name()
                            + " machine has compile errors, and this helper only"
                            + " stands in for its state; fix the errors agent-fsm reported and compile again";
            type.addType(helper(
                    machine,
                    state,
                    helpers.get(state.type()),
                    Optional.of(CodeBlock.of("throw new $T($S)", IllegalStateException.class, why)),
                    0));
        }
        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    /** Each state's helper, named over the held states and the left-out ones together, as the user's code names them. */
    static Map<TypeRef, TypeRef> helpers(MachineModel machine, List<StateModel> leftOut) {
        List<StateModel> all = new ArrayList<>(machine.states());
        all.addAll(leftOut);
        return Names.movesTypes(machine.ref(), all);
    }

    /**
     * {@code MOVES}' loop: every status's declared moves within the machine, in order, made into decisions
     * by {@code Next.move}, which checks each against the declaration as any other caller's.
     */
    private static MethodSpec movesMethod(MachineModel machine, ClassName self, ClassName status, int within) {
        return MethodSpec.methodBuilder("moves")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ArrayTypeName.of(RuntimeTypes.NEXT))
                .addStatement("$T[] moves = new $T[$L]", RuntimeTypes.NEXT, RuntimeTypes.NEXT, within)
                .addStatement("int made = 0")
                .beginControlFlow("for ($T from : $T.values())", status, status)
                .beginControlFlow("for ($T move : from.moves())", RuntimeTypes.MOVE)
                // a hand-off's target is another machine's status; its decision carries an agent, made per call
                .beginControlFlow("if (move.to() instanceof $T)", status)
                .addStatement("moves[made++] = $T.move(from, move.to())", RuntimeTypes.NEXT)
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (made != moves.length)")
                .addStatement(
                        "throw new $T($S + made + $S)",
                        IllegalStateException.class,
                        self.simpleName() + " was generated for " + within + " moves within " + machine.name()
                                + ", but " + status.simpleName() + " declares ",
                        "; compile the machine's classes together again")
                .endControlFlow()
                .addStatement("return moves")
                .build();
    }

    /**
     * @param leftOut the statement each method runs instead of deciding, for a state the enum leaves out
     * @param first the index in {@code MOVES} of this state's first move within the machine (unused for a
     *     state the enum leaves out, whose methods throw)
     */
    private static TypeSpec helper(
            MachineModel machine, StateModel state, TypeRef helper, Optional<CodeBlock> leftOut, int first) {
        ClassName self = GeneratedTypes.className(helper);
        ClassName status = GeneratedTypes.statusEnum(machine);

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(
                        "The moves of {@link $L} ({@code $L.$L}):\n$L\n",
                        GeneratedTypes.javadocLink(machine, state.type()),
                        machine.name(),
                        state.status(),
                        leftOut.isPresent()
                                ? "the machine has compile errors and {@code " + status.simpleName()
                                        + "} leaves this state out;\n"
                                        + "this helper only lets code that names it compile, and each method throws."
                                : whoDecides(machine, state));

        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self)
                .build());
        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        // JavaPoet writes a type in full where a nested helper shadows its simple name (a state named Next or
        // DoorStatus): no parameter may be named as the first name of what the methods' bodies name
        Set<String> bodyRoots = firstNames(RuntimeTypes.NEXT, status, ClassName.get(IllegalStateException.class));
        String statusParam = freeName("status", "Value", bodyRoots);
        // byStatus returns the made decision for a declared move within the machine, and asks Next for any other
        CodeBlock.Builder byStatus = CodeBlock.builder();
        int made = first;
        for (TransitionModel t : state.transitions()) {
            String method = Names.transitionMethod(machine.ref(), t.target());
            String target = t.target().status().orElseThrow();
            String doc = "{@code $L -> $L}, by $L" + (t.when().isEmpty() ? ".\n" : ": $L\n");
            Object[] docArgs = t.when().isEmpty()
                    ? new Object[] {state.status(), t.target().qualifiedStatus(machine.ref()), t.by()}
                    : new Object[] {
                        state.status(), t.target().qualifiedStatus(machine.ref()), t.by(), Javadoc.escape(t.when())
                    };
            if (t.isHandOff(machine.ref())) {
                MachineRef other = t.target().machine().orElseThrow();
                ClassName otherAgent = GeneratedTypes.className(other.agentType());
                ClassName otherStatus = GeneratedTypes.className(other.statusEnum());
                Set<String> roots = new HashSet<>(bodyRoots);
                roots.addAll(firstNames(otherStatus));
                String param = parameterName(other.agentType(), roots);
                type.addMethod(MethodSpec.methodBuilder(method)
                        .addJavadoc("Hands control to {@code $L}: $L", param, CodeBlock.of(doc, docArgs))
                        .addModifiers(Modifier.PUBLIC)
                        .returns(RuntimeTypes.NEXT)
                        .addParameter(otherAgent, param)
                        .addStatement(leftOut.orElseGet(() -> CodeBlock.of(
                                "return $T.handOff($T.$L, $T.$L, $L)",
                                RuntimeTypes.NEXT,
                                status,
                                state.status(),
                                otherStatus,
                                target,
                                param)))
                        .build());
            } else {
                // one immutable decision per declared move, made once: choosing it allocates nothing
                int index = made++;
                if (leftOut.isEmpty()) {
                    byStatus.addStatement("if ($L == $T.$L) return $L[$L]", statusParam, status, target, MOVES, index);
                }
                type.addMethod(MethodSpec.methodBuilder(method)
                        .addJavadoc(doc, docArgs)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(RuntimeTypes.NEXT)
                        .addStatement(leftOut.orElseGet(() -> CodeBlock.of("return $L[$L]", MOVES, index)))
                        .build());
            }
        }
        type.addMethod(MethodSpec.methodBuilder("byStatus")
                .addJavadoc(
                        "The declared move within {@code $L} to {@code $L}, or an illegal decision (the round ends).\n",
                        machine.name(),
                        statusParam)
                .addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.NEXT)
                .addParameter(RuntimeTypes.STATUS, statusParam)
                .addCode(leftOut.isPresent() ? CodeBlock.of("") : byStatus.build())
                .addStatement(leftOut.orElseGet(() -> CodeBlock.of(
                        "return $T.byStatus($T.$L, $L)", RuntimeTypes.NEXT, status, state.status(), statusParam)))
                .build());

        return type.build();
    }

    /** The moves {@code state} declares within the machine (not hand-offs): its share of {@code MOVES}. */
    private static int movesWithin(MachineModel machine, StateModel state) {
        int within = 0;
        for (TransitionModel t : state.transitions()) {
            within += t.isHandOff(machine.ref()) ? 0 : 1;
        }
        return within;
    }

    /** Who picks among these moves, for the helper's Javadoc: the state's own next method or the state manager. */
    private static String whoDecides(MachineModel machine, StateModel state) {
        if (state.nextMethod().isPresent()) {
            return "its {@code next} method picks one.";
        }
        if (state.transitions().isEmpty()) {
            return "it declares none.";
        }
        return state.onlyMove(machine.ref())
                .map(only -> "without a {@code next} method it takes its only one, {@link #"
                        + Names.transitionMethod(machine.ref(), only.target()) + "()}.")
                .orElse("without a {@code next} method it moves to the agent's status, {@link #byStatus}.");
    }

    /**
     * The hand-off method's parameter, named after the other machine's agent class: {@code hostAgent} for
     * {@code HostAgent}; {@code defaultAgent} for a class {@code Default}, whose plain name is a keyword, and
     * {@code devAgent} for a class {@code Dev}, whose plain name would hide the package of a type the method
     * names in full ({@code dev.agentfsm.runtime.Next}).
     *
     * @param packageRoots the first names of the qualified names the method's body may be written with
     */
    static String parameterName(TypeRef agent, Set<String> packageRoots) {
        return freeName(Names.lowerCamel(upperSnake(agent.simpleName())), "Agent", packageRoots);
    }

    /** {@code name}, with {@code suffix} added until it is a Java name and none of {@code taken}. */
    static String freeName(String name, String suffix, Set<String> taken) {
        String free = name;
        while (!SourceVersion.isName(free) || taken.contains(free)) {
            free += suffix;
        }
        return free;
    }

    /** The first name of each type's canonical name: its package's first ({@code dev} of {@code dev.agentfsm.runtime.Next}). */
    private static Set<String> firstNames(ClassName... types) {
        return Stream.of(types)
                .map(type -> type.canonicalName().split("\\.", 2)[0])
                .collect(Collectors.toSet());
    }

    /** {@code HostAgent} to {@code HOST_AGENT}. */
    static String upperSnake(String camel) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
                out.append('_');
            }
            out.append(Character.toUpperCase(c));
        }
        return out.toString();
    }
}
