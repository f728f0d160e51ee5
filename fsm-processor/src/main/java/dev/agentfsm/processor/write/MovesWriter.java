package dev.agentfsm.processor.write;

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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Machine>Moves}: a class nested in it per state ({@code HostAgentMoves.Assign}), with
 * one method per transition the state declares, and {@code byStatus}. Because there is no method for an
 * undeclared move, a state that asks for one does not compile. A move within the machine returns a
 * {@code Next} made once, when the helper is first used, so a decision allocates nothing; a hand-off
 * carries its agent and is made per call. One file for the machine rather than one per state: javac's
 * filer and every later round pay per generated file, which at a thousand states was most of the
 * processor's cost.
 */
final class MovesWriter {

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
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(
                        """
                        The moves the states of the {@code $L} machine may make: a class per state, named as the state
                        class, with one method per {@code @Transition} it declares. A state's
                        {@code public Next next(agent, to)} is given its own.
                        """,
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine.origin());
        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (StateModel state : machine.states()) {
            type.addType(helper(machine, state, helpers.get(state.type()), Optional.empty()));
        }
        ClassName status = GeneratedTypes.statusEnum(machine);
        for (StateModel state : leftOut) {
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
                    Optional.of(CodeBlock.of("throw new $T($S)", IllegalStateException.class, why))));
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

    /** @param leftOut the statement each method runs instead of deciding, for a state the enum leaves out */
    private static TypeSpec helper(
            MachineModel machine, StateModel state, TypeRef helper, Optional<CodeBlock> leftOut) {
        ClassName self = GeneratedTypes.className(helper);
        ClassName status = GeneratedTypes.statusEnum(machine);
        ClassName stateClass = GeneratedTypes.className(state.type());

        String nextSignature = "public Next next(" + machine.ref().agentType().nestedName() + " agent, "
                + helper.nestedName() + " to)";
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(
                        "The moves {@link $T} ({@code $L.$L}) may make:\none method per {@code @Transition} it declares.\n",
                        stateClass,
                        machine.name(),
                        state.status())
                .addJavadoc(
                        "\n<p>$L\n",
                        leftOut.isPresent()
                                ? "The machine has compile errors and {@code " + status.simpleName()
                                        + "} leaves this state out:\n"
                                        + "this helper only lets code that names it compile, and each method throws."
                                : whoDecides(machine, state, nextSignature));

        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self)
                .build());
        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        // byStatus returns the made decision for a declared move within the machine, and asks Next for any other
        CodeBlock.Builder byStatus = CodeBlock.builder();
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
                String param = Names.lowerCamel(upperSnake(other.agentType().simpleName()));
                type.addMethod(MethodSpec.methodBuilder(method)
                        .addJavadoc("Hands control to {@code " + param + "}: " + doc, docArgs)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(RuntimeTypes.NEXT)
                        .addParameter(otherAgent, param)
                        .addStatement(leftOut.orElseGet(() -> CodeBlock.of(
                                "return $T.handOff($T.$L, $T.$L, $L)",
                                RuntimeTypes.NEXT,
                                status,
                                state.status(),
                                GeneratedTypes.className(other.statusEnum()),
                                target,
                                param)))
                        .build());
            } else {
                // one immutable decision per declared move, made once: choosing it allocates nothing
                String constant = upperSnake(method);
                if (leftOut.isEmpty()) {
                    type.addField(FieldSpec.builder(
                                    RuntimeTypes.NEXT, constant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer(
                                    "$T.move($T.$L, $T.$L)", RuntimeTypes.NEXT, status, state.status(), status, target)
                            .build());
                    byStatus.addStatement("if (status == $T.$L) return $L", status, target, constant);
                }
                type.addMethod(MethodSpec.methodBuilder(method)
                        .addJavadoc(doc, docArgs)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(RuntimeTypes.NEXT)
                        .addStatement(leftOut.orElseGet(() -> CodeBlock.of("return $L", constant)))
                        .build());
            }
        }
        type.addMethod(MethodSpec.methodBuilder("byStatus")
                .addJavadoc(
                        """
                        The declared move within {@code $L} to {@code status}; an illegal decision for any other
                        status, which ends the round with an explicit result.
                        """,
                        machine.name())
                .addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.NEXT)
                .addParameter(RuntimeTypes.STATUS, "status")
                .addCode(leftOut.isPresent() ? CodeBlock.of("") : byStatus.build())
                .addStatement(leftOut.orElseGet(() ->
                        CodeBlock.of("return $T.byStatus($T.$L, status)", RuntimeTypes.NEXT, status, state.status())))
                .build());

        return type.build();
    }

    /** Who picks among these moves, for the helper's Javadoc: the state's own next method or the state manager. */
    private static String whoDecides(MachineModel machine, StateModel state, String nextSignature) {
        if (state.nextMethod().isPresent()) {
            return "The state decides in its {@code " + nextSignature + "},\nwhich returns one of them.";
        }
        if (state.transitions().isEmpty()) {
            return "The state declares no move.";
        }
        String instead = "declaring {@code " + nextSignature + "} would decide in code instead.";
        return state.onlyMove(machine.ref())
                .map(only ->
                        "The state declares no {@code next} method, so the state manager takes its only move, {@link #"
                                + Names.transitionMethod(machine.ref(), only.target()) + "()};\n" + instead)
                .orElse(
                        "The state declares no {@code next} method, so the state manager moves to the agent's status with\n"
                                + "{@link #byStatus}; " + instead);
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
