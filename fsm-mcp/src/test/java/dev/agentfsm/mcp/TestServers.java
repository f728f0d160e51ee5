package dev.agentfsm.mcp;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The command that starts {@link TestServer} as a child process, on this JVM and test class path. */
final class TestServers {
    private TestServers() {}

    static McpEndpoint.Stdio endpoint(String mode) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new McpEndpoint.Stdio(
                List.of(
                        java,
                        "-Xshare:auto",
                        "-XX:TieredStopAtLevel=1",
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                        "-cp",
                        System.getProperty("java.class.path"),
                        TestServer.class.getName(),
                        mode),
                Map.of(),
                Optional.empty());
    }
}
