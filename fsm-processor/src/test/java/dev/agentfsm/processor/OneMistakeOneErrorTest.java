package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A machine with one mistake, in code that names the machine's generated types everywhere code can
 * (a state's {@code next(agent, DoorMoves.Open to)}, also for a state the status enum leaves out;
 * fields, imports and static imports of {@code DoorStatus}, {@code DoorStateManager.instance()}; a
 * valid machine handing off to the broken one, or to a state its enum leaves out): the compilation
 * fails with exactly the processor's error, and the compiler adds none, under javac and ECJ. The
 * sources are under {@code src/test/resources/cascades/<Case>}.
 */
class OneMistakeOneErrorTest {

    /**
     * @param dir the directory under {@code cascades/}
     * @param id the one rule broken
     * @param file the file the error is in
     * @param line a text only the offending line contains
     */
    record Case(String dir, String id, String file, String line) {
        @Override
        public String toString() {
            return dir;
        }
    }

    static final List<Case> CASES = List.of(
            new Case("Trap", "Trap", "example/Door.java", "@State(\"STUCK\")"),
            // not a DuplicateTransition for SHUT's two moves to OPEN: that is the duplicate name's consequence
            new Case("DuplicateState", "DuplicateState", "example/Door.java", "description = \"ajar\""),
            new Case("HandOffToBroken", "Trap", "example/Door.java", "@State(\"STUCK\")"),
            new Case("HandOffToMachineWithoutTypes", "NotAState", "example/Door.java", "initial = Hinge.class"),
            new Case("StateShapeInner", "StateShape", "example/Door.java", "@State(\"AJAR\")"),
            new Case("HandOffToLeftOut", "StateShape", "example/Door.java", "@State(\"AJAR\")"));

    static Stream<Arguments> cases() {
        return CASES.stream().flatMap(c -> Compilers.names().map(name -> Arguments.of(name, c)));
    }

    @ParameterizedTest(name = "{1} with {0}")
    @MethodSource("cases")
    void theProcessorsErrorIsTheOnlyOne(String compilerName, Case c) {
        List<JavaFileObject> sources = TestSources.in("cascades/" + c.dir());
        Compilation compilation = Compilers.named(compilerName).compile(sources);

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("[agentfsm:" + c.id() + "]")
                .inFile(TestSources.file("cascades/" + c.dir() + "/" + c.file()))
                .onLineContaining(c.line());
        assertWithMessage("errors of %s under %s", c.dir(), compilerName)
                .that(compilation.errors().stream().map(e -> e.getMessage(null)).toList())
                .hasSize(1);
    }
}
