package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.Outcome;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A state's declared time-out also bounds its work: the timer wins the race against a step that does
 * not end, the workflow takes the TIMEOUT move, and the abandoned work is interrupted through its
 * heartbeat, as a cancelled embedded round interrupts its thread.
 */
@ExtendWith(TestServer.class)
class StateTimeoutRaceTest {

    @Test
    void theTimerWinsAgainstWorkThatDoesNotEndAndTheWorkIsInterrupted(TestWorkflowEnvironment env) throws Exception {
        WorkflowClient client = env.getWorkflowClient();
        String queue = TestServer.queue();
        AtomicReference<Slow.SlowAgent> agent = new AtomicReference<>();
        StateTimeouts twoSeconds =
                StateTimeouts.of(Map.of(SlowStatus.WORK, new StateTimeout(Duration.ofSeconds(2), SlowStatus.GAVE_UP)));
        StepOptions heartbeatEverySecond = new StepOptions(
                Duration.ofMinutes(10), Duration.ofSeconds(3), Duration.ofMinutes(1), Duration.ofSeconds(1), 3, 3);
        try (TestServer.Worker worker = TestServer.worker(
                client,
                queue,
                (session, machine, user) -> {
                    agent.set(new Slow.SlowAgent());
                    return agent.get();
                },
                builder -> builder.stateTimeouts(twoSeconds).stepOptions(heartbeatEverySecond))) {
            SessionHandle session = SessionClient.of(client, queue).start("slow", SessionRequest.of("Slow", "work"));

            RoundReport round = session.result().rounds().get(0);

            assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
            assertEquals(List.of("Slow.WORK", "Slow.GAVE_UP"), round.path());
            assertEquals(Optional.of("gave up"), round.result());
            assertTrue(agent.get().interrupted.await(10, TimeUnit.SECONDS), "the abandoned work was interrupted");
            assertEquals(0, worker.sessions().sessions());
        } finally {
            TestServer.terminateRunning(client, List.of("slow"));
        }
    }
}
