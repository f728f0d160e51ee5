package dev.agentfsm.temporal;

import io.grpc.StatusRuntimeException;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * Connects to a Temporal service, and says so in one line when it cannot: a worker or a client that
 * starts without a service should stop at once with the address and the fix, not retry in its logs.
 *
 * <pre>{@code
 * WorkflowServiceStubs service = TemporalService.connect(TemporalService.LOCAL, Duration.ofSeconds(5));
 * WorkflowClient client = WorkflowClient.newInstance(service);
 * }</pre>
 */
public final class TemporalService {
    /** Where {@code temporal server start-dev} listens. */
    public static final String LOCAL = "127.0.0.1:7233";

    private TemporalService() {}

    /**
     * The service at {@code target} ({@code host:port}), checked to answer within {@code timeout}.
     *
     * @throws IllegalArgumentException if {@code timeout} is under 2 ms
     * @throws TemporalUnavailableException when it does not; its message is one line naming the address and the fix
     */
    public static WorkflowServiceStubs connect(String target, Duration timeout) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.toMillis() < 2) {
            throw new IllegalArgumentException("a connection time-out must be at least 2 ms; got " + timeout);
        }
        WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(target)
                // the server's capabilities are asked for before the health check: half the time each
                .setSystemInfoTimeout(timeout.dividedBy(2))
                .build());
        try {
            service.connect(timeout.dividedBy(2));
            return service;
        } catch (RuntimeException e) {
            service.shutdownNow();
            throw new TemporalUnavailableException(target, timeout, why(e), e);
        }
    }

    private static String why(RuntimeException e) {
        String why = e instanceof StatusRuntimeException status
                ? status.getStatus().getCode()
                        + (status.getStatus().getDescription() == null
                                ? ""
                                : ": " + status.getStatus().getDescription())
                : e.toString();
        return why.replaceAll("\\s+", " ").strip();
    }

    /** The Temporal service could not be reached; the message is one line with the address and the fix. */
    public static final class TemporalUnavailableException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TemporalUnavailableException(String target, Duration timeout, String why, Throwable cause) {
            super(
                    "cannot reach the Temporal service at " + target + " within " + seconds(timeout) + " (" + why
                            + "); start one on this machine with `temporal server start-dev`, or give the address"
                            + " (host:port) of your Temporal cluster",
                    cause);
        }

        private static String seconds(Duration timeout) {
            return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
        }
    }
}
