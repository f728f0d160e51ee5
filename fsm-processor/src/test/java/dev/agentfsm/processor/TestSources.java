package dev.agentfsm.processor;

import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;

/**
 * The readable test sources under {@code src/test/resources}: one directory per case, holding the
 * {@code .java} files that are compiled together.
 */
final class TestSources {

    private TestSources() {}

    /** Every {@code .java} file under the resource directory {@code dir}, sorted by path. */
    static List<JavaFileObject> in(String dir) {
        Path root = directory(dir);
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .sorted()
                    .map(p -> JavaFileObjects.forResource(
                            resource(dir + "/" + root.relativize(p).toString().replace('\\', '/'))))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One source file, by its path under {@code src/test/resources}. */
    static JavaFileObject file(String path) {
        return JavaFileObjects.forResource(resource(path));
    }

    private static Path directory(String dir) {
        try {
            return Path.of(resource(dir).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static URL resource(String path) {
        URL url = TestSources.class.getClassLoader().getResource(path);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + path + " under src/test/resources");
        }
        return url;
    }
}
