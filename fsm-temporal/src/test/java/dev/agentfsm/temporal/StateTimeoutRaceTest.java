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

/**
 * A state's declared time-out also bounds its work: the timer wins the race against a step that does
 * not end, the workflow takes the TIMEOUT move, and the abandoned work is interrupted through its
 * heartbeat, as a cancelled embedded round interrupts its thread.
 *
 * <p>On a test server of its own, not the module's shared {@link TestServer}: the workflow moves on
 * without waiting for the abandoned attempt to report its cancellation, and when that report comes
 * after the workflow has ended (GAVE_UP and the session's close run as soon as the interrupted work
 * lets go of the session, racing the report), the test server rejects it and never releases the
 * time-skipping lock it took when it scheduled the attempt. It then skips no time for anyone again,
 * and the next test that waits on a timer (TicketWorkflowTest's hour-long question) hangs. The test
 * needs no time skipping itself: the running attempt holds the clock, so its two seconds are real.
 */
class StateTimeoutRaceTest {

    @Test
    void theTimerWinsAgainstWorkThatDoesNotEndAndTheWorkIsInterrupted() throws Exception {
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            run(env.getWorkflowClient());
        }
    }

    private static void run(WorkflowClient client) throws Exception {
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
            assertTrue(agent.get().interrupted.await(60, TimeUnit.SECONDS), "the abandoned work was interrupted");
            assertEquals(0, worker.sessions().sessions());
        } finally {
            TestServer.terminateRunning(client, List.of("slow"));
        }
    }
}
