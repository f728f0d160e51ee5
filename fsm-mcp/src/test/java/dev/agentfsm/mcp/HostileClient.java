package dev.agentfsm.mcp;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ToolSpec;
import dev.agentfsm.runtime.internal.SafeText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The driver against a {@link HostileServer}, in a JVM of its own so that a test can give it a small
 * heap: {@code java -Xmx256m -cp <test class path> dev.agentfsm.mcp.HostileClient MODE ARG TOOL...}
 * connects, calls each TOOL with the argument {@code x: "value"} and prints one line per step: {@code connected: N tools},
 * {@code call T: ok|failed|error ...}, or {@code connect: error ...}. Anything thrown that is not a
 * {@link DriverException} is printed as {@code thrown: CLASS} and the exit code is 2.
 */
public final class HostileClient {
    private HostileClient() {}

    public static void main(String[] args) {
        McpOptions options = McpOptions.DEFAULTS.withStartTimeout(Duration.ofSeconds(60));
        try (McpDriver driver = McpDriver.connect(endpoint(args[0], args[1]), options)) {
            List<String> names = driver.tools().stream().map(ToolSpec::name).toList();
            System.out.println("connected: " + names.size() + " tools " + SafeText.cut(String.join(",", names), 200));
            for (int i = 2; i < args.length; i++) {
                String tool = args[i];
                Duration timeout = Duration.ofSeconds(args[0].equals("silence") && tool.equals("act") ? 3 : 60);
                try {
                    ActionResult result = driver.execute(new Action(tool, Map.of("x", "value")), timeout);
                    System.out.println("call " + tool + ": " + (result.success() ? "ok " : "failed ")
                            + SafeText.line(
                                    result.success()
                                            ? result.output()
                                            : result.reason().orElse(""),
                                    400)
                            + " images=" + McpDriver.images(result).size());
                } catch (DriverException e) {
                    System.out.println("call " + tool + ": error " + e.getMessage());
                }
            }
        } catch (DriverException e) {
            System.out.println("connect: error " + e.getMessage());
        } catch (Throwable e) {
            System.out.println("thrown: " + e.getClass().getName());
            System.out.flush();
            Runtime.getRuntime().halt(2);
        }
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    static McpEndpoint.Stdio endpoint(String mode, String arg) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new McpEndpoint.Stdio(
                List.of(
                        java,
                        "-Xshare:auto",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        HostileServer.class.getName(),
                        mode,
                        arg),
                Map.of(),
                Optional.empty());
    }
}
