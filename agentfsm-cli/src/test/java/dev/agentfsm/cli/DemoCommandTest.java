package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo end to end, in-process, on this machine's real shell. */
class DemoCommandTest {
    private static final Pattern STEP = Pattern.compile("(?m)^step (\\d+)  CONTINUE -> (\\w+)  (.*)  \\[(.*)\\]$");

    @TempDir
    Path dir;

    @Test
    void runsTheBundledTaskToCompletion() throws Exception {
        Cli cli = Cli.run("demo", "--dir", dir.toString());

        assertEquals("", cli.err());
        assertEquals(0, cli.exitCode(), cli.out());
        List<String> steps = new ArrayList<>();
        Matcher step = STEP.matcher(cli.out());
        while (step.find()) {
            steps.add(step.group(1) + " " + step.group(2) + " " + step.group(3) + " "
                    + step.group(4).replaceAll("\\d+ ms", "T ms"));
        }
        assertEquals(
                List.of(
                        "1 CONTINUE $ find . -type f -name '*.log' exit 0, T ms",
                        "2 CONTINUE $ grep -c ERROR logs/app.log logs/worker.log | sort refused, T ms",
                        "3 CONTINUE $ grep -c ERROR logs/app.log logs/worker.log exit 0, T ms",
                        "4 CONTINUE $ grep -n -m 1 ERROR logs/app.log exit 0, T ms",
                        "5 FINISH (no command) T ms"),
                steps);
        assertTrue(cli.out().contains("\nsandbox:   commands run as "), cli.out());
        // the real output of the real commands, first lines
        assertTrue(cli.out().contains("\n        ./logs/app.log\n"), cli.out());
        assertTrue(cli.out().contains("\n        not allowed: '|' is shell syntax;"), cli.out());
        assertTrue(cli.out().contains("\n        logs/app.log:3\n        logs/worker.log:1\n"), cli.out());
        assertTrue(
                cli.out().contains("\n        4:2026-01-05 09:00:09 ERROR database connection refused (retry 1/3)\n"),
                cli.out());
        assertTrue(
                cli.out()
                        .contains("\nround COMPLETED after 6 states: CONTINUE -> CONTINUE -> CONTINUE -> CONTINUE"
                                + " -> CONTINUE -> FINISH\n"),
                cli.out());
        assertTrue(
                cli.out().contains("\nresult: 2 log files: logs/app.log has 3 ERROR lines, logs/worker.log has 1."),
                cli.out());

        Path base;
        try (var created = Files.list(dir)) {
            base = created.filter(p -> p.getFileName().toString().startsWith("agentfsm-demo-"))
                    .findFirst()
                    .orElseThrow();
        }
        Path trace = base.resolve("trace.jsonl");
        assertTrue(cli.out().contains("\ntrace:    " + trace + "\n"), cli.out());
        List<String> lines = Files.readAllLines(trace);
        assertEquals(7, lines.size(), lines.toString()); // 5 transitions, FINISH's subtask end, the round end
        JsonNode last = new ObjectMapper().readTree(lines.get(6));
        assertEquals("roundEnd", last.path("event").asText(), lines.get(6));
        assertEquals("2 log files", last.path("result").asText().substring(0, 11), lines.get(6));
        assertEquals("COMPLETED", last.path("outcome").asText(), lines.get(6));
        JsonNode finish = new ObjectMapper().readTree(lines.get(4));
        assertEquals("FINISH", finish.path("to").asText(), lines.get(4));
        JsonNode subtask = new ObjectMapper().readTree(lines.get(5));
        assertEquals("subtaskEnd", subtask.path("event").asText(), lines.get(5));
        assertEquals("LinuxAgent.FINISH", subtask.path("status").asText(), lines.get(5));

        Path machine = base.resolve("machine");
        assertTrue(
                cli.out()
                        .contains("\ndiagrams: " + machine.resolve("dev.agentfsm.agents.linux.LinuxAgent.")
                                + "{yaml,mmd,dot,puml,md,svg}\n"),
                cli.out());
        assertTrue(Files.readString(machine.resolve("dev.agentfsm.agents.linux.LinuxAgent.yaml"))
                .startsWith("machine: LinuxAgent\n"));
        assertTrue(Files.readString(machine.resolve("dev.agentfsm.agents.linux.LinuxAgent.mmd"))
                .contains("stateDiagram-v2"));
        // nothing the round ran wrote into the workspace: it holds exactly the files the demo put there
        try (var files = Files.walk(base.resolve("workspace"))) {
            assertEquals(
                    List.of("README.txt", "data/inventory.csv", "logs/app.log", "logs/worker.log"),
                    files.filter(Files::isRegularFile)
                            .map(p -> base.resolve("workspace").relativize(p).toString())
                            .sorted()
                            .toList());
        }
    }
}
