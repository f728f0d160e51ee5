package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agents-linux mcp} on stdio, as a process, fed malformed lines: each is answered with a
 * JSON-RPC error and the server goes on; it ends when its input does.
 */
class StdioServerTest {
    /** Failure guards only: the server answers each line at once, and ends when its input does. */
    private static final long ANSWER_GUARD_SECONDS = 60;

    private static final long EXIT_GUARD_SECONDS = 60;
    private static final String END = "(end of output)";

    @TempDir
    Path root;

    @Test
    void aMalformedLineIsAnsweredAndTheServerGoesOnThenEndsWithItsInput() throws Exception {
        Process server = new ProcessBuilder(ShellMcpServerTest.command(CommandDirectories.readable(root))
                        .command())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            OutputStream in = server.getOutputStream();
            BlockingQueue<String> out = lines(server);

            send(in, RawHttp.initialize("stdio test"));
            assertTrue(answer(out).contains("\"id\":1,\"result\""));
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            send(in, "garbage");
            String parseError = answer(out);
            assertTrue(parseError.contains("\"code\":-32700"), parseError);
            assertTrue(parseError.contains("\"id\":null"), parseError);

            send(in, "[1,2]");
            String array = answer(out);
            assertTrue(array.contains("\"code\":-32600"), array);

            send(in, "{\"jsonrpc\":\"2.0\",\"id\":7}");
            String noMethod = answer(out);
            assertTrue(noMethod.contains("\"code\":-32600"), noMethod);
            assertTrue(noMethod.contains("\"id\":7"), noMethod);

            send(in, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
            String pong = answer(out);
            assertTrue(pong.contains("\"id\":8,\"result\":{}"), pong);

            in.close();
            assertTrue(server.waitFor(EXIT_GUARD_SECONDS, TimeUnit.SECONDS), "the server ends when its input ends");
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void requestsSentJustBeforeTheInputEndsAreAnsweredBeforeTheServerEnds() throws Exception {
        Process server = new ProcessBuilder(ShellMcpServerTest.command(CommandDirectories.readable(root))
                        .command())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BlockingQueue<String> out = lines(server);
            OutputStream in = server.getOutputStream();
            // as 'printf ... | agents-linux mcp' sends them: everything, then the end of the input
            send(in, RawHttp.initialize("script"));
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(
                    in,
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                            + "\"execute_command\",\"arguments\":{\"command\":\"ls\"}}}");
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
            in.close();
            List<String> answers = new java.util.ArrayList<>();
            for (String line = next(out); !line.equals(END); line = next(out)) {
                answers.add(line);
            }
            assertEquals(3, answers.size(), answers.toString());
            assertTrue(answers.stream().anyMatch(a -> a.contains("\"id\":1,\"result\"")), answers.toString());
            assertTrue(answers.stream().anyMatch(a -> a.contains("\"id\":2,\"result\"")), answers.toString());
            assertTrue(answers.stream().anyMatch(a -> a.contains("\"id\":3,\"result\"")), answers.toString());
            assertTrue(server.waitFor(EXIT_GUARD_SECONDS, TimeUnit.SECONDS), "the server ends when its input ends");
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
    }

    private static void send(OutputStream in, String line) throws Exception {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** The server's output lines, read on a thread of their own; {@link #END} after the last. */
    private static BlockingQueue<String> lines(Process server) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(reading the server's output failed: " + e + ")");
            }
            lines.add(END);
        });
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    private static String answer(BlockingQueue<String> out) throws Exception {
        String line = next(out);
        assertNotEquals(END, line, "the server closed its output without an answer");
        return line;
    }

    /** The next line, or {@link #END}. */
    private static String next(BlockingQueue<String> out) throws Exception {
        String line = out.poll(ANSWER_GUARD_SECONDS, TimeUnit.SECONDS);
        assertNotNull(line, "no answer from the server");
        return line;
    }
}
