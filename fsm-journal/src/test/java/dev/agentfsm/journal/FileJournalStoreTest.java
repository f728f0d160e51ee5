package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory store: a journal file written as before is the store's journal of the same name, a claim
 * refuses a second one, lines come back as written with where they are, and names are file names.
 */
class FileJournalStoreTest {
    @TempDir
    Path dir;

    private static JournalRecord.Header header(String session) {
        return new JournalRecord.Header(
                1, JournalFile.FORMAT, session, "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH);
    }

    private void write(String name, JournalRecord... records) throws Exception {
        try (JournalLog file = TestLogs.create(dir.resolve(name), Durability.FLUSH)) {
            for (JournalRecord record : records) {
                file.write(record);
            }
        }
    }

    @Test
    void aJournalFileIsTheDirectoryStoresJournalOfItsName() throws Exception {
        write("b", header("s-b"), new JournalRecord.Requests(2, List.of("task")));
        JournalStore store = JournalStore.directory(dir, Durability.FLUSH);

        try (Journal byName = Journal.open(store, "b")) {
            assertEquals(dir.resolve("b"), byName.file());
            assertEquals(dir.resolve("b").toString(), byName.where());
            assertEquals(Optional.of("s-b"), byName.session());
            assertEquals(List.of("task"), byName.recordedRequests());
            assertEquals(Files.size(dir.resolve("b")), byName.bytes());
            assertEquals(2, byName.records());

            // the claim is the file's lock: the journal by its path is refused while it is held
            JournalException held = assertThrows(JournalException.class, () -> Journal.open(dir.resolve("b")));
            assertEquals(JournalException.Kind.IN_USE, held.kind());
            assertEquals(dir.resolve("b").toString(), held.journal());
        }
        Journal.open(dir.resolve("b")).close(); // let go
    }

    @Test
    void theStoreListsTheJournalsThatHoldSomethingByName() throws Exception {
        write("c", header("s-c"));
        write("a", header("s-a"));
        Files.createFile(dir.resolve("empty"));
        Files.createDirectory(dir.resolve("sub"));

        assertEquals(
                List.of("a", "c"), JournalStore.directory(dir, Durability.SYNC).journals());
    }

    @Test
    void linesComeBackAsWrittenWithWhereTheyAreAndHowToCutThere() throws Exception {
        write("j", header("s-j"), new JournalRecord.Requests(2, List.of("task")));
        List<String> written = Files.readAllLines(dir.resolve("j"));
        List<JournalStore.Line> lines = new ArrayList<>();
        List<Long> torn = new ArrayList<>();
        JournalStore store = JournalStore.directory(dir, Durability.FLUSH);

        try (JournalStore.Writer writer = store.open("j", new JournalStore.Reader() {
            @Override
            public void line(JournalStore.Line line) {
                lines.add(line);
            }

            @Override
            public void torn(long bytes) {
                torn.add(bytes);
            }
        })) {
            writer.append("{\"n\":3}");
        }

        long second = written.get(0).length() + 1;
        assertEquals(
                List.of(
                        new JournalStore.Line(
                                1,
                                written.get(0),
                                "line 1, byte 0",
                                "cut the file there (truncate -s 0 " + dir.resolve("j") + ")"),
                        new JournalStore.Line(
                                2,
                                written.get(1),
                                "line 2, byte " + second,
                                "cut the file there (truncate -s " + second + " " + dir.resolve("j") + ")")),
                lines);
        assertEquals(List.of(0L), torn);
        assertEquals("{\"n\":3}", Files.readAllLines(dir.resolve("j")).get(2));
    }

    @Test
    void aJournalsNameIsAFileNameInTheDirectory() {
        JournalStore store = JournalStore.directory(dir, Durability.FLUSH);
        for (String name : List.of("", "..", "a/b")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.create(name));
            assertTrue(
                    e.getMessage().startsWith("journal name '" + name + "' is not a file name in " + dir),
                    e.getMessage());
        }
    }
}
