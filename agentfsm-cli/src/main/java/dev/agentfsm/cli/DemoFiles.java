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

/** The demo's bundled task, its recorded LLM replies, and the files of the workspace it creates. */
final class DemoFiles {
    private static final String BASE = "demo/";
    private static final List<String> WORKSPACE_FILES =
            List.of("README.txt", "logs/app.log", "logs/worker.log", "data/inventory.csv");

    private DemoFiles() {}

    static String task() {
        return new String(bytes(BASE + "task.txt"), StandardCharsets.UTF_8).strip();
    }

    static ReplayLlmClient replay() {
        try (InputStream in = open(BASE + "replay.yaml")) {
            return ReplayLlmClient.load(in, "the demo's replay (" + BASE + "replay.yaml)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
