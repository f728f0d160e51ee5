package dev.agentfsm.benchmarks.processor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the sources of a machine of {@code states} states, one file per state as a project keeps
 * them: a chain {@code S0 -> S1 -> ... -> S<n-1>} where every state may also stay where it is or
 * finish, and the last state is terminal. Each state declares three transitions, the size of a
 * typical UFO state.
 */
final class SyntheticMachine {
    static final String PACKAGE = "bench.synthetic";

    private SyntheticMachine() {}

    /** Writes the machine's sources under {@code root}. */
    static void write(Path root, int states) throws IOException {
        if (states < 2) {
            throw new IllegalArgumentException("a synthetic machine needs at least 2 states; got " + states);
        }
        Path dir = Files.createDirectories(root.resolve(PACKAGE.replace('.', '/')));
        write(
                dir,
                "SyntheticAgent",
                """
                package %s;

                public final class SyntheticAgent extends dev.agentfsm.runtime.BaseAgent {
                    public SyntheticAgent() {
                        super("SyntheticAgent");
                    }
                }
                """
                        .formatted(PACKAGE));
        write(
                dir,
                "SyntheticState",
                """
                package %s;

                @dev.agentfsm.annotations.StateMachine(name = "Synthetic", initial = S0.class)
                public abstract class SyntheticState implements dev.agentfsm.runtime.AgentState<SyntheticAgent> {}
                """
                        .formatted(PACKAGE));
        String last = "S" + (states - 1);
        for (int i = 0; i < states - 1; i++) {
            String name = "S" + i;
            String next = "S" + (i + 1);
            // the state before the last reaches it by the chain; a second transition there would be a duplicate
            String giveUp = next.equals(last)
                    ? ""
                    : "@Transition(to = " + last + ".class, by = Trigger.USER, when = \"give up\")\n";
            write(
                    dir,
                    name,
                    """
                    package %1$s;

                    import dev.agentfsm.annotations.State;
                    import dev.agentfsm.annotations.Transition;
                    import dev.agentfsm.annotations.Trigger;

                    @State(value = "%2$s", description = "Step %2$s of the synthetic machine")
                    @Transition(to = %3$s.class, by = Trigger.LLM)
                    @Transition(to = %2$s.class, by = Trigger.SYSTEM, when = "retry")
                    %4$spublic final class %2$s extends SyntheticState {}
                    """
                            .formatted(PACKAGE, name, next, giveUp));
        }
        write(
                dir,
                last,
                """
                package %s;

                @dev.agentfsm.annotations.State("%s")
                @dev.agentfsm.annotations.Terminal(endsRound = true)
                public final class %s extends SyntheticState {}
                """
                        .formatted(PACKAGE, last, last));
    }

    private static void write(Path dir, String type, String source) throws IOException {
        Files.writeString(dir.resolve(type + ".java"), source, StandardCharsets.UTF_8);
    }
}
