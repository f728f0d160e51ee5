package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The files this JVM holds a journal's or a shared log's lock on. A second claim in this JVM is refused here,
 * before any channel of the file is opened: on Linux a {@code FileLock} is a POSIX record lock, which closing
 * any channel of the file drops for the whole process, so a refused claim that opened and closed the file would
 * leave it unlocked against every other process while its holder goes on writing. A file is known by its name
 * in its real directory and, when it exists, by its file key (device and inode), so that a second name for the
 * same file (a hard link) is refused here too, not by the lock after its channel was opened.
 */
final class LockedFiles {
    /** The names and file keys claimed. */
    private static final Set<Object> HELD = new HashSet<>();
    /** The file key each claimed name was known by, to let both go together. */
    private static final Map<Path, Object> FILE_KEYS = new HashMap<>();

    private LockedFiles() {}

    /**
     * Claims {@code file} for this JVM, by its real directory and its name (it may not exist yet), and by its
     * file key when it exists.
     *
     * @return the claim's key, for {@link #release}; empty if this JVM holds the file already, by any name
     */
    static Optional<Path> claim(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path key = absolute.getParent().toRealPath().resolve(absolute.getFileName());
        Optional<Object> fileKey = fileKey(key);
        synchronized (HELD) {
            if (HELD.contains(key) || fileKey.filter(HELD::contains).isPresent()) {
                return Optional.empty();
            }
            HELD.add(key);
            fileKey.ifPresent(k -> {
                HELD.add(k);
                FILE_KEYS.put(key, k);
            });
            return Optional.of(key);
        }
    }

    /**
     * The claimed file, which may not have existed when it was claimed, exists now: its file key is claimed too,
     * so that a name given to it later (a hard link) is refused as well.
     */
    static void opened(Path key) throws IOException {
        Optional<Object> fileKey = fileKey(key);
        synchronized (HELD) {
            if (HELD.contains(key) && !FILE_KEYS.containsKey(key)) {
                fileKey.ifPresent(k -> {
                    HELD.add(k);
                    FILE_KEYS.put(key, k);
                });
            }
        }
    }

    /** Lets a claim go, once the file's lock is released and its channel closed. */
    static void release(Path key) {
        synchronized (HELD) {
            HELD.remove(key);
            Object fileKey = FILE_KEYS.remove(key);
            if (fileKey != null) {
                HELD.remove(fileKey);
            }
        }
    }

    /** The file's key (device and inode on Linux), if it exists and the platform has one. */
    private static Optional<Object> fileKey(Path file) throws IOException {
        try {
            return Optional.ofNullable(Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey());
        } catch (NoSuchFileException e) {
            return Optional.empty(); // a journal about to be created: known by its name alone
        }
    }
}
