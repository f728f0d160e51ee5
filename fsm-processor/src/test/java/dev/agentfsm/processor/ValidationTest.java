package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the validation table, under javac and ECJ: each case under
 * {@code src/test/resources/cases/<Case>} breaks one rule once, and must fail with exactly that
 * rule's id, in the right file, on the right line, and with no other error of ours.
 */
class ValidationTest {

    /**
     * One broken machine.
     *
     * @param dir the directory under {@code cases/}
     * @param id the rule id expected once
     * @param file the file the error is in, relative to the case directory
     * @param line a text only the offending line contains
     * @param errors all errors expected, javac's or ECJ's own included (a missing type is theirs to report too)
     */
    record Case(String dir, String id, String file, String line, int errors) {
        @Override
        public String toString() {
            return dir;
        }
    }

    static final List<Case> CASES = List.of(
            new Case("NotAStateTransition", "NotAState", "Door.java", "to = Hinge.class", 1),
            new Case("NotAStateEntry", "NotAState", "Door.java", "onError = Hinge.class", 1),
            new Case("NotAStateInitialVoid", "NotAState", "Door.java", "initial = void.class", 1),
            new Case("NotAStateMisplaced", "NotAState", "Door.java", "@Terminal(endsRound = true) // on Hinge", 1),
            new Case("WrongMachine", "WrongMachine", "Door.java", "initial = Window.Open.class", 1),
            new Case("NoMachineNone", "NoMachine", "Door.java", "@State(\"LOST\")", 1),
            new Case("NoMachineTwo", "NoMachine", "Door.java", "@State(\"BOTH\")", 1),
            new Case("MachineShape", "MachineShape", "Door.java", "@StateMachine(", 1),
            new Case("MachineShapeGeneric", "MachineShape", "Door.java", "@StateMachine(", 1),
            // no StateShape for a next method that takes the machine's agent class; no DoorMoves is generated
            // (nothing can stand in), so the compiler reports the helper the next method names
            new Case("MachineShapeNext", "MachineShape", "Door.java", "@StateMachine(", 2),
            new Case("StateShapeAbstract", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapeInterface", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapeInner", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapePrivate", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapeConstructor", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapeConstructorThrows", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapeGeneric", "StateShape", "Door.java", "@State(\"AJAR\")", 1),
            new Case("StateShapePackage", "StateShape", "example/other/Ajar.java", "@State(\"AJAR\")", 1),
            // DoorMoves.Ajar, which the private next method names, is still generated: no cascade
            new Case("StateShapeNext", "StateShape", "Door.java", "private Next next(", 1),
            new Case("StateNameState", "StateName", "Door.java", "@State(\"Ajar\")", 1),
            new Case("StateNameMachine", "StateName", "Door.java", "name = \"door\"", 1),
            new Case("StateNameMachineTooLong", "StateName", "Door.java", "name = \"DoorLong", 1),
            new Case("StateNameObjectMethod", "StateName", "Door.java", "@State(\"STRING\")", 1),
            new Case("DuplicateState", "DuplicateState", "Door.java", "description = \"ajar\"", 1),
            new Case("DuplicateStateHelper", "DuplicateState", "Door.java", "its helper's name is taken", 1),
            new Case("DuplicateMachine", "DuplicateMachine", "Gate.java", "@StateMachine(name = \"Door\"", 1),
            new Case("DuplicateTransition", "DuplicateTransition", "Door.java", "when = \"again\"", 1),
            new Case("DuplicateTransitionMethod", "DuplicateTransition", "Door.java", "to = HalfOpenToo.class", 1),
            new Case("TerminalExit", "TerminalExit", "Door.java", "to = Open.class", 1),
            new Case("InitialTerminal", "InitialTerminal", "Door.java", "initial = Closed.class", 1),
            new Case("HandOffNeedsNext", "HandOffNeedsNext", "Door.java", "to = Window.Open.class", 1),
            new Case("Unreachable", "Unreachable", "Door.java", "@State(\"AJAR\")", 1),
            new Case("Trap", "Trap", "Door.java", "@State(\"STUCK\")", 1),
            new Case("NeverEnds", "NeverEnds", "Door.java", "@Terminal(endsRound = false)", 1),
            new Case("ToolPatternSyntax", "ToolPattern", "Door.java", "\"browser click\"", 1),
            new Case("ToolPatternTwice", "ToolPattern", "Door.java", "// again", 1),
            new Case("TimeoutDuration", "TimeoutDuration", "Door.java", "after = \"5m\"", 1),
            new Case("TimeoutDurationZero", "TimeoutDuration", "Door.java", "after = \"PT0S\"", 1),
            new Case("TimeoutTargetUndeclared", "TimeoutTarget", "Door.java", "to = Jammed.class)", 1),
            new Case("TimeoutTargetTrigger", "TimeoutTarget", "Door.java", "to = Jammed.class)", 1),
            // a machine with errors still gets its Java types, so DoorMoves.Open is no second error
            new Case("TimeoutTargetHandOff", "TimeoutTarget", "Door.java", "to = Window.Open.class)", 1),
            new Case("NotAStateTimeout", "NotAState", "Door.java", "to = Hinge.class)", 1),
            new Case("NotAStateMisplacedTimeout", "NotAState", "Door.java", "// on Hinge", 1),
            new Case("GeneratedNameTaken", "GeneratedNameTaken", "Door.java", "name = \"Door\"", 1),
            // the compiler reports the missing class itself; ours says which annotation named it
            new Case("Unresolved", "Unresolved", "Door.java", "class Open", 2));

    static Stream<Arguments> cases() {
        return CASES.stream().flatMap(c -> Compilers.names().map(name -> Arguments.of(name, c)));
    }

    @ParameterizedTest(name = "{1} with {0}")
    @MethodSource("cases")
    void reportsTheRuleOnceWhereItIsBroken(String compilerName, Case c) {
        List<JavaFileObject> sources = TestSources.in("cases/" + c.dir());
        Compilation compilation = Compilers.named(compilerName).compile(sources);

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("[agentfsm:" + c.id() + "]")
                .inFile(TestSources.file("cases/" + c.dir() + "/" + c.file()))
                .onLineContaining(c.line());
        assertWithMessage("agent-fsm errors of %s", c.dir())
                .that(ours(compilation.errors()))
                .hasSize(1);
        assertThat(compilation).hadErrorCount(c.errors());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void warnsAboutEachMutableFieldOfAStateOnTheField(String compilerName) {
        List<JavaFileObject> sources = TestSources.in("cases/MutableState");
        Compilation compilation = Compilers.named(compilerName).compile(sources);

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:MutableState] Open.opened is a non-final instance field,"
                        + " but states are shared singletons")
                .inFile(sources.get(0))
                .onLineContaining("private int opened;");
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:MutableState] Open.lastVisitor is a non-final instance field")
                .inFile(sources.get(0))
                .onLineContaining("private String lastVisitor;");
        assertThat(ours(compilation.warnings())).hasSize(2);
        assertThat(generatedNames(compilation)).contains("/SOURCE_OUTPUT/example/DoorStateManager.java");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void requireWhenWarnsAboutEachLlmMoveWithoutAWhenTextOnItsTarget(String compilerName) {
        List<JavaFileObject> sources = TestSources.in("cases/MissingWhen");
        Compilation compilation =
                withOptions(compilerName, "-Aagentfsm.requireWhen=true").compile(sources);

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:MissingWhen] OPEN's transition to OPEN is chosen by"
                        + " the LLM but says nothing about when; the model reads the when text to choose its status:"
                        + " add when = \"...\" to the @Transition, saying when to choose OPEN")
                .inFile(sources.get(0))
                .onLineContaining("to = Open.class, by = Trigger.LLM)");
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:MissingWhen] OPEN's transition to LOCKED")
                .inFile(sources.get(0))
                .onLineContaining("to = Locked.class");
        assertThat(ours(compilation.warnings())).hasSize(2);
        assertThat(generatedNames(compilation)).contains("/SOURCE_OUTPUT/example/DoorStateManager.java");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void missingWhenIsOptIn(String compilerName) {
        List<JavaFileObject> sources = TestSources.in("cases/MissingWhen");

        assertThat(ours(Compilers.named(compilerName).compile(sources).warnings()))
                .isEmpty();
        assertThat(ours(withOptions(compilerName, "-Aagentfsm.requireWhen=false")
                        .compile(sources)
                        .warnings()))
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aRequireWhenThatIsNeitherTrueNorFalseIsNamedInAWarning(String compilerName) {
        Compilation compilation =
                withOptions(compilerName, "-Aagentfsm.requireWhen=yes").compile(TestSources.in("cases/MissingWhen"));

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining(
                        "[agentfsm:MissingWhen] -Aagentfsm.requireWhen=yes is neither"
                                + " true nor false, so LLM moves without a when text are not reported; write -Aagentfsm.requireWhen=true");
        assertThat(ours(compilation.warnings())).hasSize(1);
    }

    /** The named compiler with {@code option} added to the options it is configured with. */
    private static Compiler withOptions(String compilerName, String option) {
        List<String> options = new ArrayList<>(compilerName.equals("ecj") ? Compilers.ECJ_OPTIONS : List.of());
        options.add(option);
        return Compilers.named(compilerName).withOptions(options);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void suppressWarningsOnTheStateOrTheFieldSilencesMutableState(String compilerName) {
        Compilation compilation = Compilers.named(compilerName).compile(TestSources.in("cases/MutableStateSuppressed"));

        assertThat(compilation).succeeded();
        assertThat(ours(compilation.warnings())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aBrokenMachineGetsOnlyItsJavaTypesWhileAValidOneBesideItGetsEverything(String compilerName, @TempDir Path out)
            throws IOException {
        DirectoryCompilation compilation =
                Compilers.compileToDirectory(compilerName, TestSources.in("cases/BrokenBesideValid"), List.of(), out);

        assertThat(compilation.errors()).hasSize(1);
        assertThat(compilation.errors().get(0)).contains("[agentfsm:TerminalExit]");
        // Door's types stand in for it, so code that names them compiles; Door gets nothing else
        assertThat(DirectoryCompilation.listFiles(compilation.sources()))
                .containsExactly(
                        "example/DoorMoves.java",
                        "example/DoorStateManager.java",
                        "example/DoorStatus.java",
                        "example/DoorTransitionTable.java",
                        "example/WindowMoves.java",
                        "example/WindowStateManager.java",
                        "example/WindowStatus.java",
                        "example/WindowTransitionTable.java");
        assertThat(DirectoryCompilation.listFiles(compilation.classes().resolve("META-INF")))
                .containsAtLeast("agentfsm/example.Window.yaml", "services/dev.agentfsm.runtime.StateManager");
        assertThat(DirectoryCompilation.listFiles(compilation.classes().resolve("META-INF")).stream()
                        .filter(f -> f.contains("Door"))
                        .toList())
                .isEmpty();
        assertThat(Files.readString(
                        compilation.classes().resolve("META-INF/services/dev.agentfsm.runtime.StateManager")))
                .isEqualTo("example.WindowStateManager\n");
    }

    static List<Diagnostic<? extends JavaFileObject>> ours(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        return diagnostics.stream()
                .filter(d -> d.getMessage(Locale.ROOT).contains("[agentfsm:"))
                .toList();
    }

    static List<String> generatedNames(Compilation compilation) {
        return compilation.generatedFiles().stream()
                .map(JavaFileObject::getName)
                .toList();
    }
}
