package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A trace recorded for real: the demo's round, run in-process on this machine's shell, traced by the runtime. */
final class DemoTrace {
    private DemoTrace() {}

    /** Runs {@code demo --dir dir} and returns the trace it wrote: 5 transitions and the round's end. */
    static Path record(Path dir) throws IOException {
        Cli demo = Cli.run("demo", "--dir", dir.toString());
        assertEquals(0, demo.exitCode(), demo.err() + demo.out());
        try (Stream<Path> created = Files.list(dir)) {
            return created.filter(p -> p.getFileName().toString().startsWith("agentfsm-demo-"))
                    .findFirst()
                    .orElseThrow()
                    .resolve("trace.jsonl");
        }
    }

    /** A transition line of the LinuxAgent, as the runtime's trace writes it. */
    static String move(String session, int round, int step, String from, String to, String trigger) {
        return "{\"event\":\"transition\",\"session\":\"" + session + "\",\"round\":" + round + ",\"step\":" + step
                + ",\"agent\":\"LinuxAgent\",\"machine\":\"LinuxAgent\",\"from\":\"" + from + "\",\"to\":\"" + to
                + "\",\"trigger\":\"" + trigger + "\",\"nanos\":" + (step * 1_000_000L) + "}\n";
    }

    /** A round-end line of the LinuxAgent. */
    static String end(String session, int round, String outcome, String finalStatus, int steps) {
        return "{\"event\":\"roundEnd\",\"session\":\"" + session + "\",\"round\":" + round + ",\"outcome\":\""
                + outcome
                + "\",\"reason\":\"hand-written\",\"finalStatus\":\"LinuxAgent." + finalStatus
                + "\",\"path\":[],\"steps\":"
                + steps + "}\n";
    }
}
