package dev.agentfsm.journal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Journals as files in one directory, a file per journal named as the journal: the format, the checks and
 * the locking of {@link JournalFile}. A claim is the file's exclusive lock, which the operating system
 * releases when its process dies; a line is on the device when {@link JournalStore.Writer#append} returns
 * with {@link Durability#SYNC}, written to the operating system with {@link Durability#FLUSH}.
 */
final class FileJournalStore implements JournalStore {
    private final Path directory;
    private final Durability durability;

    FileJournalStore(Path directory, Durability durability) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.durability = Objects.requireNonNull(durability, "durability");
    }

    /** The store of {@code file}'s directory, and the file's name in it: how {@code Journal.create(Path)} keeps a journal. */
    static FileJournalStore of(Path file, Durability durability) {
        Path parent = file.getParent();
        return new FileJournalStore(parent == null ? Path.of("") : parent, durability);
    }

    /** The journal's name in {@link #of}'s store. */
    static String name(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            throw new IllegalArgumentException("journal " + file + " names no file; give the path of a file");
        }
        return name.toString();
    }

    /** The journal's file. */
    Path file(String journal) {
        Objects.requireNonNull(journal, "journal");
        if (journal.isEmpty()
                || journal.equals(".")
                || journal.equals("..")
                || journal.indexOf('/') >= 0
                || journal.indexOf('\\') >= 0
                || journal.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("journal name '" + journal + "' is not a file name in " + directory
                    + ": a journal of a directory store is named as its file, without a directory");
        }
        return directory.resolve(journal);
    }

    @Override
    public List<String> journals() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) > 0) {
                    names.add(file.getFileName().toString());
                }
            }
        }
        names.sort(null);
        return names;
    }

    @Override
    public Writer create(String journal) throws IOException {
        return JournalFile.create(file(journal), durability);
    }

    @Override
    public Writer open(String journal, Reader reader) throws IOException {
        return JournalFile.open(file(journal), durability, Objects.requireNonNull(reader, "reader"));
    }

    @Override
    public String where(String journal) {
        return file(journal).toString();
    }

    @Override
    public String toString() {
        return "JournalStore.directory(" + directory + ", " + durability + ")";
    }
}
