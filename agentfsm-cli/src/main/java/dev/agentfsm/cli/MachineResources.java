package dev.agentfsm.cli;

import dev.agentfsm.runtime.StateManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files the processor wrote for a machine, read from the class path:
 * {@code META-INF/agentfsm/<qualified.Name>.<yaml|mmd|dot|puml|md|svg>}.
 */
final class MachineResources {
    /** Every extension the processor may write, the model first. */
    static final List<String> EXTENSIONS = List.of("yaml", "mmd", "dot", "puml", "md", "svg");

    private final ClassLoader loader;

    MachineResources(ClassLoader loader) {
        this.loader = loader;
    }

    /** The machine's qualified name: its manager's package and its name. */
    static String qualifiedName(StateManager<?, ?> machine) {
        return machine.getClass().getPackageName() + "." + machine.name();
    }

    static String resource(String qualifiedName, String extension) {
        return "META-INF/agentfsm/" + qualifiedName + "." + extension;
    }

    /** The file with {@code extension}, if the build wrote it. */
    Optional<String> read(String qualifiedName, String extension) {
        try (InputStream in = loader.getResourceAsStream(resource(qualifiedName, extension))) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + resource(qualifiedName, extension), e);
        }
    }

    /** The extensions the build wrote for the machine. */
    List<String> available(String qualifiedName) {
        return EXTENSIONS.stream()
                .filter(ext -> loader.getResource(resource(qualifiedName, ext)) != null)
                .toList();
    }

    /** Copies every file the build wrote for the machine into {@code directory}; returns the copies. */
    List<Path> extract(String qualifiedName, Path directory) throws IOException {
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        for (String extension : available(qualifiedName)) {
            Path file = directory.resolve(qualifiedName + "." + extension);
            Files.writeString(file, read(qualifiedName, extension).orElseThrow());
            written.add(file);
        }
        return written;
    }
}
