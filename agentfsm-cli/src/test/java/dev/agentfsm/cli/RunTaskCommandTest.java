package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentfsm.agents.linux.shell.CommandDirectories;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} against an in-process OpenAI-compatible server with scripted replies. */
class RunTaskCommandTest {

    @TempDir
    Path root;

    @BeforeEach
    void letCommandsRead() {
        CommandDirectories.readable(root); // as root, commands run as user nobody
    }

    @Test
    void runsATaskWithAModelOverHttp() throws Exception {
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path trace = root.resolve("../" + root.getFileName() + "-trace.jsonl").normalize();
        try (ChatServer server = new ChatServer(RunArgs.LIST, RunArgs.DONE)) {
            Cli cli = RunArgs.run(
                    server.baseUrl(), root, trace, "--task", "Which files are here?", "--api-key-env", "HOME");

            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("\nsandbox: commands run as "), cli.out());
            assertTrue(cli.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, "), cli.out());
            assertTrue(cli.out().contains("\n        hello.txt\n"), cli.out());
            assertTrue(cli.out().contains("\nstep 2  CONTINUE -> FINISH  (no command)  ["), cli.out());
            assertTrue(
                    cli.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"),
                    cli.out());
            assertTrue(cli.out().contains("\nresult: The directory holds hello.txt.\n"), cli.out());
            assertEquals(4, Files.readAllLines(trace).size(), "2 transitions, FINISH's subtask end, the round end");

            List<ChatServer.Request> requests = server.requests();
            assertEquals(2, requests.size());
            assertEquals("/v1/chat/completions", requests.get(0).path());
            assertEquals("m", requests.get(0).body().path("model").asText());
            assertEquals("Bearer " + System.getenv("HOME"), requests.get(0).authorization());
            assertTrue(
                    requests.get(0).lastUserText().contains("Which files are here?"),
                    requests.get(0).lastUserText());
            // the second prompt carries the first command's real output
            assertTrue(
                    requests.get(1).lastUserText().contains("step 1: ls -1\nexit code: 0\nstdout:\nhello.txt\n"),
                    requests.get(1).lastUserText());
        } finally {
            Files.deleteIfExists(trace);
        }
    }

    @Test
    void aShellConfigurationFileExtendsTheAllowList() throws Exception {
        Files.createDirectory(root.resolve("work"));
        Path config = Files.writeString(root.resolve("shell.yaml"), "root: work\nallowUnsafe: [env]\n");
        String env = RunArgs.LIST.replace("ls -1", "env");
        try (ChatServer server = new ChatServer(env, RunArgs.DONE)) {
            Cli cli = Cli.run(
                    "run",
                    "--task",
                    "show the environment",
                    "--base-url",
                    server.baseUrl(),
                    "--model",
                    "m",
                    "--shell-config",
                    config.toString(),
                    "--trace",
                    root.resolve("trace.jsonl").toString());

            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("\nroot:  " + root.resolve("work") + " "), cli.out());
            // admitted by the allow-list, so asked about; with no terminal and no journal, nobody approves it
            assertTrue(
                    cli.out().contains("\nconfirm: commands allowed as unsafe (env) run only once approved"),
                    cli.out());
            assertTrue(cli.out().contains("\n        not run: the user rejected running 'env'"), cli.out());
            assertFalse(cli.out().contains("not on the allow-list"), cli.out());
        }
    }

    /** A reply of the model: a thought, a command (or none) and a result, written as JSON escapes them. */
    private static String reply(String thought, String command, String status, String result) {
        ObjectMapper json = new ObjectMapper();
        ObjectNode reply = json.createObjectNode().put("observation", "").put("thought", thought);
        ObjectNode action = reply.putObject("action");
        action.put("function", command.isEmpty() ? "" : "execute_command");
        ObjectNode arguments = action.putObject("arguments");
        if (!command.isEmpty()) {
            arguments.put("command", command);
        }
        action.put("status", status);
        reply.putArray("plan");
        reply.put("result", result);
        return reply.toString();
    }

    /** Whether {@code text} holds a character a terminal acts on: C0 but the newline, DEL, C1, bidi controls. */
    private static boolean hasControls(String text) {
        return text.chars()
                .anyMatch(c -> (c < 0x20 && c != '\n')
                        || (c >= 0x7f && c <= 0x9f)
                        || (c >= 0x202a && c <= 0x202e)
                        || (c >= 0x2066 && c <= 0x2069));
    }

    @Test
    void whatTheModelAndTheCommandsWroteCannotDriveTheTerminalAndIsCut() throws Exception {
        Files.writeString(root.resolve("evil.txt"), "\u001B[2J\u001B[Hcleared\u009B31m\u202Eeulb\u0007\n");
        String clipboard = "\u001B]52;c;cm0gLXJmIH4=\u0007";
        String hugeCommand = "cat " + "x".repeat(3 * 1024 * 1024);
        String hugeResult = ("done " + clipboard + "\n").repeat(200_000);
        try (ChatServer server = new ChatServer(
                reply("set the title " + clipboard + "\u001B]0;owned\u0007", "cat evil.txt", "CONTINUE", ""),
                reply("now a long one", hugeCommand, "CONTINUE", ""),
                reply("done", "", "FINISH", hugeResult))) {
            Cli cli = RunArgs.run(server.baseUrl(), root, root.resolve("trace.jsonl"), "--task", "read evil.txt");

            assertEquals(0, cli.exitCode(), cli.err());
            assertTrue(!hasControls(cli.out()), "a raw control character was printed");
            assertTrue(
                    cli.out()
                            .contains(
                                    "thought: set the title \\u001b]52;c;cm0gLXJmIH4=\\u0007\\u001b]0;owned\\u0007\n"),
                    cli.out());
            assertTrue(
                    cli.out().contains("\n        \\u001b[2J\\u001b[Hcleared\\u009b31m\\u202eeulb\\u0007\n"),
                    cli.out());
            assertTrue(
                    cli.out().contains("$ cat " + "x".repeat(196) + "... (" + hugeCommand.length() + " chars)"),
                    "the 3 MB command is cut");
            assertTrue(
                    cli.out().contains("\nresult: done \\u001b]52;c;cm0gLXJmIH4=\\u0007\n        done "), "the result");
            assertTrue(cli.out().contains("\n        ... (199980 more lines)\n"), "the 5 MB result is cut");
            assertTrue(cli.out().length() < 20_000, cli.out().length() + " characters printed");
        }
    }

    @Test
    void aHugeServerErrorIsShortInTheConsoleAndTheTrace() throws Exception {
        Path trace = root.resolve("trace.jsonl");
        try (ChatServer server = new ChatServer().failing(400, "\u001B]52;c;" + "e".repeat(15 * 1024 * 1024))) {
            Cli cli = RunArgs.run(server.baseUrl(), root, trace, "--task", "anything");

            assertEquals(1, cli.exitCode(), cli.err());
            assertTrue(cli.out().length() < 10_000, cli.out().length() + " characters printed");
            assertTrue(cli.out().contains("answered HTTP 400: \\u001b]52;c;eee"), cli.out());
            assertTrue(cli.out().contains("e... (15728647 chars)"), cli.out());
            assertTrue(!hasControls(cli.out()), cli.out());
            for (String line : Files.readAllLines(trace, StandardCharsets.UTF_8)) {
                assertTrue(line.length() < 10_000, line.length() + " characters in a trace line");
            }
        }
    }

    @Test
    void aBaseUrlWithAPasswordIsRefusedWithoutEchoingIt() {
        Cli cli = RunArgs.run(
                "https://alice:s3cr3t@api.example.com/v1", root, root.resolve("trace.jsonl"), "--task", "anything");

        assertEquals(AgentFsmCli.USAGE, cli.exitCode(), cli.out() + cli.err());
        assertTrue(
                cli.err().contains("--base-url holds a user name or password (user:password@); remove it"), cli.err());
        assertTrue(!cli.err().contains("s3cr3t") && !cli.out().contains("s3cr3t"), cli.err());
    }

    @Test
    void allowUnsafeAddsACommandThatAllowRefusesAndThatRunsOnceApproved() throws Exception {
        String env = RunArgs.LIST.replace("ls -1", "env");
        Path journal = root.resolve("run.journal");
        try (ChatServer server = new ChatServer(env, RunArgs.DONE)) {
            Cli asked = RunArgs.run(
                    server.baseUrl(),
                    root,
                    root.resolve("trace.jsonl"),
                    "--task",
                    "show the environment",
                    "--allow-unsafe",
                    "env",
                    "--journal",
                    journal.toString());
            assertEquals(AgentFsmCli.WAITING, asked.exitCode(), asked.out() + asked.err());
            assertTrue(asked.out().contains("\nwaiting: run 'env'? "), asked.out());

            Cli approved = RunArgs.run(
                    server.baseUrl(),
                    root,
                    root.resolve("trace.jsonl"),
                    "--allow-unsafe",
                    "env",
                    "--resume",
                    journal.toString(),
                    "--answer",
                    "yes");

            assertEquals(0, approved.exitCode(), approved.out() + approved.err());
            assertTrue(approved.out().contains("\n        PATH=/usr/bin:/bin\n"), approved.out());
        }
    }

    @Test
    void anAgentThatGivesUpExitsOne() throws Exception {
        String fail =
                """
                {"observation": "", "thought": "needs root",
                 "action": {"function": "", "arguments": {}, "status": "FAIL"},
                 "plan": [], "result": "Installing packages needs root; not done."}""";
        try (ChatServer server = new ChatServer(fail)) {
            Cli cli = RunArgs.run(server.baseUrl(), root, root.resolve("trace.jsonl"), "--task", "install nginx");

            assertEquals(1, cli.exitCode(), cli.out() + cli.err());
            assertTrue(
                    cli.out()
                            .contains("\nround COMPLETED after 3 states: CONTINUE -> FAIL -> FINISH\n"
                                    + "the agent gave up (FAIL): the task was not done\n"
                                    + "result: Installing packages needs root; not done.\n"),
                    cli.out());
        }
    }

    @Test
    void anUnreachableModelEndsTheRoundAsAnErrorNamingTheEndpoint() throws Exception {
        int port;
        try (java.net.ServerSocket closed =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Cli cli = RunArgs.run(
                "http://127.0.0.1:" + port + "/v1",
                root,
                root.resolve("trace.jsonl"),
                "--task",
                "anything",
                "--timeout",
                "5");

        assertEquals(1, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.out().contains("\nround ERROR after 3 states: CONTINUE -> FAIL -> FINISH\n"), cli.out());
        assertTrue(cli.out().contains("http://127.0.0.1:" + port + "/v1/chat/completions"), cli.out());
    }

    @Test
    void aModelThatNeverRepliesInShapeEndsTheRoundAsAnErrorWithExitOne() throws Exception {
        try (ChatServer server = new ChatServer("not json", "still not json", "{}", "nope")) {
            Cli cli = RunArgs.run(server.baseUrl(), root, root.resolve("trace.jsonl"), "--task", "anything");

            assertEquals(1, cli.exitCode(), cli.out() + cli.err());
            assertEquals(4, server.requests().size(), "one ask and jsonParsingRetry (3) corrective re-asks");
            assertTrue(cli.out().contains("\nround ERROR after 1 states: CONTINUE\n"), cli.out());
        }
    }
}
