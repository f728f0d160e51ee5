package dev.agentfsm.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.temporal.testserver.TestServer.PortBoundTestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The example program against a Temporal service reached over the network, as a real one is: the
 * test server bound to a port, with its clock running as a real service's does.
 */
class LinuxAgentOnTemporalTest {

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void aWorkerAndAClientRunTheDemoOverTheNetwork() throws Exception {
        int port = freePort();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PortBoundTestServer server = io.temporal.testserver.TestServer.createPortBoundServer(port);
        try {
            int exit = LinuxAgentOnTemporal.run(
                    new String[] {"both", "127.0.0.1:" + port},
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));

            String printed = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, exit, printed + err.toString(StandardCharsets.UTF_8));
            assertTrue(
                    printed.contains("COMPLETED after 6 states: LinuxAgent.CONTINUE -> LinuxAgent.CONTINUE"), printed);
            assertTrue(printed.contains("result: 2 log files: logs/app.log has 3 ERROR lines"), printed);
        } finally {
            server.close();
        }
    }

    @Test
    void inProcessTheDemoRunsOnTheTestServerWithNoService() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = LinuxAgentOnTemporal.run(
                new String[] {"in-process"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, printed + err.toString(StandardCharsets.UTF_8));
        assertTrue(printed.startsWith("Temporal's in-process test server"), printed);
        assertTrue(printed.contains("COMPLETED after 6 states: LinuxAgent.CONTINUE -> LinuxAgent.CONTINUE"), printed);
        assertTrue(printed.contains("result: 2 log files: logs/app.log has 3 ERROR lines"), printed);
    }

    @Test
    void withoutAServiceItSaysSoInOneLineAndStops() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = LinuxAgentOnTemporal.run(
                new String[] {"start", "127.0.0.1:" + freePort()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit);
        assertEquals(1, printed.lines().count(), printed);
        assertTrue(printed.startsWith("cannot reach the Temporal service at 127.0.0.1:"), printed);
    }
}
