package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Troubleshooting section quotes what javac prints when the processor does not run: this
 * compiles the README's example ({@code Echo.java}) without the processor and finds every line of the
 * quote in javac's own output, so the quote stays javac's text.
 */
class ReadmeTroubleshootingTest {
    private static final Path README = Path.of("").toAbsolutePath().getParent().resolve("README.md");

    @TempDir
    Path dir;

    /** The test's class path without this module's classes, which hold the types generated for Echo. */
    private static String libraries() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry ->
                        !Path.of(entry).toAbsolutePath().startsWith(Path.of("").toAbsolutePath()))
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void theQuotedErrorsAreWhatJavacPrintsWithoutTheProcessor() throws IOException {
        Matcher quote = Pattern.compile(
                        "compiled without the processor path:\\n\\n  ```\\n(.*?)\\n  ```", Pattern.DOTALL)
                .matcher(Files.readString(README));
        assertTrue(quote.find(), "README.md's Troubleshooting section has no quote of javac's output");
        List<String> quoted =
                quote.group(1).lines().map(line -> line.substring(2)).toList();

        Path source = dir.resolve("com/example/Echo.java");
        Files.createDirectories(source.getParent());
        Files.copy(Path.of("src/test/java/com/example/Echo.java"), source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "no system Java compiler");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = javac.run(
                null,
                null,
                err,
                "-proc:none", // the processor does not run, as when it is not on the processor path
                "-d",
                dir.resolve("classes").toString(),
                "-cp",
                libraries(),
                source.toString());
        assertEquals(1, exit, "Echo.java compiles without its generated types?");
        String printed = err.toString(StandardCharsets.UTF_8).replace(source.toString(), "com/example/Echo.java");
        for (String line : quoted) {
            assertTrue(
                    printed.lines().anyMatch(line::equals),
                    "javac does not print '" + line + "'; it printed:\n" + printed);
        }
    }
}
