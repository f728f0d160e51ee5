package dev.agentfsm.processor.write;

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
import dev.agentfsm.processor.model.TimeoutModel;
import dev.agentfsm.processor.model.TransitionModel;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>Status}: one constant per state, carrying the state's flags; its declared
 * moves live in a nested holder, built on first use, so that machines handing off to each other
 * never meet half-initialized in their class initializers.
 */
final class StatusEnumWriter {

    private final GeneratedTypes generated;

    StatusEnumWriter(GeneratedTypes generated) {
        this.generated = generated;
    }

    JavaFile write(MachineModel machine) {
        ClassName self = GeneratedTypes.statusEnum(machine);
        ClassName manager = GeneratedTypes.stateManager(machine);
        ClassName declared = self.nestedClass("Declared");
        ParameterizedTypeName listOfMove = ParameterizedTypeName.get(ClassName.get(List.class), RuntimeTypes.MOVE);
        TypeSpec.Builder type = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(RuntimeTypes.STATUS)
                .addJavadoc(
                        "The statuses of the {@code $L} machine, one per {@code @State}, the initial state first.\n",
                        machine.name());
        GeneratedTypes.origin(type, machine);
        generated.mark(type, machine);

        TypeSpec.Builder holder = TypeSpec.classBuilder(declared)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(
                        """
                        The declared moves of each state, kept apart from the constants: a hand-off's target is a
                        status of another machine, whose enum may refer back to this one. This holder is initialized on
                        the first call to {@link #moves()} (or {@code moveTo}), and the enums it refers to initialize
                        without it, so no move sees a null status.
                        """);
        // on the ordinal, not on this: a switch on an enum makes javac write a class for the mapping, even
        // within the enum itself, and that is one more class to load when the machine starts
        CodeBlock.Builder moves =
                CodeBlock.builder().add("return switch (ordinal()) {\n").indent();
        // a machine of up to SWITCHED_PARSE states finds a declared move by comparing constants and returns the
        // holder's Optional of it: no search of moves() and no new Optional for each decision that checks a move
        boolean switchedMoves = machine.states().size() <= SWITCHED_PARSE;
        ParameterizedTypeName optionalMove =
                ParameterizedTypeName.get(ClassName.get(Optional.class), RuntimeTypes.MOVE);
        CodeBlock.Builder moveTo =
                CodeBlock.builder().add("return switch (ordinal()) {\n").indent();
        for (int ordinal = 0; ordinal < machine.states().size(); ordinal++) {
            StateModel state = machine.states().get(ordinal);
            TypeSpec.Builder constant = TypeSpec.anonymousClassBuilder(
                    "$L, /* terminal */ $L, /* endsRound */ $L, /* endsSubtask */ $L",
                    StringLiterals.of(state.description()),
                    state.terminal(),
                    state.endsRound(),
                    state.endsSubtask());
            constant.addJavadoc(
                    "{@link $L}$L\n",
                    GeneratedTypes.javadocLink(machine, state.type()),
                    state.description().isEmpty() ? "." : ": " + Javadoc.escape(state.description()));
            type.addEnumConstant(state.status(), constant.build());

            CodeBlock.Builder list = CodeBlock.builder().add("$T.of(", List.class);
            CodeBlock.Builder found = CodeBlock.builder();
            String separator = "";
            for (TransitionModel t : state.transitions()) {
                boolean handOff = t.isHandOff(machine.ref());
                ClassName targetEnum = handOff
                        ? GeneratedTypes.className(
                                t.target().machine().orElseThrow().statusEnum())
                        : self;
                String target = t.target().status().orElseThrow();
                CodeBlock move = CodeBlock.of(
                        "new $T($T.$L, $T.$L, $T.$L, $L)",
                        RuntimeTypes.MOVE,
                        self,
                        state.status(),
                        targetEnum,
                        target,
                        RuntimeTypes.TRIGGER,
                        t.by(),
                        StringLiterals.of(t.when()));
                if (switchedMoves) {
                    // lower case in the name: no status (UPPER_SNAKE_CASE) can clash with it
                    String field = state.status() + "_to_"
                            + (handOff ? Names.handOffName(t.target().machine().orElseThrow(), target) : target);
                    holder.addField(FieldSpec.builder(optionalMove, field, Modifier.STATIC, Modifier.FINAL)
                            .initializer("$T.of($L)", Optional.class, move)
                            .build());
                    list.add("$L\n$>$>$L.get()$<$<", separator, field);
                    found.add("target == $T.$L ? $T.$L\n: ", targetEnum, target, declared, field);
                } else {
                    list.add("$L\n$>$>$L$<$<", separator, move);
                }
                separator = ",";
            }
            list.add(")");
            if (switchedMoves) {
                // a method per state, so that moveTo stays small enough for the JIT to inline where the status
                // is known (a hand-off's checks), and each state's comparisons then fold away
                String method = "from_" + state.status();
                holder.addMethod(MethodSpec.methodBuilder(method)
                        .addModifiers(Modifier.STATIC)
                        .returns(optionalMove)
                        .addParameter(RuntimeTypes.STATUS, "target")
                        .addCode("return $>$L$T.empty();$<\n", found.build(), Optional.class)
                        .build());
                moveTo.add("case $L -> $T.$L(target);\n", ordinal, declared, method);
            }
            holder.addField(FieldSpec.builder(listOfMove, state.status(), Modifier.STATIC, Modifier.FINAL)
                    .initializer(list.build())
                    .build());
            moves.add("case $L -> $T.$L; // $L\n", ordinal, declared, state.status(), state.status());
        }
        moves.add(
                        "default -> throw new $T($S + ordinal());\n",
                        IllegalStateException.class,
                        machine.name() + " has no status at index ")
                .unindent()
                .add("};\n");
        type.addType(holder.build());

        // a machine of up to SWITCHED_PARSE states parses with a string switch, which needs no map at class
        // initialisation and reads no map per decision; a larger one with a map (a switch of a thousand cases
        // would be a method too large for the JIT to compile)
        boolean switched = machine.states().size() <= SWITCHED_PARSE;
        // lower camel case: a status may be named anything UPPER_SNAKE_CASE, BY_NAME included
        if (!switched) {
            type.addField(FieldSpec.builder(
                            ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), self),
                            "byName",
                            Modifier.PRIVATE,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("The statuses by name, for {@link #parse}.\n")
                    .initializer("indexByName()")
                    .build());
        }
        type.addField(String.class, "description", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "terminal", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "endsRound", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(boolean.class, "endsSubtask", Modifier.PRIVATE, Modifier.FINAL);

        type.addMethod(MethodSpec.constructorBuilder()
                .addParameter(String.class, "description")
                .addParameter(boolean.class, "terminal")
                .addParameter(boolean.class, "endsRound")
                .addParameter(boolean.class, "endsSubtask")
                .addStatement("this.description = description")
                .addStatement("this.terminal = terminal")
                .addStatement("this.endsRound = endsRound")
                .addStatement("this.endsSubtask = endsSubtask")
                .build());

        type.addMethod(MethodSpec.methodBuilder("parse")
                .addJavadoc("The status named exactly {@code name} (case-sensitive, not trimmed), or empty.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Optional.class), self))
                .addParameter(String.class, "name")
                .addCode(
                        switched
                                ? parseBySwitch(machine)
                                : CodeBlock.of(
                                        "return name == null ? $T.empty() : $T.ofNullable(byName.get(name));\n",
                                        Optional.class,
                                        Optional.class))
                .build());
        type.addMethod(TransitionTableWriter.override("machine", manager)
                .addStatement("return $T.instance()", manager)
                .build());
        type.addMethod(TransitionTableWriter.override("description", String.class)
                .addStatement("return description")
                .build());
        type.addMethod(TransitionTableWriter.override("isTerminal", boolean.class)
                .addStatement("return terminal")
                .build());
        type.addMethod(TransitionTableWriter.override("endsRound", boolean.class)
                .addStatement("return endsRound")
                .build());
        type.addMethod(TransitionTableWriter.override("endsSubtask", boolean.class)
                .addStatement("return endsSubtask")
                .build());
        type.addMethod(TransitionTableWriter.override("moves", listOfMove)
                .addCode(moves.build())
                .build());
        if (switchedMoves) {
            moveTo.add(
                            "default -> throw new $T($S + ordinal());\n",
                            IllegalStateException.class,
                            machine.name() + " has no status at index ")
                    .unindent()
                    .add("};\n");
            type.addMethod(TransitionTableWriter.override("moveTo", optionalMove)
                    .addParameter(RuntimeTypes.STATUS, "target")
                    .addCode(moveTo.build())
                    .build());
        }
        if (machine.states().stream().anyMatch(s -> s.tools().isPresent())) {
            type.addMethod(toolsMethod(machine));
        }
        addTimeouts(machine, self, type);
        if (!switched) {
            type.addMethod(MethodSpec.methodBuilder("indexByName")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), self))
                    .addStatement("$T<$T, $T> index = new $T<>()", Map.class, String.class, self, HashMap.class)
                    .beginControlFlow("for ($T status : values())", self)
                    .addStatement("index.put(status.name(), status)")
                    .endControlFlow()
                    .addStatement("return $T.copyOf(index)", Map.class)
                    .build());
        }

        return JavaFile.builder(machine.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    /** The most states whose status enum parses with a string switch rather than a map. */
    static final int SWITCHED_PARSE = 100;

    /** {@code parse} as a string switch over the statuses' names. */
    private static CodeBlock parseBySwitch(MachineModel machine) {
        CodeBlock.Builder code = CodeBlock.builder()
                .beginControlFlow("if (name == null)")
                .addStatement("return $T.empty()", Optional.class)
                .endControlFlow()
                .add("return $T.ofNullable(switch (name) {\n", Optional.class)
                .indent();
        for (StateModel state : machine.states()) {
            code.add("case $S -> $L;\n", state.status(), state.status());
        }
        // one Optional made in one place, which the JIT removes where the caller unwraps it at once
        return code.add("default -> null;\n").unindent().add("});\n").build();
    }

    /**
     * {@code timeout()} for a machine whose states declare {@code @Timeout}: a holder with one field per
     * such state (named by its status, like the moves' holder, so no name can clash), built on first use.
     */
    private static void addTimeouts(MachineModel machine, ClassName self, TypeSpec.Builder type) {
        List<StateModel> timed =
                machine.states().stream().filter(s -> s.timeout().isPresent()).toList();
        if (timed.isEmpty()) {
            return;
        }
        ClassName holderName = self.nestedClass("Timeouts");
        ParameterizedTypeName optionalTimeout =
                ParameterizedTypeName.get(ClassName.get(Optional.class), RuntimeTypes.TIMEOUT);
        TypeSpec.Builder holder = TypeSpec.classBuilder(holderName)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The declared {@code @Timeout}s, built on the first call to {@link #timeout()}.\n");
        CodeBlock.Builder timeout =
                CodeBlock.builder().add("return switch (ordinal()) {\n").indent();
        for (int ordinal = 0; ordinal < machine.states().size(); ordinal++) {
            StateModel state = machine.states().get(ordinal);
            if (state.timeout().isEmpty()) {
                continue;
            }
            TimeoutModel declared = state.timeout().orElseThrow();
            String target = declared.target().status().orElseThrow();
            holder.addField(FieldSpec.builder(optionalTimeout, state.status(), Modifier.STATIC, Modifier.FINAL)
                    .initializer(
                            "$T.of(new $T($T.parse($S), $T.$L.moveTo($T.$L).orElseThrow()))",
                            Optional.class,
                            RuntimeTypes.TIMEOUT,
                            Duration.class,
                            declared.after(),
                            self,
                            state.status(),
                            self,
                            target)
                    .build());
            timeout.add("case $L -> $T.$L; // $L\n", ordinal, holderName, state.status(), state.status());
        }
        timeout.add("default -> $T.empty();\n", Optional.class).unindent().add("};\n");
        type.addType(holder.build());
        type.addMethod(TransitionTableWriter.override("timeout", optionalTimeout)
                .addCode(timeout.build())
                .build());
    }

    /** {@code tools()}: each state's {@code @Tools} patterns; every tool ({@code "*"}) for a state without. */
    private static MethodSpec toolsMethod(MachineModel machine) {
        CodeBlock.Builder body =
                CodeBlock.builder().add("return switch (ordinal()) {\n").indent();
        for (int ordinal = 0; ordinal < machine.states().size(); ordinal++) {
            StateModel state = machine.states().get(ordinal);
            int index = ordinal;
            state.tools().ifPresent(tools -> {
                CodeBlock.Builder list = CodeBlock.builder().add("$T.of(", List.class);
                String separator = "";
                for (StateModel.ToolPattern tool : tools) {
                    list.add("$L$S", separator, tool.pattern());
                    separator = ", ";
                }
                body.add("case $L -> $L; // $L\n", index, list.add(")").build(), state.status());
            });
        }
        body.add("default -> $T.of($S);\n", List.class, "*").unindent().add("};\n");
        return TransitionTableWriter.override("tools", ParameterizedTypeName.get(List.class, String.class))
                .addCode(body.build())
                .build();
    }
}
