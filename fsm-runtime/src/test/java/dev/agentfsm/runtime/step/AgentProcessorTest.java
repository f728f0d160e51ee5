package dev.agentfsm.runtime.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.BaseAgent;
import dev.agentfsm.runtime.Context;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentProcessorTest {
    private static final Context.Key<String> REPLY = Context.Key.of("reply");

    private static final class Agent extends BaseAgent {
        final List<String> ran = new ArrayList<>();

        Agent() {
            super("agent");
        }
    }

    private final Agent agent = new Agent();
    private final Context context = new Context();

    private static PhaseStrategy<Agent> note(String name) {
        return (agent, step) -> agent.ran.add(name);
    }

    @Test
    void phasesRunInPhaseOrderWhateverTheOrderTheyWereAddedIn() throws Exception {
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.MEMORY_UPDATE, note("memory"), false)
                .phase(Phase.DATA_COLLECTION, note("observe"), true)
                .phase(Phase.LLM_INTERACTION, note("ask"), true)
                .build();
        ProcessResult result = processor.process(agent, context);
        assertEquals(List.of("observe", "ask", "memory"), agent.ran);
        assertEquals(List.of(Phase.DATA_COLLECTION, Phase.LLM_INTERACTION, Phase.MEMORY_UPDATE),
                List.copyOf(result.timings().keySet()), "every phase that ran is timed, in order");
        assertTrue(result.succeeded());
        assertEquals(List.of(Phase.DATA_COLLECTION, Phase.LLM_INTERACTION, Phase.MEMORY_UPDATE),
                List.copyOf(processor.phases()));
    }

    @Test
    void phasesOfOneStepShareTheLocalContextAndTheSessionContext() throws Exception {
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.LLM_INTERACTION, (a, step) -> step.local().put(REPLY, "CONTINUE"), true)
                .phase(Phase.ACTION_EXECUTION, (a, step) -> step.global().put(Context.ROUND_RESULT,
                        step.local().require(REPLY)), true)
                .build();
        processor.process(agent, context);
        assertEquals("CONTINUE", context.require(Context.ROUND_RESULT));
        assertEquals(java.util.Optional.empty(), context.get(REPLY), "step-local values stay local");
    }

    @Test
    void aFailFastPhaseThrowsAndStopsTheStep() {
        IOException boom = new IOException("no screen");
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.DATA_COLLECTION, (a, step) -> {
                    throw boom;
                }, true)
                .phase(Phase.LLM_INTERACTION, note("ask"), true)
                .build();
        assertSame(boom, assertThrows(IOException.class, () -> processor.process(agent, context)));
        assertEquals(List.of(), agent.ran);
    }

    @Test
    void anotherPhaseFailureIsRecordedAndThePipelineGoesOn() throws Exception {
        IllegalStateException boom = new IllegalStateException("memory full");
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.ACTION_EXECUTION, (a, step) -> {
                    throw boom;
                }, false)
                .phase(Phase.MEMORY_UPDATE, note("memory"), false)
                .build();
        ProcessResult result = processor.process(agent, context);
        assertEquals(List.of("memory"), agent.ran);
        assertSame(boom, result.failures().get(Phase.ACTION_EXECUTION));
        assertEquals(2, result.timings().size(), "a failed phase is timed too");
        assertTrue(!result.succeeded());
    }

    @Test
    void anInterruptIsAlwaysThrownEvenFromAPhaseThatIsNotFailFast() {
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.ACTION_EXECUTION, (a, step) -> {
                    throw new InterruptedException();
                }, false)
                .build();
        assertThrows(InterruptedException.class, () -> processor.process(agent, context));
    }

    @Test
    void aPhaseRunsAlone() throws Exception {
        AgentProcessor<Agent> processor = AgentProcessor.<Agent>builder()
                .phase(Phase.DATA_COLLECTION, note("observe"), true)
                .phase(Phase.LLM_INTERACTION, note("ask"), true)
                .build();
        ProcessResult result = processor.run(Phase.DATA_COLLECTION, agent, context);
        assertEquals(List.of("observe"), agent.ran);
        assertEquals(List.of(Phase.DATA_COLLECTION), List.copyOf(result.timings().keySet()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> processor.run(Phase.MEMORY_UPDATE, agent, context));
        assertEquals("this processor has no MEMORY_UPDATE phase; it has [DATA_COLLECTION, LLM_INTERACTION]. "
                + "Configure it with builder().phase(Phase.MEMORY_UPDATE, ...)", e.getMessage());
    }

    @Test
    void aPhaseHasOneStrategy() {
        AgentProcessor.Builder<Agent> builder = AgentProcessor.<Agent>builder()
                .phase(Phase.DATA_COLLECTION, note("a"), true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> builder.phase(Phase.DATA_COLLECTION, note("b"), true));
        assertTrue(e.getMessage().startsWith("phase DATA_COLLECTION already has a strategy"), e.getMessage());
    }
}
