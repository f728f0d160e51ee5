package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Golden files: the expected text of generated files, kept under {@code src/test/resources/golden/<dir>}
 * ({@code generated/} for the processor's sources and models, {@code diagrams/} for the diagram writers).
 * {@code mvn test -Dagentfsm.regenerateGoldens=true} rewrites them from the current output (and
 * removes stale ones); review the change with {@code git diff} before committing it.
 */
public final class Goldens {

    private static final String REGENERATE = "agentfsm.regenerateGoldens";
    private static final String HOW_TO_UPDATE = "if the change is intended, run"
            + " 'mvn -pl fsm-processor -am test -Dagentfsm.regenerateGoldens=true' and review 'git diff'";

    private final Path root;

    private Goldens(Path root) {
        this.root = root;
    }

    /**
     * The golden files in {@code dir} of the golden directory the build names (the module's when run
     * from an IDE).
     */
    public static Goldens fromBuild(String dir) {
        return new Goldens(Path.of(System.getProperty("agentfsm.goldenDir", "src/test/resources/golden"))
                .resolve(dir));
    }

    private static boolean regenerating() {
        return Boolean.parseBoolean(System.getProperty(REGENERATE, "false"));
    }

    /**
     * Rewrites the golden files from {@code actual} when the build asks for it, then asserts that
     * they match (see {@link #assertMatches}).
     */
    public void check(Map<String, String> actual) {
        if (regenerating()) {
            write(actual);
        }
        assertMatches(actual);
    }

    /**
     * Asserts that {@code actual} (relative path to text) is exactly the golden files: the same
     * files with the same text. Truth prints a line diff of the first file that differs.
     */
    public void assertMatches(Map<String, String> actual) {
        Map<String, String> expected = read();
        assertWithMessage("generated files compared with the golden files in %s; %s", root, HOW_TO_UPDATE)
                .that(actual.keySet())
                .containsExactlyElementsIn(expected.keySet());
        for (Map.Entry<String, String> file : new TreeMap<>(actual).entrySet()) {
            assertWithMessage("%s differs from its golden file (-golden +generated); %s", file.getKey(), HOW_TO_UPDATE)
                    .that(file.getValue())
                    .isEqualTo(expected.get(file.getKey()));
        }
    }

    /** Replaces the golden files with {@code actual}. */
    private void write(Map<String, String> actual) {
        try {
            for (String stale : read().keySet()) {
                if (!actual.containsKey(stale)) {
                    Files.delete(root.resolve(stale));
                }
            }
            for (Map.Entry<String, String> file : actual.entrySet()) {
                Path path = root.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, String> read() {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return files;
        }
        try {
            for (String name : DirectoryCompilation.listFiles(root)) {
                files.put(name, Files.readString(root.resolve(name), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
