package dev.agentfsm.agents.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.kit.AgentStep.Phase;
import dev.agentfsm.agents.kit.AgentStep.StepRecord;
import dev.agentfsm.runtime.Agent;
import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentStepTest {

    private static final class Agent extends BaseAgent {
        final List<String> ran = new ArrayList<>();

        Agent() {
            super("agent");
        }
    }

    private final Agent agent = new Agent();
    private final Context context = new Context();

    /** A step whose phases note that they ran and hand on a value built from what they were given. */
    private static AgentStep<Agent, String, String, Integer> noting() {
        return AgentStep.<Agent, String>observe((agent, context) -> {
                    agent.ran.add("observe");
                    return "screen of " + context.require(Context.REQUEST);
                })
                .ask((agent, context, observation) -> {
                    agent.ran.add("ask about " + observation);
                    return "click Save";
                })
                .act((agent, context, decision) -> {
                    agent.ran.add("act on " + decision);
                    return decision.length();
                })
                .remember((agent, context, step) -> agent.ran.add(
                        "remember " + step.observation() + " / " + step.decision() + " / " + step.result()));
    }

    @Test
    void phasesRunInOrderAndEachGetsThePreviousOnesValue() throws Exception {
        context.put(Context.REQUEST, "save the file");

        StepRecord<String, String, Integer> record = noting().run(agent, context);

        assertEquals(
                List.of(
                        "observe",
                        "ask about screen of save the file",
                        "act on click Save",
                        "remember screen of save the file / click Save / 10"),
                agent.ran);
        assertEquals("screen of save the file", record.observation());
        assertEquals("click Save", record.decision());
        assertEquals(10, record.result());
    }

    @Test
    void everyPhaseIsTimedInPhaseOrder() throws Exception {
        List<StepRecord<String, String, Optional<String>>> remembered = new ArrayList<>();
        AgentStep<Agent, String, String, Optional<String>> step = AgentStep.<Agent, String>observe((a, c) -> "seen")
                .ask((a, c, seen) -> "decided")
                .act((a, c, decided) -> {
                    Thread.sleep(20);
                    return Optional.<String>empty();
                })
                .remember((a, c, record) -> {
                    remembered.add(record);
                    Thread.sleep(20);
                });

        StepRecord<String, String, Optional<String>> record = step.run(agent, context);

        assertEquals(
                List.of(Phase.DATA_COLLECTION, Phase.LLM_INTERACTION, Phase.ACTION_EXECUTION),
                List.copyOf(remembered.get(0).timings().keySet()),
                "the memory phase sees the three phases before it");
        assertEquals(List.of(Phase.values()), List.copyOf(record.timings().keySet()), "run adds the memory phase");
        assertTrue(
                record.timings().get(Phase.ACTION_EXECUTION).compareTo(Duration.ofMillis(20)) >= 0,
                record.timings().toString());
        assertTrue(
                record.timings().get(Phase.MEMORY_UPDATE).compareTo(Duration.ofMillis(20)) >= 0,
                record.timings().toString());
        assertEquals(record.timings().values().stream().reduce(Duration.ZERO, Duration::plus), record.total());
        assertEquals(Optional.empty(), record.result(), "a phase with nothing to say returns an empty Optional");
    }

    @Test
    void anExceptionStopsTheStepAndTheLaterPhasesDoNotRun() {
        IOException boom = new IOException("no screen");
        AgentStep<Agent, String, String, String> failsToObserve = AgentStep.<Agent, String>observe((a, c) -> {
                    throw boom;
                })
                .ask((a, c, o) -> note(a, "ask"))
                .act((a, c, d) -> note(a, "act"))
                .remember((a, c, s) -> note(a, "remember"));

        assertSame(boom, assertThrows(IOException.class, () -> failsToObserve.run(agent, context)));
        assertEquals(List.of(), agent.ran);

        IllegalStateException refused = new IllegalStateException("the command was refused");
        AgentStep<Agent, String, String, String> failsToAct = AgentStep.<Agent, String>observe(
                        (a, c) -> note(a, "observe"))
                .ask((a, c, o) -> note(a, "ask"))
                .<String>act((a, c, d) -> {
                    throw refused;
                })
                .remember((a, c, s) -> note(a, "remember"));

        assertSame(refused, assertThrows(IllegalStateException.class, () -> failsToAct.run(agent, context)));
        assertEquals(List.of("observe", "ask"), agent.ran, "memory is not updated after a failed action");
    }

    @Test
    void anInterruptFromAPhaseReachesTheCaller() {
        AgentStep<Agent, String, String, String> step = AgentStep.<Agent, String>observe((a, c) -> "seen")
                .<String>ask((a, c, o) -> {
                    throw new InterruptedException("cancelled while waiting for the model");
                })
                .act((a, c, d) -> note(a, "act"))
                .remember((a, c, s) -> note(a, "remember"));

        assertThrows(InterruptedException.class, () -> step.run(agent, context));
        assertEquals(List.of(), agent.ran);
    }

    @Test
    void observeRunsTheFirstPhaseAlone() throws Exception {
        context.put(Context.REQUEST, "re-annotate");

        assertEquals("screen of re-annotate", noting().observe(agent, context));

        assertEquals(List.of("observe"), agent.ran);
    }

    @Test
    void aNullFromAPhaseIsAnErrorNamingThePhase() {
        AgentStep<Agent, String, String, String> nullObservation = AgentStep.<Agent, String>observe((a, c) -> null)
                .ask((a, c, o) -> note(a, "ask"))
                .act((a, c, d) -> note(a, "act"))
                .remember((a, c, s) -> {});
        AgentStep<Agent, String, String, String> nullDecision = AgentStep.<Agent, String>observe((a, c) -> "seen")
                .ask((a, c, o) -> (String) null)
                .act((a, c, d) -> note(a, "act"))
                .remember((a, c, s) -> {});
        AgentStep<Agent, String, String, String> nullResult = AgentStep.<Agent, String>observe((a, c) -> "seen")
                .ask((a, c, o) -> "decided")
                .act((a, c, d) -> (String) null)
                .remember((a, c, s) -> note(a, "remember"));

        assertNullNamed("DATA_COLLECTION", () -> nullObservation.run(agent, context));
        assertNullNamed("DATA_COLLECTION", () -> nullObservation.observe(agent, context));
        assertNullNamed("LLM_INTERACTION", () -> nullDecision.run(agent, context));
        assertNullNamed("ACTION_EXECUTION", () -> nullResult.run(agent, context));
        assertEquals(List.of(), agent.ran, "no phase runs after the one that returned null");
    }

    private static void assertNullNamed(String phase, org.junit.jupiter.api.function.Executable run) {
        NullPointerException e = assertThrows(NullPointerException.class, run);
        assertEquals(
                "the " + phase + " phase returned null; return a value (an empty Optional when there is nothing)",
                e.getMessage());
    }

    private static String note(Agent agent, String phase) {
        agent.ran.add(phase);
        return phase;
    }
}
