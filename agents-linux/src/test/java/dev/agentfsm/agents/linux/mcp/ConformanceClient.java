package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.mcp.McpDriver;
import dev.agentfsm.mcp.McpEndpoint;
import dev.agentfsm.mcp.McpOptions;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.ToolSpec;
import java.time.Duration;
import java.util.Map;

/**
 * fsm-mcp's client as the command the MCP conformance suite starts for its client scenarios:
 * {@code ConformanceClient <server url>}, with the scenario in {@code MCP_CONFORMANCE_SCENARIO}. It
 * connects (the {@code initialize} handshake), lists the tools, and in {@code tools_call} calls
 * {@code add_numbers} as an agent would, through {@link McpDriver#execute}. Exit code 0 when it did.
 */
public final class ConformanceClient {
    private ConformanceClient() {}

    public static void main(String[] args) throws Exception {
        String url = args[args.length - 1];
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "initialize");
        try (McpDriver driver = McpDriver.connect(McpEndpoint.http(url), McpOptions.DEFAULTS)) {
            System.out.println("connected to " + driver.serverName() + ": "
                    + driver.tools().stream().map(ToolSpec::name).toList());
            if (scenario.equals("tools_call")) {
                ActionResult result =
                        driver.execute(new Action("add_numbers", Map.of("a", 2, "b", 3)), Duration.ofSeconds(10));
                System.out.println("add_numbers(2, 3): " + result);
                if (!result.success()) {
                    System.exit(1);
                }
            }
        }
    }
}
