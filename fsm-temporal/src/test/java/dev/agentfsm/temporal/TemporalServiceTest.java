package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A Temporal service that cannot be reached is one clear line, at once, naming the address and the fix. */
class TemporalServiceTest {

    @Test
    void aClosedPortIsOneLineNamingTheAddressAndTheFix() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // free once closed: nothing listens there
        }
        String target = "127.0.0.1:" + port;
        // a first attempt loads gRPC and the SDK, which on a loaded machine can take seconds: only the
        // second attempt is timed, so the bound below measures the time-outs and not the class loading
        assertThrows(
                TemporalService.TemporalUnavailableException.class,
                () -> TemporalService.connect(target, Duration.ofMillis(1500)));
        long started = System.nanoTime();

        TemporalService.TemporalUnavailableException e = assertThrows(
                TemporalService.TemporalUnavailableException.class,
                () -> TemporalService.connect(target, Duration.ofMillis(1500)));

        Duration took = Duration.ofNanos(System.nanoTime() - started);
        // the SDK alone would first spend its 5 s system-info time-out, then the connect time-out
        assertTrue(took.compareTo(Duration.ofSeconds(5)) < 0, "it gives up after its own time-out: " + took);
        String message = e.getMessage();
        assertFalse(message.contains("\n"), "one line: " + message);
        assertTrue(message.startsWith("cannot reach the Temporal service at " + target + " within 1500 ms ("), message);
        assertTrue(
                message.endsWith("); start one on this machine with `temporal server start-dev`, or give the"
                        + " address (host:port) of your Temporal cluster"),
                message);
    }
}
