package dev.agentfsm.tests.runtime;

import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link TraceTest}: a round traced to the file named by {@code args[0]} whose
 * fourth state halts the JVM at once (no shutdown hooks, no finally blocks, no close), the way a
 * crash or a kill would end it.
 */
public final class HaltingRound {
    private HaltingRound() {}

    public static void main(String[] args) {
        JsonLinesTrace trace = JsonLinesTrace.open(Path.of(args[0]));
        LinuxAgent agent = new LinuxAgent()
                .script(
                        LinuxAgentStatus.CONTINUE,
                        LinuxAgentStatus.CONTINUE,
                        LinuxAgentStatus.CONTINUE,
                        (ScriptedAgent.Step) (a, c) -> Runtime.getRuntime().halt(3));
        Round.of(LinuxAgentStateManager.instance(), agent)
                .listener(trace)
                .build()
                .run();
        System.exit(0); // not reached
    }
}
