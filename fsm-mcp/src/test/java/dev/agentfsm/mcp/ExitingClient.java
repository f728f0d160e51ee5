package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.Action;
import java.time.Duration;
import java.util.Map;

/**
 * A program that connects the driver to a {@link HostileServer} in mode {@code daemon}, has it start a
 * daemon, prints {@code server PID daemon PID} and then ends without closing the driver, as a program
 * that forgets to or is stopped does: {@code java -cp <test class path> dev.agentfsm.mcp.ExitingClient HOW},
 * HOW being {@code return} (main returns), {@code exit} ({@code System.exit(0)}) or {@code wait} (it
 * waits until it is stopped, e.g. by {@code SIGTERM}).
 */
public final class ExitingClient {
    private ExitingClient() {}

    public static void main(String[] args) throws Exception {
        McpDriver driver = McpDriver.connect(
                HostileClient.endpoint("daemon", ""), McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60)));
        String daemon = driver.execute(new Action("spawn", Map.of()), Duration.ofSeconds(60))
                .output();
        long server =
                ProcessHandle.current().children().findFirst().orElseThrow().pid();
        System.out.println("server " + server + " daemon " + daemon);
        System.out.flush();
        switch (args[0]) {
            case "return" -> {}
            case "exit" -> System.exit(0);
            case "wait" -> Thread.sleep(Long.MAX_VALUE);
            default -> throw new IllegalArgumentException("HOW is return, exit or wait, not " + args[0]);
        }
    }
}
