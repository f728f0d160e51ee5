package dev.agentfsm.agents.linux.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} against an in-process OpenAI-compatible server with scripted replies. */
class RunTaskCommandTest {
    private static final String LIST = """
            {"observation": "nothing yet", "thought": "list the files",
             "action": {"function": "execute_command", "arguments": {"command": "ls -1"}, "status": "CONTINUE"},
             "plan": ["list", "answer"], "result": ""}""";
    private static final String DONE = """
            {"observation": "one file", "thought": "done",
             "action": {"function": "", "arguments": {}, "status": "FINISH"},
             "plan": [], "result": "The directory holds hello.txt."}""";

    @TempDir
    Path root;

    @Test
    void runsATaskWithAModelOverHttp() throws Exception {
        Files.writeString(root.resolve("hello.txt"), "hi\n");
        Path trace = root.resolve("../" + root.getFileName() + "-trace.jsonl").normalize();
        try (ChatServer server = new ChatServer(LIST, DONE)) {
            Cli cli = Cli.run("run", "--task", "Which files are here?", "--base-url", server.baseUrl(),
                    "--model", "test-model", "--api-key-env", "HOME", "--root", root.toString(),
                    "--trace", trace.toString());

            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ ls -1  [exit 0, "), cli.out());
            assertTrue(cli.out().contains("\n        hello.txt\n"), cli.out());
            assertTrue(cli.out().contains("\nstep 2  CONTINUE -> FINISH  (no command)  ["), cli.out());
            assertTrue(cli.out().contains("\nround COMPLETED after 3 states: CONTINUE -> CONTINUE -> FINISH\n"), cli.out());
            assertTrue(cli.out().contains("\nresult: The directory holds hello.txt.\n"), cli.out());
            assertEquals(4, Files.readAllLines(trace).size(), "2 transitions, FINISH's subtask end, the round end");

            List<ChatServer.Request> requests = server.requests();
            assertEquals(2, requests.size());
            assertEquals("/v1/chat/completions", requests.get(0).path());
            assertEquals("test-model", requests.get(0).body().path("model").asText());
            assertEquals("Bearer " + System.getenv("HOME"), requests.get(0).authorization());
            assertTrue(requests.get(0).lastUserText().contains("Which files are here?"), requests.get(0).lastUserText());
            // the second prompt carries the first command's real output
            assertTrue(requests.get(1).lastUserText().contains("step 1: ls -1\nexit code: 0\nstdout:\nhello.txt\n"),
                    requests.get(1).lastUserText());
        } finally {
            Files.deleteIfExists(trace);
        }
    }

    @Test
    void aShellConfigurationFileExtendsTheAllowList() throws Exception {
        Files.createDirectory(root.resolve("work"));
        Path config = Files.writeString(root.resolve("shell.yaml"), "root: work\nallow: [env]\n");
        String env = LIST.replace("ls -1", "env");
        try (ChatServer server = new ChatServer(env, DONE)) {
            Cli cli = Cli.run("run", "--task", "show the environment", "--base-url", server.baseUrl(), "--model", "m",
                    "--shell-config", config.toString(), "--trace", root.resolve("trace.jsonl").toString());

            assertEquals(0, cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("\nroot:  " + root.resolve("work") + " "), cli.out());
            assertTrue(cli.out().contains("\nstep 1  CONTINUE -> CONTINUE  $ env  [exit 0, "), cli.out());
            assertTrue(cli.out().contains("\n        PATH=/usr/bin:/bin\n"), cli.out());
        }
    }

    @Test
    void anAgentThatGivesUpExitsOne() throws Exception {
        String fail = """
                {"observation": "", "thought": "needs root",
                 "action": {"function": "", "arguments": {}, "status": "FAIL"},
                 "plan": [], "result": "Installing packages needs root; not done."}""";
        try (ChatServer server = new ChatServer(fail)) {
            Cli cli = Cli.run("run", "--task", "install nginx", "--base-url", server.baseUrl(), "--model", "m",
                    "--root", root.toString(), "--trace", root.resolve("trace.jsonl").toString());

            assertEquals(1, cli.exitCode(), cli.out() + cli.err());
            assertTrue(cli.out().contains("\nround COMPLETED after 3 states: CONTINUE -> FAIL -> FINISH\n"
                    + "the agent gave up (FAIL): the task was not done\n"
                    + "result: Installing packages needs root; not done.\n"), cli.out());
        }
    }

    @Test
    void anUnreachableModelEndsTheRoundAsAnErrorNamingTheEndpoint() throws Exception {
        int port;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Cli cli = Cli.run("run", "--task", "anything", "--base-url", "http://127.0.0.1:" + port + "/v1", "--model", "m",
                "--timeout", "5", "--root", root.toString(), "--trace", root.resolve("trace.jsonl").toString());

        assertEquals(1, cli.exitCode(), cli.out() + cli.err());
        assertTrue(cli.out().contains("\nround ERROR after 3 states: CONTINUE -> FAIL -> FINISH\n"), cli.out());
        assertTrue(cli.out().contains("http://127.0.0.1:" + port + "/v1/chat/completions"), cli.out());
    }

    @Test
    void aModelThatNeverRepliesInShapeEndsTheRoundAsAnErrorWithExitOne() throws Exception {
        try (ChatServer server = new ChatServer("not json", "still not json", "{}", "nope")) {
            Cli cli = Cli.run("run", "--task", "anything", "--base-url", server.baseUrl(), "--model", "m",
                    "--root", root.toString(), "--trace", root.resolve("trace.jsonl").toString());

            assertEquals(1, cli.exitCode(), cli.out() + cli.err());
            assertEquals(4, server.requests().size(), "one ask and jsonParsingRetry (3) corrective re-asks");
            assertTrue(cli.out().contains("\nround ERROR after 1 states: CONTINUE\n"), cli.out());
        }
    }
}
