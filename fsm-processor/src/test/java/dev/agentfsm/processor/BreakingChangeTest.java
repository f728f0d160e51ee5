package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code [agentfsm:BreakingChange]}, under javac and ECJ: the versions of a machine under
 * {@code src/test/resources/evolution/} are compiled against the model the processor wrote for the
 * first one ({@code Baseline/}), as a repository commits it, with {@code -Aagentfsm.baseline}.
 */
class BreakingChangeTest {

    @TempDir
    static Path out;

    /** The baseline directory: the models the processor wrote for {@code evolution/Baseline}. */
    static Path baseline;

    @BeforeAll
    static void compileTheCommittedVersion() {
        DirectoryCompilation compiled =
                Compilers.compileToDirectory("javac", TestSources.in("evolution/Baseline"), List.of(), out);
        assertThat(compiled.errors()).isEmpty();
        baseline = compiled.classes().resolve("META-INF/agentfsm");
        assertThat(DirectoryCompilation.listFiles(baseline)).contains("example.Door.yaml");
    }

    /**
     * A version that breaks one thing.
     *
     * @param dir the directory under {@code evolution/}
     * @param line a text only the line reported on contains
     * @param message a part of the message: what is broken and the fix
     */
    record Case(String dir, String line, String message) {
        @Override
        public String toString() {
            return dir;
        }
    }

    static final List<Case> CASES = List.of(
            new Case(
                    "MoveRemoved",
                    "@State(\"OPEN\")",
                    "OPEN no longer declares its move to OPEN by LLM, which Door's committed model "),
            new Case(
                    "TriggerChanged",
                    "when = \"the user shuts it\"",
                    "AJAR now moves to CLOSED by USER, but Door's committed model "),
            new Case("StateRenamed", "@StateMachine(", "Door has no state AJAR, which its committed model "),
            new Case(
                    "RoundEndChanged",
                    "@Terminal(endsRound = false)",
                    "CLOSED no longer ends the round, but Door's committed model "),
            new Case(
                    "InitialChanged",
                    "initial = Ajar.class",
                    "Door's initial state is AJAR, but its committed model "));

    static Stream<Arguments> cases() {
        return CASES.stream().flatMap(c -> Compilers.names().map(name -> Arguments.of(name, c)));
    }

    @ParameterizedTest(name = "{1} with {0}")
    @MethodSource("cases")
    void aBreakingChangeIsAWarningNamingWhatBrokeAndTheFix(String compilerName, Case c) {
        List<JavaFileObject> sources = TestSources.in("evolution/" + c.dir());
        Compilation compilation = compile(compilerName, sources, "-Aagentfsm.baseline=" + baseline);

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining(
                        "[agentfsm:BreakingChange] " + c.message() + baseline.resolve("example.Door.yaml"))
                .inFile(sources.get(0))
                .onLineContaining(c.line());
        assertThat(ValidationTest.ours(compilation.warnings())).hasSize(1);
        assertThat(ValidationTest.ours(compilation.warnings()).get(0).getMessage(null))
                .containsMatch("no longer resumes?; keep .* until the sessions that may need it have ended; then update"
                        + " the baseline");
    }

    @ParameterizedTest(name = "{1} with {0}")
    @MethodSource("cases")
    void withTheErrorOptionABreakingChangeFailsTheBuildAndTheMachineGetsNoModel(String compilerName, Case c) {
        List<JavaFileObject> sources = TestSources.in("evolution/" + c.dir());
        Compilation compilation =
                compile(compilerName, sources, "-Aagentfsm.baseline=" + baseline, "-Aagentfsm.breakingChange=error");

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("[agentfsm:BreakingChange] " + c.message())
                .inFile(sources.get(0))
                .onLineContaining(c.line());
        assertThat(compilation).hadErrorCount(1);
        assertThat(ValidationTest.ours(compilation.warnings())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aMachineFailedForABreakingChangeGetsItsJavaTypesButNoModel(String compilerName, @TempDir Path dir) {
        DirectoryCompilation compilation = Compilers.compileToDirectory(
                compilerName,
                List.of("-Aagentfsm.baseline=" + baseline, "-Aagentfsm.breakingChange=error"),
                TestSources.in("evolution/MoveRemoved"),
                List.of(),
                dir);

        assertThat(compilation.success()).isFalse();
        assertThat(compilation.errors()).hasSize(1);
        assertThat(compilation.errors().get(0)).contains("[agentfsm:BreakingChange] OPEN no longer declares");
        assertThat(DirectoryCompilation.listFiles(compilation.sources())).contains("example/DoorStatus.java");
        assertThat(DirectoryCompilation.listFiles(compilation.classes()).stream()
                        .filter(f -> f.startsWith("META-INF"))
                        .toList())
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void addedStatesAndMovesRenamedClassesAndNewTextsBreakNothing(String compilerName) {
        Compilation compilation = compile(
                compilerName,
                TestSources.in("evolution/Added"),
                "-Aagentfsm.baseline=" + baseline,
                "-Aagentfsm.breakingChange=error");

        assertThat(compilation).succeeded();
        assertThat(ValidationTest.ours(compilation.diagnostics())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aTimeoutThatGoesElsewhereIsABreakingChangeALongerOneIsNot(String compilerName, @TempDir Path dir) {
        DirectoryCompilation timed =
                Compilers.compileToDirectory("javac", TestSources.in("evolution/Timed"), List.of(), dir);
        assertThat(timed.errors()).isEmpty();
        Path model = timed.classes().resolve("META-INF/agentfsm");
        List<JavaFileObject> sources = TestSources.in("evolution/TimeoutRetargeted");

        Compilation compilation = compile(compilerName, sources, "-Aagentfsm.baseline=" + model);

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:BreakingChange] AJAR's @Timeout goes to STUCK, but Door's committed"
                        + " model " + model.resolve("example.Door.yaml") + " times it out to BROKEN: a journal whose"
                        + " step in AJAR timed out no longer resumes; keep @Timeout(to = Broken.class) on AJAR")
                .inFile(sources.get(0))
                .onLineContaining("@Timeout(after = \"PT2H\"");
        assertThat(ValidationTest.ours(compilation.warnings())).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void withoutABaselineNothingIsCompared(String compilerName) throws IOException {
        List<JavaFileObject> sources = TestSources.in("evolution/MoveRemoved");
        Path empty = Files.createDirectories(out.resolve("empty-" + compilerName));

        for (String option : List.of(
                "-Aagentfsm.breakingChange=error", // no baseline option
                "-Aagentfsm.baseline=" + empty, // a directory without this machine's model
                "-Aagentfsm.baseline=" + out.resolve("not-there"))) {
            Compilation compilation = compile(compilerName, sources, option, "-Aagentfsm.breakingChange=error");
            assertThat(compilation).succeeded();
            assertThat(ValidationTest.ours(compilation.diagnostics())).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aBaselineThatIsNoModelIsNamedAtTheConfiguredSeverity(String compilerName) throws IOException {
        Path broken = Files.createDirectories(out.resolve("broken-" + compilerName));
        Files.writeString(broken.resolve("example.Door.yaml"), "machine: Door\nstates: nope\n");

        Compilation compilation = compile(
                compilerName,
                TestSources.in("evolution/Added"),
                "-Aagentfsm.baseline=" + broken,
                "-Aagentfsm.breakingChange=error");

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("[agentfsm:BreakingChange] the committed model of Door, "
                        + broken.resolve("example.Door.yaml") + ", can't be read (it is no machine model: it has no"
                        + " 'initial' or no 'states' list)");
        assertThat(compilation).hadErrorCount(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aSeverityThatIsNeitherErrorNorWarningIsNamedAndBreakingChangesStayWarnings(String compilerName) {
        Compilation compilation = compile(
                compilerName,
                TestSources.in("evolution/MoveRemoved"),
                "-Aagentfsm.baseline=" + baseline,
                "-Aagentfsm.breakingChange=fail");

        assertThat(compilation).succeeded();
        assertThat(compilation)
                .hadWarningContaining("[agentfsm:BreakingChange] -Aagentfsm.breakingChange=fail is neither error nor"
                        + " warning, so breaking changes are warnings; write -Aagentfsm.breakingChange=error");
        assertThat(compilation).hadWarningContaining("[agentfsm:BreakingChange] OPEN no longer declares");
        assertThat(ValidationTest.ours(compilation.warnings())).hasSize(2);
    }

    private static Compilation compile(String compilerName, List<JavaFileObject> sources, String... options) {
        List<String> all = new ArrayList<>(compilerName.equals("ecj") ? Compilers.ECJ_OPTIONS : List.of());
        all.addAll(Arrays.asList(options));
        Compiler compiler = Compilers.named(compilerName).withOptions(all);
        return compiler.compile(sources);
    }
}
