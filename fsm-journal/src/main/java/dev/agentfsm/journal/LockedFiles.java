package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The files this JVM holds a journal's or a shared log's lock on. A second claim in this JVM is refused here,
 * before any channel of the file is opened: on Linux a {@code FileLock} is a POSIX record lock, which closing
 * any channel of the file drops for the whole process, so a refused claim that opened and closed the file would
 * leave it unlocked against every other process while its holder goes on writing.
 */
final class LockedFiles {
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private LockedFiles() {}

    /**
     * Claims {@code file} for this JVM, by its real directory and its name (it may not exist yet).
     *
     * @return the claim's key, for {@link #release}; empty if this JVM holds the file already
     */
    static Optional<Path> claim(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path key = absolute.getParent().toRealPath().resolve(absolute.getFileName());
        return HELD.add(key) ? Optional.of(key) : Optional.empty();
    }

    /** Lets a claim go, once the file's lock is released and its channel closed. */
    static void release(Path key) {
        HELD.remove(key);
    }
}
