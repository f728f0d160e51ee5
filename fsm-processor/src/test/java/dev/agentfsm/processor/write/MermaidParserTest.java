package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated Mermaid read back by Mermaid's own parser (Node, with the {@code mermaid} package that
 * {@code .ci/run} installs into {@code .tools/mermaid} from {@code src/test/mermaid}): the rich machine and
 * every escaping case of {@link DiagramEscapingTest} parse as state diagrams that hold every state.
 */
class MermaidParserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCRIPT = Path.of("src/test/mermaid/parse.mjs");

    @Test
    void mermaidParsesEveryGeneratedDiagram(@TempDir Path dir) throws Exception {
        Map<Path, MachineModel> diagrams = new LinkedHashMap<>();
        diagrams.put(
                Files.writeString(dir.resolve("rich.mmd"), new MermaidWriter().write(DiagramMachines.rich())),
                DiagramMachines.rich());
        int index = 0;
        for (String text : DiagramEscapingTest.texts().toList()) {
            MachineModel machine = DiagramMachines.describedBy(text);
            diagrams.put(
                    Files.writeString(dir.resolve("text" + index++ + ".mmd"), new MermaidWriter().write(machine)),
                    machine);
        }

        List<JsonNode> results = parse(new ArrayList<>(diagrams.keySet()));

        assertEquals(diagrams.size(), results.size(), results.toString());
        for (JsonNode result : results) {
            Path file = Path.of(result.get("file").asText());
            MachineModel machine = diagrams.get(file);
            String source = Files.readString(file);
            assertTrue(
                    result.get("ok").asBoolean(),
                    () -> "Mermaid rejected " + file.getFileName() + ": "
                            + result.get("error").asText() + "\n" + source);
            assertEquals("stateDiagram", result.get("type").asText(), source);
            Set<String> ids = new HashSet<>();
            result.get("states").forEach(id -> ids.add(id.asText()));
            int declared = 0;
            for (StateModel state : machine.states()) {
                assertTrue(ids.contains(state.status()), state.status() + " missing from " + ids + " in\n" + source);
                declared += state.transitions().size();
            }
            assertTrue(
                    result.get("transitions").asInt() >= declared,
                    "Mermaid read " + result.get("transitions") + " transitions, " + declared + " are declared:\n"
                            + source);
        }
    }

    /** Runs parse.mjs on the files; skips (or, with AGENTFSM_REQUIRE_TOOLS=true, fails) without Node and Mermaid. */
    private static List<JsonNode> parse(List<Path> files) throws IOException, InterruptedException {
        Path node = ExternalTool.require("node", "nodejs");
        Path tools = Path.of(System.getProperty("agentfsm.mermaid.tools", "../.tools/mermaid"))
                .toAbsolutePath()
                .normalize();
        if (!Files.isDirectory(tools.resolve("node_modules/mermaid"))) {
            throw ExternalTool.missing("Mermaid is not installed in " + tools + "; install it with: mkdir -p"
                    + " .tools/mermaid && cp fsm-processor/src/test/mermaid/package*.json .tools/mermaid"
                    + " && (cd .tools/mermaid && npm ci)");
        }
        Process process = new ProcessBuilder(node.toString(), "--input-type=module", "--eval", Files.readString(SCRIPT))
                .directory(tools.toFile())
                .redirectErrorStream(false)
                .start();
        try (OutputStream in = process.getOutputStream()) {
            for (Path file : files) {
                in.write((file.toAbsolutePath() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] out = process.getInputStream().readAllBytes();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("Mermaid's parser did not finish within 120 s");
        }
        List<JsonNode> results = new ArrayList<>();
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                results.add(JSON.readTree(line));
            }
        }
        if (results.isEmpty()) {
            fail("Mermaid's parser printed nothing (exit " + process.exitValue() + "): " + err);
        }
        return results;
    }
}
