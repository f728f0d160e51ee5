package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The LinuxAgent demo of {@code agentfsm-cli demo}: its task, its recorded replies and its workspace, read from
 * agentfsm-cli's jar, run with the real read-only shell driver on a directory.
 */
final class LinuxDemo {
    private static final String BASE = "dev/agentfsm/cli/demo/";
    private static final List<String> FILES =
            List.of("README.txt", "logs/app.log", "logs/worker.log", "data/inventory.csv");

    private LinuxDemo() {}

    static String task() {
        return new String(bytes("task.txt"), StandardCharsets.UTF_8).strip();
    }

    /** The demo's recorded replies, in order: the agent's JSON, one per step. */
    static List<String> replies() {
        ReplayLlmClient replay;
        try (InputStream in = open("replay.yaml")) {
            replay = ReplayLlmClient.load(in, BASE + "replay.yaml");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> replies = new ArrayList<>();
        try {
            while (replay.remaining() > 0) {
                replies.add(replay.complete(LlmRequest.of(List.of())).content());
            }
        } catch (LlmException e) {
            throw new IllegalStateException(e);
        }
        return replies;
    }

    /** The recorded reply {@code index} (from 0), parsed. */
    static JsonNode reply(int index) {
        try {
            return ProviderServer.JSON.readTree(replies().get(index));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The demo's round on {@code workspace}, the agent asking {@code llm}, through the shell driver. */
    static RoundResult run(Path workspace, LlmClient llm) {
        LinuxAgent agent = LinuxAgent.builder(ShellDriver.of(ShellConfig.of(workspace)), llm)
                .build();
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, task()))
                .build()
                .run();
    }

    /** Writes the demo's workspace under {@code root}. */
    static Path workspace(Path root) throws IOException {
        for (String name : FILES) {
            Path file = root.resolve(name);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes("workspace/" + name));
        }
        letCommandsRead(root);
        return root;
    }

    /**
     * Makes the workspace, and the temporary directories above it, readable by every user: run as root, the shell
     * runs its commands as user nobody, and refuses a root that user cannot read.
     */
    private static void letCommandsRead(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path path : all.toList()) {
                Files.setPosixFilePermissions(
                        path, PosixFilePermissions.fromString(Files.isDirectory(path) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        for (Path dir = root.toAbsolutePath().getParent();
                dir != null && dir.startsWith(tmp) && !dir.equals(tmp);
                dir = dir.getParent()) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private static byte[] bytes(String name) {
        try (InputStream in = open(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String name) {
        InputStream in = LinuxDemo.class.getClassLoader().getResourceAsStream(BASE + name);
        if (in == null) {
            throw new IllegalStateException(BASE + name + " is not on the class path; agentfsm-cli's jar holds it");
        }
        return in;
    }
}
