package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Next;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Machines may span compilations: Window is compiled first, then Door, which hands off to a Window
 * state that only exists as a class file, is compiled against it, under javac and under ECJ.
 */
class SeparateCompilationTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aHandOffMayTargetAStateCompiledEarlier(String compilerName, @TempDir Path out) throws Exception {
        DirectoryCompilation window = compile(compilerName, "separate/first", List.of(), out.resolve("first"));
        assertWithMessage("%s", window.errors()).that(window.success()).isTrue();

        DirectoryCompilation door = compile(
                compilerName, "separate/second", List.of(window.classes().toFile()), out.resolve("second"));
        assertWithMessage("%s", door.errors()).that(door.success()).isTrue();
        assertThat(Files.readString(door.sources().resolve("example/door/DoorMoves.java")))
                .contains("return Next.handOff(DoorStatus.OPEN, WindowStatus.OPEN, agent);");

        try (URLClassLoader loader = new URLClassLoader(
                new URL[] {
                    window.classes().toUri().toURL(), door.classes().toUri().toURL()
                },
                getClass().getClassLoader())) {
            @SuppressWarnings({"unchecked", "rawtypes"})
            StateManager<Agent, ?> manager = (StateManager) StateManager.discover(loader).stream()
                    .filter(m -> m.name().equals("Door"))
                    .findFirst()
                    .orElseThrow();
            Status open = manager.table().require("OPEN");
            assertThat(open.targets().stream().map(Status::qualifiedName).toList())
                    .containsExactly("Door.CLOSED", "Window.OPEN")
                    .inOrder();

            Agent agent = new BaseAgent("door") {};
            agent.setStatus(open);
            Next next = manager.next(open, agent);
            assertThat(next.isLegal()).isTrue();
            assertThat(next.isHandOff()).isTrue();
            assertThat(next.to().qualifiedName()).isEqualTo("Window.OPEN");
            assertThat(next.to().machine().name()).isEqualTo("Window");
            assertThat(next.agent()).hasValue(agent);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void aStateCannotJoinAMachineCompiledEarlier(String compilerName, @TempDir Path out) {
        DirectoryCompilation window = compile(compilerName, "separate/first", List.of(), out.resolve("first"));
        assertWithMessage("%s", window.errors()).that(window.success()).isTrue();

        DirectoryCompilation orphan = compile(
                compilerName, "separate/orphan", List.of(window.classes().toFile()), out.resolve("orphan"));
        assertThat(orphan.success()).isFalse();
        assertThat(orphan.errors()).hasSize(1);
        assertThat(orphan.errors().get(0))
                .contains("Ajar.java:9: [agentfsm:NoMachine] Ajar extends Base,"
                        + " a @StateMachine compiled separately");
    }

    private static DirectoryCompilation compile(String compilerName, String dir, List<File> classpath, Path out) {
        return Compilers.compileToDirectory(compilerName, TestSources.in(dir), classpath, out);
    }
}
