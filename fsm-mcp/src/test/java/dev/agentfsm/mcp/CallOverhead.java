package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * A measurement, run by hand (not a test): what one tool call costs the client over the server's own
 * time. {@link TestServer}'s {@code timed} tool answers how long its handler ran; the call's round trip
 * through {@link McpDriver#execute} minus that is the client's and the transport's overhead. The same
 * round trip through the SDK's own client alone shows what the driver adds (schema check, result
 * conversion, the time-out watch).
 *
 * <pre>{@code
 * java -cp "fsm-mcp/target/test-classes:fsm-mcp/target/classes:$(cat classpath)" dev.agentfsm.mcp.CallOverhead [calls]
 * }</pre>
 */
public final class CallOverhead {
    private CallOverhead() {}

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        McpEndpoint.Stdio endpoint = TestServers.endpoint("serve");
        long[] overhead = new long[calls];
        long[] driverTrip = new long[calls];
        try (McpDriver driver = McpDriver.connect(endpoint, McpOptions.DEFAULTS)) {
            for (int i = 0; i < calls + 500; i++) {
                long start = System.nanoTime();
                ActionResult result = driver.execute(new Action("timed", Map.of("text", "x")), Duration.ofSeconds(10));
                long trip = System.nanoTime() - start;
                if (i >= 500) {
                    driverTrip[i - 500] = trip;
                    overhead[i - 500] = trip - Long.parseLong(result.output());
                }
            }
        }
        long[] sdkTrip = new long[calls];
        StdioClientTransport transport = new StdioClientTransport(
                ServerParameters.builder(endpoint.command().get(0))
                        .args(endpoint.command().subList(1, endpoint.command().size()))
                        .build(),
                McpJsonDefaults.getMapper());
        try (McpSyncClient client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10)).build()) {
            client.initialize();
            for (int i = 0; i < calls + 500; i++) {
                long start = System.nanoTime();
                client.callTool(new McpSchema.CallToolRequest("timed", Map.of("text", "x")));
                if (i >= 500) {
                    sdkTrip[i - 500] = System.nanoTime() - start;
                }
            }
        }
        System.out.printf(
                "%d calls of a tool whose handler takes microseconds, over stdio, after 500 warm-up calls%n", calls);
        print("McpDriver.execute round trip", driverTrip);
        print("  minus the server's own handler time", overhead);
        print("the SDK's client alone, round trip", sdkTrip);
    }

    private static void print(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "%-40s p50 %6.0f us  p90 %6.0f us  p99 %6.0f us%n",
                what,
                sorted[sorted.length / 2] / 1e3,
                sorted[sorted.length * 9 / 10] / 1e3,
                sorted[sorted.length * 99 / 100] / 1e3);
    }
}
