package dev.agentfsm.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.tests.ufo.HostAgent;
import dev.agentfsm.tests.ufo.HostAgentStateManager;
import dev.agentfsm.tests.ufo.HostAgentStatus;
import dev.agentfsm.tests.ufo.ScriptedAgent;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Work that was interrupted usually reaches a state as a wrapped exception (an LLM or driver call
 * that restores the interrupt and throws its own exception). The round is then cancelled, not failed,
 * and the machine's {@code onError} state does not run.
 */
class InterruptedWorkTest {
    private static final RuntimeConfig TEN_STEPS = RuntimeConfig.parse("maxStep: 10");

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    /** What {@code OpenAiCompatibleClient} throws when its thread is interrupted mid-call. */
    private static ScriptedAgent.Step interruptedLlmCall() {
        return (agent, context) -> {
            Thread.currentThread().interrupt();
            throw new LlmException(
                    "Interrupted while waiting for POST http://localhost/v1/chat/completions",
                    new InterruptedException());
        };
    }

    @Test
    void anInterruptWrappedInAnotherExceptionCancelsTheRoundWithoutOnError() {
        LinuxAgent agent = new LinuxAgent().script(interruptedLlmCall());
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .config(TEN_STEPS)
                .build()
                .run();
        assertEquals(Outcome.CANCELLED, result.outcome(), result.reason());
        assertEquals(List.of(LinuxAgentStatus.CONTINUE), result.path());
        assertTrue(
                result.reason().contains("its thread was interrupted while LinuxAgent.CONTINUE ran"), result.reason());
        assertTrue(result.reason().contains("Interrupted while waiting for POST"), result.reason());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
    }

    @Test
    void anInterruptWrappedInAnotherExceptionCancelsTheRoundWithOnError() {
        HostAgent host = new HostAgent().script(interruptedLlmCall());
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .config(TEN_STEPS)
                .build()
                .run();
        assertEquals(Outcome.CANCELLED, result.outcome(), result.reason());
        assertEquals(List.of(HostAgentStatus.CONTINUE), result.path(), "the onError state does not run on a cancel");
        assertTrue(Thread.currentThread().isInterrupted());
    }

    @Test
    void anInterruptedExceptionAsTheCauseCancelsEvenWhenTheFlagWasCleared() {
        LinuxAgent agent = new LinuxAgent().script((ScriptedAgent.Step) (a, c) -> {
            throw new IllegalStateException("worker stopped", new InterruptedException("sleep interrupted"));
        });
        RoundResult result = Round.of(LinuxAgentStateManager.instance(), agent)
                .config(TEN_STEPS)
                .build()
                .run();
        assertEquals(Outcome.CANCELLED, result.outcome(), result.reason());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is restored for the caller");
    }

    @Test
    void anOrdinaryFailureStillGoesToOnError() {
        HostAgent host = new HostAgent().script(new IllegalStateException("no window"));
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .config(TEN_STEPS)
                .build()
                .run();
        assertEquals(Outcome.ERROR, result.outcome(), result.reason());
        assertEquals(HostAgentStatus.ERROR, result.path().get(1));
    }
}
