package dev.agentfsm.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/** Writes {@code <Name>TransitionTable}, the runtime's view of the machine, backed by the status enum. */
final class TransitionTableWriter {

    private final GeneratedTypes generated;

    TransitionTableWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    JavaFile write(MachineModel machine) {
        ClassName self = GeneratedTypes.transitionTable(machine);
        ClassName status = GeneratedTypes.statusEnum(machine);
        ParameterizedTypeName listOfString = ParameterizedTypeName.get(List.class, String.class);
        ParameterizedTypeName optionalString = ParameterizedTypeName.get(Optional.class, String.class);
        String initial = machine.statusOf(machine.initial()).orElseThrow();

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(RuntimeTypes.TRANSITION_TABLE)
                .addJavadoc("The declared transitions of the {@code $L} machine; the runtime checks every move against it.\n",
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine.origin());

        CodeBlock.Builder statuses = CodeBlock.builder();
        for (int i = 0; i < machine.states().size(); i++) {
            statuses.add(i == 0 ? "$S" : ", $S", machine.states().get(i).status());
        }
        type.addField(FieldSpec.builder(self, "INSTANCE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self).build());
        type.addField(FieldSpec.builder(listOfString, "STATUSES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.of($L)", List.class, statuses.build()).build());
        type.addField(FieldSpec.builder(ArrayTypeName.of(status), "BY_INDEX", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The states by index, for the runtime's per-step checks; never handed out.\n")
                .initializer("$T.values()", status).build());
        type.addField(FieldSpec.builder(optionalString, "FALLBACK", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(optionalStatus(machine, machine.fallback())).build());
        type.addField(FieldSpec.builder(optionalString, "ON_ERROR", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(optionalStatus(machine, machine.onError())).build());

        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        type.addMethod(MethodSpec.methodBuilder("instance")
                .addJavadoc("The table.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return INSTANCE")
                .build());
        type.addMethod(override("machine", String.class).addStatement("return $S", machine.name()).build());
        type.addMethod(override("statuses", listOfString).addStatement("return STATUSES").build());
        type.addMethod(override("indexOf", int.class)
                .addParameter(String.class, "status")
                .addStatement("$T found = $T.lookup(status)", status, status)
                .addStatement("return found == null ? -1 : found.ordinal()")
                .build());
        type.addMethod(override("initial", String.class).addStatement("return $S", initial).build());
        type.addMethod(override("fallback", optionalString).addStatement("return FALLBACK").build());
        type.addMethod(override("onError", optionalString).addStatement("return ON_ERROR").build());
        type.addMethod(override("allows", boolean.class)
                .addParameter(String.class, "from")
                .addParameter(String.class, "to")
                .addStatement("$T found = $T.lookup(from)", status, status)
                .addStatement("return found != null && found.targets().contains(to)")
                .build());
        type.addMethod(override("allows", boolean.class)
                .addParameter(int.class, "from")
                .addParameter(String.class, "to")
                .addStatement("return BY_INDEX[from].targets().contains(to)")
                .build());
        type.addMethod(override("targets", listOfString)
                .addParameter(String.class, "from")
                .addStatement("return require(from).targets()")
                .build());
        type.addMethod(override("trigger", ParameterizedTypeName.get(ClassName.get(Optional.class), RuntimeTypes.TRIGGER))
                .addParameter(String.class, "from")
                .addParameter(String.class, "to")
                .addStatement("$T found = $T.lookup(from)", status, status)
                .addStatement("return found == null ? $T.empty() : found.trigger(to)", Optional.class)
                .build());
        for (String flag : List.of("isTerminal", "endsRound", "endsSubtask")) {
            type.addMethod(override(flag, boolean.class)
                    .addParameter(String.class, "status")
                    .addStatement("return require(status).$L()", flag)
                    .build());
        }
        type.addMethod(override("endsRound", boolean.class)
                .addParameter(int.class, "index")
                .addStatement("return BY_INDEX[index].endsRound()")
                .build());
        type.addMethod(override("description", String.class)
                .addParameter(String.class, "status")
                .addStatement("return require(status).description()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("require")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(status)
                .addParameter(String.class, "status")
                .addStatement("$T found = $T.lookup(status)", status, status)
                .beginControlFlow("if (found == null)")
                .addStatement("throw new $T($S, status, STATUSES)", RuntimeTypes.UNKNOWN_STATUS, machine.name())
                .endControlFlow()
                .addStatement("return found")
                .build());

        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    private static CodeBlock optionalStatus(MachineModel machine, Optional<StateRef> ref) {
        return ref.flatMap(machine::statusOf)
                .map(s -> CodeBlock.of("$T.of($S)", Optional.class, s))
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
