package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim refused in the process that holds a journal (or a shared log) must leave it held against every other
 * process: closing any channel of a locked file drops the process's lock on it (POSIX record locks), so a
 * refused second claim must not open the file at all.
 */
class ClaimAcrossProcessesTest {
    @TempDir
    Path dir;

    @Test
    void aJournalStaysClaimedAgainstAnotherProcessAfterAClaimRefusedInItsOwn() throws Exception {
        Path file = dir.resolve("held.journal");
        try (JournalLog held = TestLogs.create(file, Durability.SYNC)) {
            assertEquals("refused: IN_USE", claim("file", file), "before any second claim here");
            // a new journal, its header not written yet: a second create here meets the lock, not the content
            Path fresh = dir.resolve("fresh.journal");
            try (JournalLog first = TestLogs.create(fresh, Durability.SYNC)) {
                JournalException e =
                        assertThrows(JournalException.class, () -> TestLogs.create(fresh, Durability.SYNC));
                assertEquals(JournalException.Kind.IN_USE, e.kind());
                assertEquals("refused: IN_USE", claim("new", fresh));
            }
            held.write(new JournalRecord.Header(
                    1, JournalFile.FORMAT, "s", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH));
            JournalException e = assertThrows(
                    JournalException.class, () -> TestLogs.append(file, Durability.SYNC, Optional.empty()));
            assertEquals(JournalException.Kind.IN_USE, e.kind());
            assertEquals("refused: IN_USE", claim("file", file));
        }
        assertEquals("claimed", claim("file", file), "once let go");
    }

    @Test
    void aJournalStaysClaimedAgainstAnotherProcessAfterAClaimThroughAHardLinkRefusedInItsOwn() throws Exception {
        // two resumers in one JVM reach one journal by two names: the second must be refused without opening it,
        // or closing its channel drops the first one's lock and a third process could write the journal too
        Path file = dir.resolve("held.journal");
        Path link = dir.resolve("another-name.journal");
        try (JournalLog held = TestLogs.create(file, Durability.SYNC)) {
            held.write(new JournalRecord.Header(
                    1, JournalFile.FORMAT, "s", "M", "sha256:00", List.of("M"), 50, 1, Instant.EPOCH));
            Files.createLink(link, file);

            JournalException e = assertThrows(
                    JournalException.class, () -> TestLogs.append(link, Durability.SYNC, Optional.empty()));

            assertEquals(JournalException.Kind.IN_USE, e.kind());
            assertEquals("refused: IN_USE", claim("file", file), "the holder's lock is still there");
        }
        assertEquals("claimed", claim("file", link), "once let go, by either name");
    }

    @Test
    void aSharedLogStaysClaimedAgainstAnotherProcessAfterAStoreRefusedInItsOwn() throws Exception {
        Path log = dir.resolve("log");
        try (SharedLogJournalStore held = SharedLogJournalStore.open(log, Durability.SYNC)) {
            JournalException e =
                    assertThrows(JournalException.class, () -> SharedLogJournalStore.open(log, Durability.SYNC));
            assertEquals(JournalException.Kind.IN_USE, e.kind());
            assertEquals("refused: IN_USE", claim("log", log));
        }
        assertEquals("claimed", claim("log", log), "once let go");
    }

    /** What another process got when it claimed {@code path} as {@code what}: "claimed" or "refused: KIND". */
    private static String claim(String what, Path path) throws Exception {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Claim.class.getName(),
                        what,
                        path.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, child.waitFor(), out);
        List<String> lines = out.lines()
                .filter(l -> l.equals("claimed") || l.startsWith("refused: "))
                .toList();
        assertEquals(1, lines.size(), out);
        return lines.get(0);
    }

    /** Claims the journal file ("file"), a new journal file ("new") or the shared log ("log") its arguments name. */
    public static final class Claim {
        private Claim() {}

        public static void main(String[] args) throws IOException {
            Path path = Path.of(args[1]);
            try {
                switch (args[0]) {
                    case "file" ->
                        TestLogs.append(path, Durability.SYNC, Optional.empty()).close();
                    case "new" -> TestLogs.create(path, Durability.SYNC).close();
                    default -> SharedLogJournalStore.open(path, Durability.SYNC).close();
                }
                System.out.println("claimed");
            } catch (JournalException e) {
                System.out.println("refused: " + e.kind());
            }
        }
    }
}
