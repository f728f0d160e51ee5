package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** A machine of 500 states compiles, with everything generated for it, and no word about its size. */
class LargeMachineTest {

    @Test
    void aMachineOf500StatesCompiles() {
        Compilation compilation = Compilers.javac().compile(LargeMachine.source(500));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation.notes()).isEmpty();
        assertThat(compilation)
                .generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, "", "META-INF/agentfsm/example.big.Big.yaml");
        // the status enum, the table, the manager and one file of helpers, whatever the number of states
        assertThat(compilation.generatedSourceFiles()).hasSize(4);
        assertThat(compilation)
                .generatedSourceFile("example.big.BigStatus")
                .contentsAsUtf8String()
                .contains("S499(");
        assertThat(compilation)
                .generatedSourceFile("example.big.BigStatus")
                .contentsAsUtf8String()
                .contains("new Move(BigStatus.S498, BigStatus.S499, Trigger.LLM, \"\")");
        assertThat(compilation)
                .generatedSourceFile("example.big.BigStateManager")
                .contentsAsUtf8String()
                .contains("case 498 -> BigMoves.S498.INSTANCE.byStatus(agent.status()); // S498");
    }
}
