package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// Whether a directory was really forced cannot be seen from Java; these check which directories were made, whose
// parents were forced, and that what stood in the way is named.
class DirectoriesTest {
    @TempDir
    Path temp;

    @Test
    void createsTheMissingDirectoriesOutermostFirst() throws IOException {
        Path log = temp.resolve("a").resolve("b").resolve("log");

        List<Path> created = Directories.create(log);

        assertEquals(
                List.of(temp.resolve("a").toAbsolutePath(), temp.resolve("a/b").toAbsolutePath(), log.toAbsolutePath()),
                created);
        assertTrue(Files.isDirectory(log));
    }

    @Test
    void anExistingDirectoryIsNotCreatedAgain() throws IOException {
        assertEquals(List.of(), Directories.create(temp));
    }

    @Test
    void aFileInTheWayIsNamed() throws IOException {
        Path file = Files.writeString(temp.resolve("taken"), "x");

        FileAlreadyExistsException e =
                assertThrows(FileAlreadyExistsException.class, () -> Directories.create(file.resolve("log")));
        assertTrue(e.getMessage().contains("taken"), e.getMessage());
    }
}
