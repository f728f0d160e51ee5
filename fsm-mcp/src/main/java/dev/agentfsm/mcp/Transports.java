package dev.agentfsm.mcp;

import dev.agentfsm.runtime.SafeText;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.ProcessTree;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SDK's transports for an {@link McpEndpoint}, and what the driver needs of a server it starts:
 * that the program is there, its process (to kill its tree), and the last lines of its stderr.
 */
final class Transports {
    private static final Logger LOG = LoggerFactory.getLogger(Transports.class);
    private static final int STDERR_LINES = 5;
    private static final int REASON_CHARS = 300;
    private static final long STDERR_GRACE_MILLIS = 150;

    private Transports() {}

    /** A program that is not there fails at once, not after the start time-out. */
    static void checkProgram(McpEndpoint endpoint, String name) throws DriverException {
        if (!(endpoint instanceof McpEndpoint.Stdio stdio)) {
            return;
        }
        String program = stdio.command().get(0);
        boolean found = program.contains("/")
                ? Files.isExecutable(stdio.directory().orElse(Path.of("")).resolve(program))
                : Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                        .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
        if (!found) {
            throw new DriverException(name + ": could not start the MCP server: '" + SafeText.line(program, 200)
                    + "' is not an executable file" + (program.contains("/") ? "" : " on the PATH")
                    + "; install it or give its path");
        }
    }

    static McpClientTransport transport(McpEndpoint endpoint, Deque<String> stderr) {
        if (endpoint instanceof McpEndpoint.Http http) {
            String url = http.url().toString();
            String path =
                    http.url().getRawPath() == null || http.url().getRawPath().isEmpty()
                            ? "/"
                            : http.url().getRawPath();
            String base = url.substring(0, url.indexOf(path, url.indexOf("//") + 2));
            return HttpClientStreamableHttpTransport.builder(base)
                    .endpoint(path)
                    .build();
        }
        McpEndpoint.Stdio stdio = (McpEndpoint.Stdio) endpoint;
        ServerParameters parameters = ServerParameters.builder(stdio.command().get(0))
                .args(stdio.command().subList(1, stdio.command().size()))
                .env(stdio.environment())
                .build();
        StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper()) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
                ProcessBuilder builder = super.getProcessBuilder();
                stdio.directory().ifPresent(d -> builder.directory(d.toFile()));
                return builder;
            }
        };
        transport.setStdErrorHandler(line -> {
            LOG.debug("{} stderr: {}", endpoint.label(), line);
            synchronized (stderr) {
                stderr.addLast(line);
                while (stderr.size() > STDERR_LINES) {
                    stderr.removeFirst();
                }
            }
        });
        return transport;
    }

    /** The newest lines of the server's stderr that fit in a reason, oldest first, on one line. */
    private static String lastLines(Deque<String> stderr) {
        List<String> shown = new ArrayList<>();
        int length = 0;
        synchronized (stderr) {
            for (var lines = stderr.descendingIterator(); lines.hasNext() && length < REASON_CHARS; ) {
                String line = SafeText.line(lines.next().strip(), REASON_CHARS);
                shown.add(0, line);
                length += line.length() + 3;
            }
        }
        return SafeText.cut(String.join(" | ", shown), REASON_CHARS * 2);
    }

    /**
     * What a server that just died wrote last, as {@code "; its stderr: ..."} to end a reason with, or
     * empty when it wrote nothing. Gives the transport a moment to read the last lines first.
     */
    static String stderrTail(Deque<String> stderr) {
        try {
            Thread.sleep(STDERR_GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String lastLines = lastLines(stderr);
        return lastLines.isEmpty() ? "" : "; its stderr: " + lastLines;
    }

    /**
     * The process a stdio transport started. The SDK keeps it in a private field and offers no
     * accessor; without it the driver could not kill the server's children on close.
     */
    static Optional<ProcessHandle> processOf(McpClientTransport transport) {
        if (!(transport instanceof StdioClientTransport)) {
            return Optional.empty();
        }
        try {
            Field field = StdioClientTransport.class.getDeclaredField("process");
            field.setAccessible(true);
            Object process = field.get(transport);
            return process instanceof Process p ? Optional.of(p.toHandle()) : Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("cannot reach the MCP server's process to kill its children on close: {}", e.toString());
            return Optional.empty();
        }
    }

    static void kill(ProcessHandle process) {
        try {
            ProcessTree.kill(process);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
