package dev.agentfsm.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateRef;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>TransitionTable}, the runtime's view of the machine: its statuses, initial,
 * fallback and onError states; the moves themselves come from the status enum.
 */
final class TransitionTableWriter {

    private final GeneratedTypes generated;

    TransitionTableWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    JavaFile write(MachineModel machine) {
        ClassName self = GeneratedTypes.transitionTable(machine);
        ClassName status = GeneratedTypes.statusEnum(machine);
        ParameterizedTypeName listOfStatus = ParameterizedTypeName.get(ClassName.get(List.class), status);
        ParameterizedTypeName optionalStatus = ParameterizedTypeName.get(ClassName.get(Optional.class), status);
        String initial = machine.statusOf(machine.initial()).orElseThrow();

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.TRANSITION_TABLE, status))
                .addJavadoc(
                        "The declared transitions of the {@code $L} machine; the runtime checks every move against it.\n",
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine);

        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self)
                .build());
        type.addField(FieldSpec.builder(listOfStatus, "STATUSES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($T.values())", List.class, status)
                .build());
        type.addField(FieldSpec.builder(optionalStatus, "FALLBACK", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(optional(machine, machine.fallback(), status))
                .build());
        type.addField(FieldSpec.builder(optionalStatus, "ON_ERROR", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(optional(machine, machine.onError(), status))
                .build());

        type.addMethod(
                MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        type.addMethod(MethodSpec.methodBuilder("instance")
                .addJavadoc("The transition table of {@code $L}.\n", machine.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return INSTANCE")
                .build());
        type.addMethod(override("machine", String.class)
                .addStatement("return $S", machine.name())
                .build());
        type.addMethod(override("statuses", listOfStatus)
                .addStatement("return STATUSES")
                .build());
        type.addMethod(override("parse", optionalStatus)
                .addParameter(String.class, "name")
                .addStatement("return $T.parse(name)", status)
                .build());
        type.addMethod(override("initial", status)
                .addStatement("return $T.$L", status, initial)
                .build());
        type.addMethod(override("fallback", optionalStatus)
                .addStatement("return FALLBACK")
                .build());
        type.addMethod(override("onError", optionalStatus)
                .addStatement("return ON_ERROR")
                .build());

        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    private static CodeBlock optional(MachineModel machine, Optional<StateRef> ref, ClassName status) {
        return ref.flatMap(machine::statusOf)
                .map(s -> CodeBlock.of("$T.of($T.$L)", Optional.class, status, s))
                .orElse(CodeBlock.of("$T.empty()", Optional.class));
    }

    static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns);
    }

    static MethodSpec.Builder override(String name, Class<?> returns) {
        return override(name, TypeName.get(returns));
    }
}
