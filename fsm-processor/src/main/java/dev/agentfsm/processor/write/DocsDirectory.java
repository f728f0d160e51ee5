package dev.agentfsm.processor.write;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The directory named by {@code -Aagentfsm.docs=<dir>}, where the processor also writes each
 * machine's page and SVG so that a repository can keep them (e.g. in {@code docs/machines/}).
 * A file is only rewritten when it changed, and an SVG only when it was rendered from something else
 * (see {@link SvgWriter#fingerprint}), so a build on a machine with other fonts leaves it alone.
 */
public final class DocsDirectory {

    /** The processor option: {@code -Aagentfsm.docs=<absolute dir>}. */
    public static final String OPTION = "agentfsm.docs";

    private final Path dir;

    private DocsDirectory(Path dir) {
        this.dir = dir;
    }

    /** Thrown for a bad {@code agentfsm.docs} value; the message names it and says what to do. */
    public static final class InvalidOption extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidOption(String message) {
            super(message);
        }
    }

    /** The directory the options name, created if missing; empty when the option is not given. */
    public static Optional<DocsDirectory> fromOptions(Map<String, String> options) throws InvalidOption {
        String value = options.get(OPTION);
        if (value == null) {
            return Optional.empty();
        }
        String prefix = "-A" + OPTION + "=" + value + ": ";
        if (value.isBlank()) {
            throw new InvalidOption(prefix + "the directory is empty; give an absolute directory, "
                    + "e.g. -A" + OPTION + "=${project.basedir}/docs/machines in Maven");
        }
        Path dir;
        try {
            dir = Path.of(value);
        } catch (InvalidPathException e) {
            throw new InvalidOption(prefix + "not a valid path (" + e.getReason() + ")");
        }
        if (!dir.isAbsolute()) {
            // a relative path would depend on the directory the compiler happens to run in
            throw new InvalidOption(prefix + "the directory must be absolute; "
                    + "in Maven write -A" + OPTION + "=${project.basedir}/" + value);
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InvalidOption(prefix + "exists and is not a directory; name a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new InvalidOption(prefix + "cannot create the directory (" + e + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new InvalidOption(prefix + "the directory is not writable");
        }
        return Optional.of(new DocsDirectory(dir));
    }

    /** The directory. */
    public Path path() {
        return dir;
    }

    /** Writes {@code content} to {@code fileName} unless the file already says the same. */
    void write(String fileName, String content) throws IOException {
        Path file = dir.resolve(fileName);
        if (Files.isRegularFile(file) && isCurrent(fileName, Files.readString(file, StandardCharsets.UTF_8), content)) {
            return;
        }
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    private static boolean isCurrent(String fileName, String existing, String content) {
        if (fileName.endsWith(".svg")) {
            Optional<String> fingerprint = SvgWriter.fingerprint(existing);
            return fingerprint.isPresent() && fingerprint.equals(SvgWriter.fingerprint(content));
        }
        return existing.equals(content);
    }
}
