package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.runtime.StateManager;
import dev.agentfsm.runtime.Status;
import dev.agentfsm.runtime.Timeout;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A state's {@code @Timeout} in the generated code and the model, under javac and ECJ: the machine
 * under {@code src/test/resources/timeout} is compiled and loaded, and its statuses report their
 * time-outs.
 */
class TimeoutCodeTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.agentfsm.processor.Compilers#names")
    void theStatusReportsItsDeclaredTimeoutAndTheModelListsIt(String compilerName, @TempDir Path out) throws Exception {
        DirectoryCompilation compilation =
                Compilers.compileToDirectory(compilerName, TestSources.in("timeout"), List.of(), out);
        assertWithMessage("%s", compilation.errors())
                .that(compilation.success())
                .isTrue();

        try (URLClassLoader loader = new URLClassLoader(
                new URL[] {compilation.classes().toUri().toURL()}, TimeoutCodeTest.class.getClassLoader())) {
            StateManager<?, ?> door = StateManager.discover(loader).stream()
                    .filter(m -> m.name().equals("Door"))
                    .findFirst()
                    .orElseThrow();
            Status open = door.table().require("OPEN");
            Status closing = door.table().require("CLOSING");
            Status jammed = door.table().require("JAMMED");

            Timeout openTimeout = open.timeout().orElseThrow();
            assertThat(openTimeout.after()).isEqualTo(Duration.ofSeconds(90));
            assertThat(openTimeout.to()).isSameInstanceAs(closing);
            assertThat(openTimeout.move().from()).isSameInstanceAs(open);
            assertThat(openTimeout.move().trigger()).isEqualTo(Trigger.TIMEOUT);
            assertThat(openTimeout.move().when()).isEqualTo("nobody came for 90 seconds");
            assertThat(open.timeout()).isSameInstanceAs(open.timeout()); // built once

            assertThat(closing.timeout().map(Timeout::after)).hasValue(Duration.ofDays(1));
            assertThat(closing.timeout().map(Timeout::to)).hasValue(jammed);
            assertThat(door.table().require("CLOSED").timeout()).isEmpty();
            assertThat(jammed.timeout()).isEmpty();
        }

        String yaml = Files.readString(compilation.classes().resolve("META-INF/agentfsm/example.door.Door.yaml"));
        assertThat(yaml).contains("    endsSubtask: false\n    timeout:\n      after: PT1M30S\n      to: CLOSING\n");
        assertThat(yaml).contains("    timeout:\n      after: P1D\n      to: JAMMED\n");
    }
}
