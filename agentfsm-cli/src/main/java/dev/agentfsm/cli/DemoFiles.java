package dev.agentfsm.cli;

import dev.agentfsm.agents.kit.ReplayLlmClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/**
 * The LinuxAgent demo's bundled task, its recorded LLM replies, and the files of the workspace it creates:
 * what {@code agentfsm-cli demo} runs, and what tests that run the same round elsewhere (fsm-temporal's
 * workflow, fsm-langchain4j's providers) read from this jar.
 */
public final class DemoFiles {
    private static final String BASE = "demo/";
    private static final List<String> WORKSPACE_FILES =
            List.of("README.txt", "logs/app.log", "logs/worker.log", "data/inventory.csv");

    private DemoFiles() {}

    /** The demo's task, the round's request. */
    public static String task() {
        return new String(bytes(BASE + "task.txt"), StandardCharsets.UTF_8).strip();
    }

    /** The demo's recorded replies, a new conversation each time. */
    public static ReplayLlmClient replay() {
        try (InputStream in = open(BASE + "replay.yaml")) {
            return ReplayLlmClient.load(in, "the demo's replay (" + BASE + "replay.yaml)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the workspace's files under {@code root} and makes them readable by every user, with the
     * temporary directories above {@code root}: commands may run as user {@code nobody} (when the agent runs as
     * root), and the shell refuses a directory that user cannot read.
     *
     * @return {@code root}
     */
    public static Path workspace(Path root) throws IOException {
        fill(root);
        shareWithEveryone(root);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        for (Path dir = root.toAbsolutePath().getParent();
                dir != null && dir.startsWith(tmp) && !dir.equals(tmp);
                dir = dir.getParent()) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return root;
    }

    /** Writes the workspace's files under {@code root}. */
    static void fill(Path root) throws IOException {
        for (String name : WORKSPACE_FILES) {
            Path file = root.resolve(name);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes(BASE + "workspace/" + name));
        }
    }

    /**
     * Makes {@code root} and everything in it readable by every user, whatever the umask: the temporary
     * directory it is in is private, but commands may run as another user ({@code nobody}, when the
     * demo runs as root).
     */
    static void shareWithEveryone(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.toList()) {
                Files.setPosixFilePermissions(
                        path, PosixFilePermissions.fromString(Files.isDirectory(path) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    private static byte[] bytes(String resource) {
        try (InputStream in = open(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = DemoFiles.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("the demo resource " + resource + " is missing from the jar; rebuild it");
        }
        return in;
    }
}
