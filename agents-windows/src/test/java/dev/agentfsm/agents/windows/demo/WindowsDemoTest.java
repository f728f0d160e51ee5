package dev.agentfsm.agents.windows.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.windows.Images;
import dev.agentfsm.runtime.RoundResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowsDemoTest {

    @Test
    void runsTheScenarioAndWritesTheScreenshots(@TempDir Path out) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RoundResult result = WindowsDemo.run(out, new PrintStream(console, true, StandardCharsets.UTF_8));

        assertTrue(result.completed(), result.reason());
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("HostAgent.ASSIGN -> AppAgent.CONTINUE (SYSTEM)"), printed);
        assertTrue(printed.contains("chart in Book1 - Excel: Chart[type=bar, range=A1:C5"), printed);
        List<String> files =
                List.of("desktop.png", "winword.png", "winword-annotated.png", "excel.png", "excel-annotated.png");
        for (String file : files) {
            assertTrue(Images.read(Files.readAllBytes(out.resolve(file))).getWidth() > 0, file);
        }
        assertEquals(
                660,
                Images.read(Files.readAllBytes(out.resolve("excel-annotated.png")))
                        .getWidth());
    }
}
