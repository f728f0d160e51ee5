package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.util.ArrayList;
import java.util.List;
import javax.tools.StandardLocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Legal machines written in unusual ways, under {@code src/test/resources/unusual}: their generated
 * code compiles without a warning under javac's {@code -Xlint:all} and under ECJ, and is the same
 * under both.
 */
class UnusualMachinesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void statesInTheMachinesPackageNamedAsJavaLangTypesDoNotShadowThemInGeneratedCode(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/JavaLangNames"));

        assertThat(compilation).succeededWithoutWarnings();
        // in package example, a plain String is the state: generated code names java.lang's in full
        assertThat(compilation)
                .generatedSourceFile("example.DoorTransitionTable")
                .contentsAsUtf8String()
                .contains("@java.lang.Override\n    public java.lang.String machine()");
        assertThat(compilation)
                .generatedSourceFile("example.DoorStateManager")
                .contentsAsUtf8String()
                .contains("case 1 -> new String(); // TEXT");
        assertSameUnderBoth(compilation, "unusual/JavaLangNames");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void deprecatedStatesAgentsAndMachinesGiveNoWarningInGeneratedCode(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/Deprecated"));

        assertThat(compilation).succeededWithoutWarnings();
        // only where a warning would be: ECJ reports a needless token
        assertThat(compilation)
                .generatedSourceFile("example.DoorStateManager")
                .contentsAsUtf8String()
                .contains("@SuppressWarnings({\"deprecation\", \"removal\"})\npublic final class DoorStateManager");
        assertThat(compilation)
                .generatedSourceFile("example.DoorMoves")
                .contentsAsUtf8String()
                .contains("@SuppressWarnings(\"deprecation\")\npublic final class DoorMoves");
        assertThat(compilation)
                .generatedSourceFile("example.WindowMoves")
                .contentsAsUtf8String()
                .doesNotContain("@SuppressWarnings");
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .doesNotContain("@SuppressWarnings");
        assertSameUnderBoth(compilation, "unusual/Deprecated");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void textsWithCharactersJavaPoetTakesForLineBreaksStayOneStringLiteral(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/LineSeparators"));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .contains("OPEN(\"Opens\" + \"\\u2028\" + \"the door\", /* terminal */ false");
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .contains(
                        "Trigger.LLM, \"C:\\\\users\\\\done exists\" + \"\\u2029\" + \"or\" + \"\\u0085\" + \"not\")");
        assertSameUnderBoth(compilation, "unusual/LineSeparators");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aHandOffsParameterIsAJavaNameWhateverTheAgentClassIsCalled(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/AgentNames"));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorMoves")
                .contentsAsUtf8String()
                .contains("public Next toWindowOpen(Default defaultAgent) {");
        assertThat(compilation)
                .generatedSourceFile("example.DoorMoves")
                .contentsAsUtf8String()
                .contains("Hands control to {@code gate$Agent}: {@code OPEN -> Gate.OPEN}, by SYSTEM.");
        assertSameUnderBoth(compilation, "unusual/AgentNames");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aHandOffsParameterIsNotNamedAsAPackageItsMethodNamesInFull(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/HandOffParameterNames"));

        // a parameter dev made dev.agentfsm.runtime.Next.handOff(...) a field access on it
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorMoves")
                .contentsAsUtf8String()
                .contains(
                        "public dev.agentfsm.runtime.Next toHostContinue(Dev devAgent) {\n"
                                + "            return dev.agentfsm.runtime.Next.handOff(DoorStatus.OPEN, HostStatus.CONTINUE, devAgent);");
        assertSameUnderBoth(compilation, "unusual/HandOffParameterNames");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void byStatusIsNotNamedAsThePackageItsBodyNamesInFull(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/StatusPackage"));

        // a parameter status made status.DoorStatus.AJAR a field access on it
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("status.DoorMoves")
                .contentsAsUtf8String()
                .contains("public Next byStatus(Status statusValue) {\n"
                        + "            if (statusValue == status.DoorStatus.AJAR) return MOVES[0];");
        assertSameUnderBoth(compilation, "unusual/StatusPackage");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void statesInAnotherPackageAreNotImportedForJavadocAlone(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/OtherPackage"));

        // ECJ reported the imports of DoorStatus, which named the states only in Javadoc, as unused
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .contains("{@link example.other.Ajar}.");
        assertSameUnderBoth(compilation, "unusual/OtherPackage");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aHandOffToAMachineNamedInCapitalsIsNotTakenForAStateOfTheSameName(String compilerName) {
        Compilation compilation = lint(compilerName).compile(TestSources.in("unusual/CapitalMachineName"));

        // HOST + CONTINUE joined with _ is also the status HOST_CONTINUE: the enum declared one field twice
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .contains("OPEN_to_HOST_CONTINUE = Optional.of(new Move(DoorStatus.OPEN, DoorStatus.HOST_CONTINUE,");
        assertThat(compilation)
                .generatedSourceFile("example.DoorStatus")
                .contentsAsUtf8String()
                .contains("OPEN_to_handOff_HOST_CONTINUE = Optional.of(new Move(DoorStatus.OPEN, HOSTStatus.CONTINUE,");
        // and the diagrams drew the hand-off as the edge to Door's own state, with no hand-off node
        assertThat(compilation)
                .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/agentfsm/example.Door.mmd")
                .contentsAsUtf8String()
                .contains("    OPEN --> HOST_CONTINUE : LLM\n    OPEN --> handOff_HOST_CONTINUE : SYSTEM\n");
        assertThat(compilation)
                .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/agentfsm/example.Door.dot")
                .contentsAsUtf8String()
                .contains("\"handOff_HOST_CONTINUE\" [label=\"HOST.CONTINUE\\n(hand-off to another machine)\"");
        assertSameUnderBoth(compilation, "unusual/CapitalMachineName");
    }

    /** The named compiler with every lint warning on (javac's {@code -Xlint:all}; ECJ warns by default). */
    private static Compiler lint(String compilerName) {
        List<String> options = new ArrayList<>(compilerName.equals("ecj") ? Compilers.ECJ_OPTIONS : List.of());
        if (compilerName.equals("javac")) {
            options.add("-Xlint:all,-processing");
        }
        return Compilers.named(compilerName).withOptions(options);
    }

    /** ECJ, compiling {@code dir} again, generates what {@code compilation} did. */
    private static void assertSameUnderBoth(Compilation compilation, String dir) {
        Compilation other = Compilers.ecj().compile(TestSources.in(dir));
        assertThat(GeneratedCodeTest.generatedFiles(compilation))
                .containsExactlyEntriesIn(GeneratedCodeTest.generatedFiles(other));
    }
}
