package dev.agentfsm.mcp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The commands that start a class of the tests ({@link TestServer}, a client) as a child JVM, on this JDK and class path. */
final class TestServers {
    private TestServers() {}

    static McpEndpoint.Stdio endpoint(String mode) {
        return new McpEndpoint.Stdio(java(List.of("-Xshare:auto"), TestServer.class, mode), Map.of(), Optional.empty());
    }

    /** The command that runs {@code main} with {@code args} in a child JVM quick to start, with {@code options}. */
    static List<String> java(List<String> options, Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of(
                "-XX:TieredStopAtLevel=1",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
