package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers in another JVM, many journals appending to one shared log at once, killed with SIGKILL at a random
 * point (after a random number of reported lines): every line reported forced is in its journal, whole and in
 * order, after whatever batch was torn is cut off; while the child lived its store held the directory, naming
 * its process; the next child goes on with every journal from where it stopped, on the same log. Its segments are
 * small, so that the log rolls over many times and a kill can fall between making a segment and listing it.
 */
class SharedLogKillTest {
    private static final int JOURNALS = 16;
    /** About 75 lines a segment. */
    private static final long SEGMENT_BYTES = 16 << 10;

    @TempDir
    Path dir;

    @Test
    void everyLineReportedForcedIsThereWholeAndInOrderAfterAKill() throws Exception {
        long seed = Long.getLong("agentfsm.killSeed", System.nanoTime());
        Random random = new Random(seed);
        int[] reported = new int[JOURNALS];
        for (int kill = 0; kill < 4; kill++) {
            int killAfter = 1 + random.nextInt(400);
            Process child = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            SharedLogWriterChild.class.getName(),
                            dir.toString(),
                            Integer.toString(JOURNALS),
                            Long.toString(SEGMENT_BYTES))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            String run = "seed " + seed + ", kill " + kill + " after " + killAfter + " lines";
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                assertEquals("open", out.readLine(), run);
                // alive, the child holds the directory: another store is refused, naming its process
                JournalException held =
                        assertThrows(JournalException.class, () -> SharedLogJournalStore.open(dir, Durability.SYNC));
                assertEquals(JournalException.Kind.IN_USE, held.kind());
                assertTrue(held.getMessage().contains("is open in process " + child.pid() + " on "), held.getMessage());
                int lines = 0;
                String line;
                while (lines < killAfter && (line = out.readLine()) != null) {
                    String[] words = line.split(" ");
                    int j = Integer.parseInt(words[1]);
                    reported[j] = Math.max(reported[j], Integer.parseInt(words[2]));
                    lines++;
                }
                assertEquals(killAfter, lines, run + ": the child ended before it was killed");
                child.destroyForcibly(); // SIGKILL, in the middle of whatever batch it was writing
                child.waitFor();
            }
            // one past the list when the kill fell between making a segment and listing it: the log opens all the same
            long listed = SegmentList.read(dir).map(SegmentList::newest).orElse(0L);
            try (SharedLogJournalStore store = SharedLogJournalStore.open(dir, Durability.SYNC)) {
                System.out.printf(
                        "%s: %d lines reported forced, %d in the log in %d segments (%d listed before), a torn batch"
                                + " of %d bytes cut off%n",
                        run,
                        java.util.Arrays.stream(reported).sum(),
                        store.log().scanned().frames(),
                        SegmentList.read(dir).orElseThrow().newest(),
                        listed,
                        store.log().scanned().cutBytes());
                for (int j = 0; j < JOURNALS; j++) {
                    String name = "j" + j;
                    List<String> kept =
                            store.journals().contains(name) ? SharedLogJournalStoreTest.read(store, name) : List.of();
                    assertTrue(
                            kept.size() >= reported[j],
                            run + ": journal " + name + " reported " + reported[j] + " forced, holds " + kept.size());
                    for (int n = 1; n <= kept.size(); n++) {
                        assertEquals(SharedLogJournalStoreTest.line(name, n), kept.get(n - 1), run + ", " + name);
                    }
                }
            }
        }
    }
}
