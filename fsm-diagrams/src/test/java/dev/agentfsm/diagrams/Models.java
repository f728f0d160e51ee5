package dev.agentfsm.diagrams;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The test models: {@code example.Desk} (every kind of node and move) and synthetic chains of any size. */
final class Models {

    private Models() {}

    /** The directory holding {@code example.Desk.yaml} and its page. */
    static Path directory() {
        try {
            return Path.of(Models.class.getResource("/models/example.Desk.yaml").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ModelFile desk() {
        try {
            return ModelFile.read(directory().resolve("example.Desk.yaml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ModelException e) {
            throw new AssertionError(e);
        }
    }

    static String deskText() {
        try (InputStream in = Models.class.getResourceAsStream("/models/example.Desk.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The model of the benchmark's synthetic machine: a chain {@code S0 -> ... -> S<n-1>} where every
     * state may also stay or give up (move to the last, terminal, state).
     */
    static String chain(int states) {
        StringBuilder yaml = new StringBuilder("machine: Chain\npackage: bench\ndescription: a chain of " + states
                + " states\ninitial: S0\nstates:\n");
        String last = "S" + (states - 1);
        for (int i = 0; i < states - 1; i++) {
            yaml.append("  - name: S")
                    .append(i)
                    .append("\n    description: Step S")
                    .append(i)
                    .append(" of the synthetic machine\n    transitions:\n")
                    .append("      - to: S")
                    .append(i + 1)
                    .append("\n        by: LLM\n")
                    .append("      - to: S")
                    .append(i)
                    .append("\n        by: SYSTEM\n        when: retry\n");
            if (i + 1 < states - 1) {
                yaml.append("      - to: ").append(last).append("\n        by: USER\n        when: give up\n");
            }
        }
        yaml.append("  - name: ").append(last).append("\n    terminal: true\n    endsRound: true\n");
        return yaml.toString();
    }

    static ModelFile parse(String name, String yaml) throws ModelException {
        return ModelFile.parse(Path.of(name + ".yaml"), yaml);
    }
}
