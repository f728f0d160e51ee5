package dev.agentfsm.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.TransitionModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>Status}: one constant per state, carrying the state's flags and its declared
 * moves, one line per transition.
 */
final class StatusEnumWriter {

    private final GeneratedTypes generated;

    StatusEnumWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    JavaFile write(MachineModel machine) {
        ClassName self = GeneratedTypes.statusEnum(machine);
        ParameterizedTypeName listOfString = ParameterizedTypeName.get(List.class, String.class);
        ParameterizedTypeName listOfTrigger = ParameterizedTypeName.get(ClassName.get(List.class), RuntimeTypes.TRIGGER);
        TypeSpec.Builder type = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("The statuses of the {@code $L} machine, one per {@code @State}, the initial state first.\n",
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine.origin());

        for (StateModel state : machine.states()) {
            CodeBlock.Builder args = CodeBlock.builder()
                    .add("$S, /* terminal */ $L, /* endsRound */ $L, /* endsSubtask */ $L",
                            state.description(), state.terminal(), state.endsRound(), state.endsSubtask());
            args.add("$>$>");
            for (TransitionModel t : state.transitions()) {
                args.add(",\n$S, $T.$L", t.target().qualifiedStatus(machine.ref()), RuntimeTypes.TRIGGER, t.by());
            }
            args.add("$<$<");
            TypeSpec.Builder constant = TypeSpec.anonymousClassBuilder(args.build());
            constant.addJavadoc("{@link $T}$L\n", GeneratedTypes.className(state.type()),
                    state.description().isEmpty() ? "." : ": " + Javadoc.escape(state.description()));
            type.addEnumConstant(state.status(), constant.build());
        }

        type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), self),
                        "BY_NAME", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("byName()").build());
        type.addField(String.class, "description", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "terminal", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "endsRound", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "endsSubtask", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(listOfString, "targets", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(listOfTrigger, "triggers", Modifier.PRIVATE, Modifier.FINAL);

        type.addMethod(MethodSpec.constructorBuilder()
                .addJavadoc("@param moves the declared transitions as pairs: target ({@code STATUS} or {@code Machine.STATUS}), trigger\n")
                .addParameter(String.class, "description")
                .addParameter(boolean.class, "terminal")
                .addParameter(boolean.class, "endsRound")
                .addParameter(boolean.class, "endsSubtask")
                .addParameter(Object[].class, "moves")
                .varargs()
                .addStatement("this.description = description")
                .addStatement("this.terminal = terminal")
                .addStatement("this.endsRound = endsRound")
                .addStatement("this.endsSubtask = endsSubtask")
                .addStatement("$T[] targets = new $T[moves.length / 2]", String.class, String.class)
                .addStatement("$T[] triggers = new $T[moves.length / 2]", RuntimeTypes.TRIGGER, RuntimeTypes.TRIGGER)
                .beginControlFlow("for (int i = 0; i < targets.length; i++)")
                .addStatement("targets[i] = ($T) moves[2 * i]", String.class)
                .addStatement("triggers[i] = ($T) moves[2 * i + 1]", RuntimeTypes.TRIGGER)
                .endControlFlow()
                .addStatement("this.targets = $T.of(targets)", List.class)
                .addStatement("this.triggers = $T.of(triggers)", List.class)
                .build());

        type.addMethod(MethodSpec.methodBuilder("parse")
                .addJavadoc("The status named exactly {@code status} (case-sensitive, not trimmed), or empty.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), self))
                .addParameter(String.class, "status")
                .addStatement("return $T.ofNullable(lookup(status))", Optional.class)
                .build());
        type.addMethod(MethodSpec.methodBuilder("lookup")
                .addJavadoc("The status named exactly {@code status}, or null; the allocation-free lookup of the generated table and manager.\n")
                .addModifiers(Modifier.STATIC)
                .returns(self)
                .addParameter(String.class, "status")
                .addStatement("return status == null ? null : BY_NAME.get(status)")
                .build());
        type.addMethod(getter("description", String.class, "The state's {@code @State(description = ...)}, empty when it has none."));
        type.addMethod(getter("terminal", boolean.class, "Whether the state is {@code @Terminal}.", "isTerminal"));
        type.addMethod(getter("endsRound", boolean.class, "Whether the round ends once the state's {@code handle} has run."));
        type.addMethod(getter("endsSubtask", boolean.class, "Whether reaching the state completes the current subtask."));
        type.addMethod(MethodSpec.methodBuilder("targets")
                .addJavadoc("The declared targets in declaration order: {@code STATUS}, or {@code Machine.STATUS} for a hand-off.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(listOfString)
                .addStatement("return targets")
                .build());
        type.addMethod(MethodSpec.methodBuilder("trigger")
                .addJavadoc("Who triggers the move to {@code target}; empty when it is not declared.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), RuntimeTypes.TRIGGER))
                .addParameter(String.class, "target")
                .addStatement("int i = targets.indexOf(target)")
                .addStatement("return i < 0 ? $T.empty() : $T.of(triggers.get(i))", Optional.class, Optional.class)
                .build());
        type.addMethod(MethodSpec.methodBuilder("byName")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), self))
                .addStatement("$T<$T, $T> byName = new $T<>()", Map.class, String.class, self, HashMap.class)
                .beginControlFlow("for ($T status : values())", self)
                .addStatement("byName.put(status.name(), status)")
                .endControlFlow()
                .addStatement("return $T.copyOf(byName)", Map.class)
                .build());

        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    private static MethodSpec getter(String field, Class<?> type, String javadoc) {
        return getter(field, type, javadoc, field);
    }

    private static MethodSpec getter(String field, Class<?> type, String javadoc, String name) {
        return MethodSpec.methodBuilder(name)
                .addJavadoc(javadoc + "\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $N", field)
                .build();
    }
}
