package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A move a state did not declare is a compile error: the generated {@code <Machine>Moves.<StateClass>} has
 * no method for it, so {@code to.toAjar()} does not compile, and the compiler says where.
 */
class TypedTransitionsTest {

    @Test
    void anUndeclaredMoveDoesNotCompileUnderJavac() {
        List<JavaFileObject> sources = TestSources.in("cases/UndeclaredMove");
        Compilation compilation = Compilers.javac().compile(sources);

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("cannot find symbol")
                .inFile(sources.get(0))
                .onLineContaining("to.toAjar()");
        assertThat(compilation).hadErrorContaining("toAjar()");
        assertThat(compilation).hadErrorCount(1);
        assertThat(ValidationTest.ours(compilation.errors())).isEmpty();
    }

    @Test
    void anUndeclaredMoveDoesNotCompileUnderEcj() {
        List<JavaFileObject> sources = TestSources.in("cases/UndeclaredMove");
        Compilation compilation = Compilers.ecj().compile(sources);

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("The method toAjar() is undefined for the type example.DoorMoves.Open")
                .inFile(sources.get(0))
                .onLineContaining("to.toAjar()");
        assertThat(compilation).hadErrorCount(1);
    }
}
