package dev.agentfsm.diagrams;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * The file names a list holds; none when it is not there. Line ends may be {@code \r\n} and the text may
     * start with a byte order mark: a Windows checkout (git's autocrlf) or an editor's saving is the same list.
     */
    static Set<String> read(Path list) throws IOException {
        Set<String> files = new TreeSet<>();
        if (!Files.isRegularFile(list)) {
            return files;
        }
        List<String> lines = Files.readAllLines(list, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = (i == 0 ? withoutByteOrderMark(lines.get(i)) : lines.get(i)).strip();
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
        othersLists(docsDirectory, module).values().forEach(files::addAll);
        return files;
    }

    /** The lists of every module other than {@code module}, in the order of their names, with the names each holds. */
    static Map<Path, Set<String>> othersLists(Path docsDirectory, String module) throws IOException {
        Map<Path, Set<String>> others = new LinkedHashMap<>();
        Path directory = docsDirectory.resolve(DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return others;
        }
        Path own = of(docsDirectory, module);
        try (Stream<Path> lists = Files.list(directory)) {
            for (Path list : lists.filter(f -> f.getFileName().toString().endsWith(EXTENSION))
                    .sorted()
                    .toList()) {
                if (!list.equals(own)) {
                    others.put(list, read(list));
                }
            }
        }
        return others;
    }

    /**
     * {@code text} as agentfsm wrote it, when it is a checkout of it: without the byte order mark an editor may
     * put in front, and with {@code \n} for each {@code \r\n} that git's autocrlf writes on Windows.
     */
    static String asWritten(String text) {
        return withoutByteOrderMark(text).replace("\r\n", "\n");
    }

    private static String withoutByteOrderMark(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
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

    /**
     * Whether {@code name} is a page or SVG of the docs directory itself on every system: no separator, and no
     * colon, which Windows reads as a drive ({@code C:x.md} is not in the directory but in drive C's current one)
     * or a file's alternate stream; a machine's file name never holds one.
     */
    private static boolean isPageOrSvg(String name) {
        return (name.endsWith(".md") || name.endsWith(".svg"))
                && !name.startsWith(".")
                && name.indexOf('/') < 0
                && name.indexOf('\\') < 0
                && name.indexOf(':') < 0;
    }
}
