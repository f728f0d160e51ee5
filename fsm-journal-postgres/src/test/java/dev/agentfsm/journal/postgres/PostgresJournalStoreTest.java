package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PostgresJournalStore} on a real PostgreSQL server ({@link PostgresServer}): sessions writing at
 * once each read back their own lines in order, two resumers racing for one journal (one wins, the other is
 * told who holds it), a claim released by close, create refused over records, and the listing.
 */
class PostgresJournalStoreTest {
    private static PostgresServer server;
    private static PostgresJournalStore store;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target", "postgres"));
        store = PostgresJournalStore.of(server.dataSource());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void twentySessionsWritingAtOnceEachReadBackTheirOwnLinesInOrder() throws Exception {
        int sessions = 20;
        int records = 60;
        ExecutorService threads = Executors.newFixedThreadPool(sessions);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (int s = 0; s < sessions; s++) {
                String journal = "concurrent-" + s;
                written.add(threads.submit((Callable<Void>) () -> {
                    start.await();
                    try (JournalStore.Writer writer = store.create(journal)) {
                        for (int n = 1; n <= records; n++) {
                            writer.append(line(journal, n));
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : written) {
                future.get();
            }
        } finally {
            threads.shutdownNow();
        }
        for (int s = 0; s < sessions; s++) {
            String journal = "concurrent-" + s;
            List<String> expected = new ArrayList<>();
            for (int n = 1; n <= records; n++) {
                expected.add(line(journal, n));
            }
            assertEquals(expected, read(journal), journal);
        }
        assertTrue(
                store.journals().containsAll(List.of("concurrent-0", "concurrent-19")),
                store.journals().toString());
    }

    @Test
    void ofTwoResumersRacingForOneJournalExactlyOneWinsAndTheOtherIsToldWhoHoldsIt() throws Exception {
        for (int race = 0; race < 20; race++) {
            String journal = "raced-" + race;
            try (JournalStore.Writer writer = store.create(journal)) {
                writer.append(line(journal, 1));
            }
            // two stores, as two machines would have: each its own connections
            PostgresJournalStore first = PostgresJournalStore.of(server.dataSource());
            PostgresJournalStore second = PostgresJournalStore.of(server.dataSource());
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            try {
                Future<JournalStore.Writer> a = threads.submit(() -> {
                    go.await();
                    return first.open(journal, new Lines());
                });
                Future<JournalStore.Writer> b = threads.submit(() -> {
                    go.await();
                    return second.open(journal, new Lines());
                });
                go.countDown();
                List<JournalStore.Writer> won = new ArrayList<>();
                List<JournalException> lost = new ArrayList<>();
                for (Future<JournalStore.Writer> resumer : List.of(a, b)) {
                    try {
                        won.add(resumer.get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        lost.add((JournalException) e.getCause());
                    }
                }
                assertEquals(1, won.size(), "race " + race + ": exactly one resumer wins; lost: " + lost);
                JournalException refused = lost.get(0);
                assertEquals(JournalException.Kind.IN_USE, refused.kind());
                assertEquals(store.where(journal), refused.journal());
                int holder = backendOf(journal);
                assertTrue(
                        refused.getMessage().startsWith("journal '" + journal + "' in jdbc:postgresql://127.0.0.1:"),
                        refused.getMessage());
                assertTrue(
                        refused.getMessage()
                                .contains("is held by process "
                                        + ProcessHandle.current().pid() + " on "),
                        refused.getMessage());
                assertTrue(
                        refused.getMessage().contains("on the server's connection process " + holder + ")"),
                        refused.getMessage());
                assertTrue(
                        refused.getMessage().contains("SELECT pg_terminate_backend(" + holder + ")"),
                        refused.getMessage());

                // the winner writes on; once it lets go, the journal can be claimed again
                JournalStore.Writer winner = won.get(0);
                winner.append(line(journal, 2));
                winner.close();
                try (JournalStore.Writer again = second.open(journal, new Lines())) {
                    again.append(line(journal, 3));
                }
                assertEquals(List.of(line(journal, 1), line(journal, 2), line(journal, 3)), read(journal));
            } finally {
                threads.shutdownNow();
            }
        }
    }

    @Test
    void aJournalWithRecordsIsNeverCreatedAgain() throws Exception {
        try (JournalStore.Writer writer = store.create("kept")) {
            writer.append(line("kept", 1));
        }
        JournalException e = assertThrows(JournalException.class, () -> store.create("kept"));
        assertEquals(JournalException.Kind.MISUSE, e.kind());
        assertTrue(e.getMessage().contains("already holds 1 records; a journal is never overwritten"), e.getMessage());
        // the refused create let its claim go
        try (JournalStore.Writer writer = store.open("kept", new Lines())) {
            writer.append(line("kept", 2));
        }
        assertEquals(List.of(line("kept", 1), line("kept", 2)), read("kept"));
    }

    @Test
    void aReaderThatRefusesALineEndsTheClaim() throws Exception {
        try (JournalStore.Writer writer = store.create("refused")) {
            writer.append(line("refused", 1));
        }
        JournalStore.Reader refusing = new Lines() {
            @Override
            public void line(JournalStore.Line line) {
                throw new IllegalStateException("refused " + line.position() + "; " + line.cut());
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> store.open("refused", refusing));
        assertEquals(
                "refused row n = 1; delete its rows from there (DELETE FROM agentfsm_journal_record WHERE journal"
                        + " = 'refused' AND n >= 1)",
                e.getMessage());
        store.open("refused", new Lines()).close(); // not held any more
    }

    @Test
    void aClaimWaitPostgresCannotSetIsRefusedWhenItIsGivenNamingTheMost() {
        java.time.Duration month = java.time.Duration.ofDays(30);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.waitingForClaim(month));
        assertEquals(
                "a claim waits at most PT596H31M23.647S (PostgreSQL's lock_timeout of 2147483647 ms), not PT720H;"
                        + " give a shorter wait",
                e.getMessage());
    }

    /** A line that says which journal and record it is, and long enough to take several network packets. */
    static String line(String journal, int n) {
        return "{\"n\":" + n + ",\"journal\":\"" + journal + "\",\"pad\":\"" + "x".repeat(4000 + n) + "\"}";
    }

    private static List<String> read(String journal) throws Exception {
        return read(server.dataSource(), journal);
    }

    /** The journal's lines, straight from its table. */
    static List<String> read(DataSource database, String journal) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Connection connection = database.getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT line FROM agentfsm_journal_record WHERE journal = ? ORDER BY n")) {
            select.setString(1, journal);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lines.add(rows.getString(1));
                }
            }
        }
        return lines;
    }

    /** The server process of the connection that claimed {@code journal} last. */
    static int backendOf(String journal) throws Exception {
        return backendOf(server, journal);
    }

    /** The server process of the connection that claimed {@code journal} last on {@code server}. */
    static int backendOf(PostgresServer server, String journal) throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement select =
                        connection.prepareStatement("SELECT holder_backend FROM agentfsm_journal WHERE journal = ?")) {
            select.setString(1, journal);
            try (ResultSet rows = select.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    /** Collects the lines a store hands over. */
    static class Lines implements JournalStore.Reader {
        final List<String> lines = new ArrayList<>();
        long torn = -1;

        @Override
        public void line(JournalStore.Line line) {
            lines.add(line.text());
        }

        @Override
        public void torn(long bytes) {
            torn = bytes;
        }
    }
}
