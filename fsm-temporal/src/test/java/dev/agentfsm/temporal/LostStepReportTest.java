package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentfsm.runtime.Outcome;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.WorkflowClient;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A step whose work ran to its end on the worker, but whose report never reached the workflow (the
 * worker's answer lost on the way, or refused because it came after the start-to-close time-out), is
 * tried again by the workflow; the worker that ran it gives the same report again instead of running
 * the state's work, and so its action, a second time.
 */
@ExtendWith(TestServer.class)
class LostStepReportTest {

    /** Loses the report of the {@code lose}th step: the work runs to its end, then the attempt fails. */
    private static final class LosesAReport extends WorkerInterceptorBase {
        private final int lose;
        final AtomicInteger steps = new AtomicInteger();

        LosesAReport(int lose) {
            this.lose = lose;
        }

        @Override
        public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
            return new ActivityInboundCallsInterceptorBase(next) {
                private String type = "";

                @Override
                public void init(ActivityExecutionContext context) {
                    type = context.getInfo().getActivityType();
                    super.init(context);
                }

                @Override
                public ActivityOutput execute(ActivityInput input) {
                    ActivityOutput output = super.execute(input);
                    if (type.startsWith(SessionActivities.RUN) && steps.incrementAndGet() == lose) {
                        throw ApplicationFailure.newFailure("the step's report was lost", "ReportLost");
                    }
                    return output;
                }
            };
        }
    }

    @Test
    void aRetryOfAStepThatRanToItsEndGetsItsReportWithoutRunningItAgain(TestWorkflowEnvironment env) {
        WorkflowClient client = env.getWorkflowClient();
        String queue = TestServer.queue();
        String id = "lost-report";
        LosesAReport interceptor = new LosesAReport(2);
        WorkerFactory factory = WorkerFactory.newInstance(
                client,
                WorkerFactoryOptions.newBuilder()
                        .setWorkerInterceptors(interceptor)
                        .build());
        try {
            SessionWorker.builder(factory, queue, (session, machine, user) -> new Counter.CounterAgent(3))
                    .register();
            factory.start();
            RoundReport round = SessionClient.of(client, queue)
                    .start(id, SessionRequest.of("Counter", "count"))
                    .result()
                    .rounds()
                    .get(0);

            assertEquals(Outcome.COMPLETED, round.outcome(), round.reason());
            assertEquals(
                    List.of("Counter.COUNT", "Counter.COUNT", "Counter.COUNT", "Counter.FINISH"),
                    round.path(),
                    "each COUNT counted once: the second, whose report was lost, was not counted again");
            assertEquals(Optional.of("counted to 3"), round.result());
            assertEquals(5, interceptor.steps.get(), "four steps and the lost report's retry reached the worker");
        } finally {
            factory.shutdownNow();
            factory.awaitTermination(10, TimeUnit.SECONDS);
            TestServer.terminateRunning(client, List.of(id));
        }
    }
}
