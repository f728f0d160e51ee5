package dev.agentfsm.temporal;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The LinuxAgent demo of {@code agentfsm-cli demo}: its task, its recorded LLM conversation and its
 * workspace, read from agentfsm-cli's jar, with the real read-only shell driver on a directory.
 */
final class LinuxDemo {
    private static final String BASE = "dev/agentfsm/cli/demo/";
    private static final List<String> FILES =
            List.of("README.txt", "logs/app.log", "logs/worker.log", "data/inventory.csv");

    private LinuxDemo() {}

    static String task() {
        return new String(bytes("task.txt"), StandardCharsets.UTF_8).strip();
    }

    /** The demo's recorded replies, a new conversation each time. */
    static ReplayLlmClient replay() {
        try (InputStream in = open("replay.yaml")) {
            return ReplayLlmClient.load(in, BASE + "replay.yaml");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
     * Makes the workspace, and the temporary directories above it, readable by every user: run as
     * root, the shell runs its commands as user nobody, and refuses a root that user cannot read.
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

    /** The demo run the embedded way, one round on this thread: what a workflow must match. */
    static RoundResult embedded(Path workspace, Shell shell) {
        LinuxAgent agent = LinuxAgent.builder(shell, replay()).build();
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, task()))
                .build()
                .run();
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

    /** The real shell driver on a directory, noting every command it is given to run. */
    static final class Shell implements DeviceDriver {
        private final ShellDriver shell;
        private final List<String> commands = new ArrayList<>();

        Shell(Path directory) {
            this.shell = ShellDriver.of(ShellConfig.of(directory));
        }

        @Override
        public String name() {
            return shell.name();
        }

        @Override
        public Observation observe(Duration timeout) throws DriverException {
            return shell.observe(timeout);
        }

        @Override
        public List<ToolSpec> tools() {
            return shell.tools();
        }

        @Override
        public ActionResult execute(Action action, Duration timeout) throws DriverException {
            synchronized (commands) {
                commands.add(String.valueOf(action.arguments().get("command")));
            }
            return shell.execute(action, timeout);
        }

        List<String> commands() {
            synchronized (commands) {
                return List.copyOf(commands);
            }
        }
    }
}
