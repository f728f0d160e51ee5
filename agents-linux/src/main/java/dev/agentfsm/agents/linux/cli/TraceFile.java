package dev.agentfsm.agents.linux.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionEvent;
import dev.agentfsm.runtime.TransitionListener;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A JSON-lines trace file of a round: one line per transition and one when the round ends. */
final class TraceFile implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final BufferedWriter writer;

    private TraceFile(BufferedWriter writer) {
        this.writer = writer;
    }

    static TraceFile open(Path file) throws IOException {
        return new TraceFile(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    TransitionListener listener() {
        return new TransitionListener() {
            @Override
            public void onTransition(TransitionEvent event) {
                write(JSON.convertValue(event, Map.class));
            }

            @Override
            public void onRoundEnd(String session, int round, RoundResult result) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("session", session);
                line.put("round", round);
                line.put("outcome", result.outcome().name());
                line.put("finalStatus", result.finalStatus());
                line.put("steps", result.steps());
                line.put("reason", result.reason());
                write(line);
            }
        };
    }

    private void write(Map<?, ?> line) {
        try {
            writer.write(JSON.writeValueAsString(line));
            writer.newLine();
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing the trace", e);
        }
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
