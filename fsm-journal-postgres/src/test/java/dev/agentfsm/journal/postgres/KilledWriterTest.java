package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A writer in another JVM killed with SIGKILL while it appends: every line it reported committed is in the
 * database, whole and in order, and nothing is torn; while it lived, its claim refused another writer,
 * naming its process; once it died, the server let its claim go and the journal is claimed again.
 */
class KilledWriterTest {
    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target", "postgres"));
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyLineAKilledWriterReportedCommittedIsThereWholeAndNothingIsTorn() throws Exception {
        long seed = Long.getLong("agentfsm.killSeed", System.nanoTime());
        Random random = new Random(seed);
        PostgresJournalStore store = PostgresJournalStore.of(server.dataSource());
        for (int kill = 0; kill < 5; kill++) {
            String journal = "killed-" + kill;
            int killAfter = 1 + random.nextInt(40);
            Process child = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            KilledWriterChild.class.getName(),
                            server.url(),
                            journal)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            int reported = 0;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while (reported < killAfter && (line = out.readLine()) != null) {
                    reported = Integer.parseInt(line.substring("committed ".length()));
                }
                assertEquals(killAfter, reported, "seed " + seed + ": the writer ended before it was killed");

                // alive, it holds the journal: another writer is refused, naming the child's process
                JournalException held = assertThrows(
                        JournalException.class, () -> store.open(journal, new PostgresJournalStoreTest.Lines()));
                assertEquals(JournalException.Kind.IN_USE, held.kind());
                assertTrue(held.getMessage().contains("is held by process " + child.pid() + " on "), held.getMessage());

                child.destroyForcibly(); // SIGKILL, in the middle of whatever it was appending
                child.waitFor();
            }

            // the server ends the dead writer's session and its claim; this claim waits for that, no longer
            PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
            try (JournalStore.Writer resumed =
                    store.waitingForClaim(Duration.ofSeconds(60)).open(journal, lines)) {
                String run = "seed " + seed + ", kill " + kill + " after " + reported + " reported";
                assertTrue(lines.lines.size() >= reported, run + ": " + lines.lines.size() + " lines kept");
                for (int n = 1; n <= lines.lines.size(); n++) {
                    assertEquals(
                            PostgresJournalStoreTest.line(journal, n), lines.lines.get(n - 1), run + ", line " + n);
                }
                assertEquals(0, lines.torn, run);
                resumed.append(PostgresJournalStoreTest.line(journal, lines.lines.size() + 1));
            }
            assertEquals(
                    PostgresJournalStoreTest.line(journal, 1),
                    PostgresJournalStoreTest.read(server.dataSource(), journal).get(0));
        }
    }
}
