package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Directory entries made to survive a power cut: a new file or directory is durable only once the directory that
 * names it is forced too, which forcing the file does not do.
 */
final class Directories {
    private Directories() {}

    /**
     * Creates {@code directory} and its missing parents, forcing the parent of each one created, so that a store's
     * directory does not vanish in a power cut that its forced records survive.
     *
     * @return the directories created, outermost first (empty when {@code directory} existed)
     */
    static List<Path> create(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        for (Path dir = absolute; dir != null && !Files.isDirectory(dir); dir = dir.getParent()) {
            missing.push(dir);
        }
        List<Path> created = new ArrayList<>();
        for (Path dir : missing) {
            // a link or a file here makes createDirectories fail naming it, as it would have before
            Files.createDirectories(dir);
            force(dir.getParent());
            created.add(dir);
        }
        return created;
    }

    /** Forces {@code directory}, so that a new or renamed entry in it survives a power cut. */
    static void force(Path directory) {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform opens a directory; the records themselves are still forced
        }
    }
}
