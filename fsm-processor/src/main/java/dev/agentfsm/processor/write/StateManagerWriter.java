package dev.agentfsm.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>StateManager}: creates each state once, lazily and thread-safely, with
 * {@code new}; and dispatches "what next" to the state's own {@code next(agent, to)}, to its only
 * move, or to its helper's {@code byStatus}.
 */
final class StateManagerWriter {

    private final GeneratedTypes generated;

    StateManagerWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    /** @param helpers each state's generated helper, by state class ({@link MovesWriter#helpers}) */
    JavaFile write(MachineModel machine, Map<TypeRef, TypeRef> helpers) {
        ClassName self = GeneratedTypes.stateManager(machine);
        ClassName status = GeneratedTypes.statusEnum(machine);
        ClassName table = GeneratedTypes.transitionTable(machine);
        ClassName base = GeneratedTypes.className(machine.ref().baseType());
        ClassName agent = GeneratedTypes.className(machine.ref().agentType());
        ParameterizedTypeName optionalBase = ParameterizedTypeName.get(ClassName.get(Optional.class), base);
        String initial = machine.statusOf(machine.initial()).orElseThrow();

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.STATE_MANAGER, agent, base))
                .addJavadoc(
                        """
                        The states of the {@code $L} machine. Each state is created once, on first use, with
                        {@code new}, and shared by every agent and thread. {@link #next} asks a state's own {@code next}
                        method where to go; a state without one takes its only move, or the move to the agent's status.
                        """,
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine);
        GeneratedTypes.suppress(type, machine.surroundings().stateManagerWarnings());

        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self)
                .build());
        type.addField(FieldSpec.builder(Object.class, "LOCK", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Held while a state is created, so that each is created once.\n")
                .initializer("new $T()", Object.class)
                .build());
        // a volatile array replaced whole rather than a VarHandle on its elements: a VarHandle costs a
        // machine's first use some twenty classes of java.lang.invoke
        type.addField(FieldSpec.builder(ArrayTypeName.of(base), "created", Modifier.PRIVATE, Modifier.STATIC)
                .addModifiers(Modifier.VOLATILE)
                .addJavadoc(
                        """
                        The states created so far, by index (the status enum's ordinal). Never written into: a new
                        state comes with a new array, so a thread that reads the array without the lock sees each
                        state whole.
                        """)
                .initializer("new $T[$L]", base, machine.states().size())
                .build());

        type.addMethod(MethodSpec.constructorBuilder()
                .addJavadoc(
                        "For {@link java.util.ServiceLoader}; use {@link #instance()}. Every instance shares the same states.\n")
                .addModifiers(Modifier.PUBLIC)
                .build());
        type.addMethod(MethodSpec.methodBuilder("instance")
                .addJavadoc("The state manager of {@code $L}.\n", machine.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return INSTANCE")
                .build());
        type.addMethod(TransitionTableWriter.override("name", String.class)
                .addStatement("return $S", machine.name())
                .build());
        type.addMethod(TransitionTableWriter.override(
                        "agentType", ParameterizedTypeName.get(ClassName.get(Class.class), agent))
                .addStatement("return $T.class", agent)
                .build());
        type.addMethod(TransitionTableWriter.override("table", table)
                .addStatement("return $T.instance()", table)
                .build());
        type.addMethod(TransitionTableWriter.override("initial", base)
                .addStatement("return get($T.$L)", status, initial)
                .build());
        type.addMethod(MethodSpec.methodBuilder("get")
                .addJavadoc("The state of {@code status}, created on first use.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(base)
                .addParameter(status, "status")
                .addStatement("$T state = created[status.ordinal()]", base)
                .addStatement("return state != null ? state : create(status.ordinal())")
                .build());
        type.addMethod(TransitionTableWriter.override("get", base)
                .addParameter(RuntimeTypes.STATUS, "status")
                .addStatement("return get(own(status))")
                .build());

        MethodSpec.Builder get = TransitionTableWriter.override("get", base).addParameter(String.class, "status");
        machine.fallback()
                .flatMap(machine::statusOf)
                .ifPresentOrElse(
                        fallback -> get.addComment("an unknown status gives the machine's fallback state")
                                .addStatement("return get($T.parse(status).orElse($T.$L))", status, status, fallback),
                        () -> get.addStatement("return get(table().require(status))"));
        type.addMethod(get.build());

        type.addMethod(TransitionTableWriter.override("find", optionalBase)
                .addParameter(String.class, "status")
                .addStatement("return $T.parse(status).map(this::get)", status)
                .build());

        // by ordinal: a switch over the enum itself reads a synthetic switch-map class on every decision
        CodeBlock.Builder dispatch = CodeBlock.builder()
                .add("return switch (own(from).ordinal()) {\n")
                .indent();
        for (int i = 0; i < machine.states().size(); i++) {
            StateModel state = machine.states().get(i);
            ClassName helper = GeneratedTypes.className(helpers.get(state.type()));
            if (state.nextMethod().isPresent()) {
                dispatch.add(
                        "case $L -> (($T) get($T.$L)).next(agent, $T.INSTANCE);\n",
                        i,
                        GeneratedTypes.className(state.type()),
                        status,
                        state.status(),
                        helper);
            } else if (state.onlyMove(machine.ref()).isPresent()) {
                dispatch.add(
                        "case $L -> $T.INSTANCE.$L(); // $L: its only move\n",
                        i,
                        helper,
                        Names.transitionMethod(
                                machine.ref(),
                                state.onlyMove(machine.ref()).get().target()),
                        state.status());
            } else {
                dispatch.add("case $L -> $T.INSTANCE.byStatus(agent.status()); // $L\n", i, helper, state.status());
            }
        }
        dispatch.add(
                "default -> throw new $T($S + from.qualifiedName());\n",
                IllegalStateException.class,
                "the generated dispatch of " + machine.name() + " has no case for ");
        dispatch.unindent().add("};\n");
        type.addMethod(TransitionTableWriter.override("next", RuntimeTypes.NEXT)
                .addParameter(RuntimeTypes.STATUS, "from")
                .addParameter(agent, "agent")
                .addCode(dispatch.build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("own")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(status)
                .addParameter(RuntimeTypes.STATUS, "status")
                .beginControlFlow("if (status instanceof $T own)", status)
                .addStatement("return own")
                .endControlFlow()
                .addStatement(
                        "throw new $T(status.qualifiedName() + $S)",
                        IllegalArgumentException.class,
                        " is not a status of " + machine.name() + "; ask the machine it belongs to: status.machine()")
                .build());

        type.addMethod(MethodSpec.methodBuilder("create")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(base)
                .addParameter(int.class, "index")
                .beginControlFlow("synchronized (LOCK)")
                .addStatement("$T state = created[index]", base)
                .beginControlFlow("if (state == null)")
                .addStatement("state = ($T) newState(index)", base)
                .addStatement("$T[] states = created.clone()", base)
                .addStatement("states[index] = state")
                .addStatement("created = states")
                .endControlFlow()
                .addStatement("return state")
                .endControlFlow()
                .build());
        CodeBlock.Builder creation =
                CodeBlock.builder().add("return switch (index) {\n").indent();
        for (int i = 0; i < machine.states().size(); i++) {
            StateModel state = machine.states().get(i);
            creation.add("case $L -> new $T(); // $L\n", i, GeneratedTypes.className(state.type()), state.status());
        }
        creation.add(
                "default -> throw new $T($S + index);\n",
                IllegalStateException.class,
                machine.name() + " has no state at index ");
        creation.unindent().add("};\n");
        type.addMethod(MethodSpec.methodBuilder("newState")
                .addJavadoc(
                        """
                        The state at {@code index}, new. Typed as the interface so that verifying this method loads no
                        state class: each is loaded when it is first created.
                        """)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(RuntimeTypes.AGENT_STATE, agent))
                .addParameter(int.class, "index")
                .addCode(creation.build())
                .build());

        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }
}
