package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.processor.model.MachineModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each text format of a rich machine against its golden file in {@code golden/diagrams/}.
 * {@code mvn test -Dagentfsm.regenerateGoldens=true} rewrites them; review the diff before committing.
 * The SVG has no golden file: its coordinates depend on the fonts of the machine that renders it
 * ({@link SvgWriterTest} checks its structure instead).
 */
class DiagramGoldenTest {

    static Stream<Arguments> formats() {
        return Stream.of(
                Arguments.of("mmd", (Function<MachineModel, String>) new MermaidWriter()::write),
                Arguments.of("dot", (Function<MachineModel, String>) new DotWriter()::write),
                Arguments.of("puml", (Function<MachineModel, String>) new PlantUmlWriter()::write),
                Arguments.of("md", (Function<MachineModel, String>) m -> new MarkdownWriter().write(m, "Desk.svg")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void matchesGolden(String extension, Function<MachineModel, String> writer) throws IOException {
        String actual = writer.apply(DiagramMachines.rich());
        Path golden = goldenDir().resolve("Desk." + extension);
        if (Boolean.getBoolean("agentfsm.regenerateGoldens")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
                "differs from " + golden + "; if the change is intended, run mvn test -Dagentfsm.regenerateGoldens=true");
    }

    private static Path goldenDir() {
        return Path.of(System.getProperty("agentfsm.goldenDir", "src/test/resources/golden")).resolve("diagrams");
    }
}
