package dev.agentfsm.diagrams;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The list of the pages and SVGs one module generated in a docs directory, kept there as
 * {@code .agentfsm/<module>.files}. It is what lets a module delete the pages of its own renamed or
 * removed machines while it leaves alone the pages of other modules that share the directory and the
 * files people wrote there.
 */
final class GeneratedFiles {

    /** The directory of the lists, inside the docs directory. */
    static final String DIRECTORY = ".agentfsm";

    private static final String EXTENSION = ".files";
    private static final Pattern MODULE = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private GeneratedFiles() {}

    /** The list of {@code module} in {@code docsDirectory}. */
    static Path of(Path docsDirectory, String module) {
        return docsDirectory.resolve(DIRECTORY).resolve(requireModule(module) + EXTENSION);
    }

    /** {@code module}, if it can name a list: letters, digits, '.', '_' and '-', as Maven's artifact ids. */
    static String requireModule(String module) {
        if (!MODULE.matcher(module).matches()) {
            throw new IllegalArgumentException("'" + module + "' cannot name a module's list of generated files: use"
                    + " letters, digits, '.', '_' and '-', not starting with '.' (an artifact id)");
        }
        return module;
    }

    /** The text of {@code module}'s list naming {@code files} (file names in the docs directory). */
    static String text(String module, Collection<String> files) {
        StringBuilder text = new StringBuilder()
                .append("# The pages and SVGs module ")
                .append(module)
                .append(" generated in this directory; written by agentfsm (docs), do not edit.\n")
                .append("# A file here is deleted only when this list names it and its machine is gone.\n");
        new TreeSet<>(files).forEach(file -> text.append(file).append('\n'));
        return text.toString();
    }

    /** The file names a list holds; none when it is not there. */
    static Set<String> read(Path list) throws IOException {
        Set<String> files = new TreeSet<>();
        if (!Files.isRegularFile(list)) {
            return files;
        }
        List<String> lines = Files.readAllLines(list, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!isPageOrSvg(line)) {
                throw new FileSystemException(
                        list.toString(),
                        null,
                        "line " + (i + 1) + ": '" + line + "' is not the name of a page (.md) or SVG of this"
                                + " directory; agentfsm writes this list: restore it from version control, or delete"
                                + " it and run the docs goal");
            }
            files.add(line);
        }
        return files;
    }

    /** The file names the lists of every module other than {@code module} hold. */
    static Set<String> listedByOthers(Path docsDirectory, String module) throws IOException {
        Set<String> files = new TreeSet<>();
        Path directory = docsDirectory.resolve(DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return files;
        }
        Path own = of(docsDirectory, module);
        try (Stream<Path> lists = Files.list(directory)) {
            for (Path list : lists.filter(f -> f.getFileName().toString().endsWith(EXTENSION))
                    .sorted()
                    .toList()) {
                if (!list.equals(own)) {
                    files.addAll(read(list));
                }
            }
        }
        return files;
    }

    /** Writes a list whole or not at all, so that a module reading it while another writes never sees half. */
    static void write(Path list, String text) throws IOException {
        Files.createDirectories(list.getParent());
        Path partial = Files.createTempFile(list.getParent(), list.getFileName().toString(), ".partial");
        try {
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            Files.move(partial, list, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static boolean isPageOrSvg(String name) {
        return (name.endsWith(".md") || name.endsWith(".svg"))
                && !name.startsWith(".")
                && name.indexOf('/') < 0
                && name.indexOf('\\') < 0;
    }
}
