package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store behind a pooling data source, on a real server ({@link PostgresServer}): a connection it gives
 * back has the session settings it had when taken (other code takes it next), whether the store wrote on it,
 * was refused a claim on it or listed journals on it; and listing journals reads one index entry a journal, not
 * every record.
 */
class PostgresPooledTest {
    /** What the application set on its connections (as a pool's connection init SQL would). */
    private static final String APPLICATION_SETTINGS = "SET synchronous_commit TO off; SET lock_timeout = '5s'";

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
    void aConnectionGivenBackHasTheSettingsItHadWhenTaken() throws Exception {
        SmallPool pool = new SmallPool(server.dataSource());
        try {
            // two server connections, both with the application's own settings, idle in the pool
            try (Connection first = pool.getConnection();
                    Connection second = pool.getConnection();
                    Statement one = first.createStatement();
                    Statement two = second.createStatement()) {
                one.execute(APPLICATION_SETTINGS);
                two.execute(APPLICATION_SETTINGS);
            }
            PostgresJournalStore store = PostgresJournalStore.of(pool);
            assertAsFound(pool); // the connection the tables were checked on
            try (JournalStore.Writer writer = store.create("pooled")) {
                writer.append(PostgresJournalStoreTest.line("pooled", 1));
                // refused on the other connection, which goes back to the pool
                assertThrows(JournalException.class, () -> store.open("pooled", new PostgresJournalStoreTest.Lines()));
                assertTrue(store.journals().contains("pooled"));
                assertAsFound(pool);
            }
            PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
            try (JournalStore.Writer resumed = store.open("pooled", lines)) {
                assertEquals(List.of(PostgresJournalStoreTest.line("pooled", 1)), lines.lines);
                resumed.append(PostgresJournalStoreTest.line("pooled", 2));
            }
            assertEquals(2, pool.idle());
            try (Connection first = pool.getConnection();
                    Connection second = pool.getConnection()) {
                assertAsFound(first);
                assertAsFound(second);
            }
        } finally {
            pool.close();
        }
    }

    @Test
    void listingJournalsReadsOneIndexEntryAJournalNotEveryRecord() throws Exception {
        SmallPool pool = new SmallPool(server.dataSource()); // one server connection: its statistics are this test's
        try {
            PostgresJournalStore store = PostgresJournalStore.of(pool);
            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement()) {
                connection.setAutoCommit(true); // whatever the store left (the other test's business)
                for (String journal : List.of("listed-a", "listed-b", "listed-c")) {
                    statement.execute("INSERT INTO agentfsm_journal_record (journal, n, line) SELECT '" + journal
                            + "', n, 'line ' || n FROM generate_series(1, 5000) AS n");
                }
                statement.execute("ANALYZE agentfsm_journal_record");
            }
            long before = rowsRead(pool);
            List<String> journals = store.journals();
            long read = rowsRead(pool) - before;
            assertEquals(List.of("listed-a", "listed-b", "listed-c"), journals);
            // a scan of the records reads all 15,000; one index probe a journal (and one to find the end) reads 3
            assertTrue(read <= 10, "journals() read " + read + " rows or index entries of agentfsm_journal_record");
        } finally {
            pool.close();
        }
    }

    /**
     * The rows and index entries of agentfsm_journal_record read so far, counting those of the statements run on
     * the pool's one connection before: they are flushed to the statistics first.
     */
    private static long rowsRead(SmallPool pool) throws Exception {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(true); // statistics are sent between transactions
            // the statistics of this connection's statements so far are sent once this statement's transaction ends
            statement.execute("SELECT pg_stat_force_next_flush()");
            try (ResultSet rows = statement.executeQuery("SELECT coalesce(t.seq_tup_read, 0)"
                    + " + coalesce((SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0)"
                    + " FROM pg_stat_user_tables t WHERE t.relname = 'agentfsm_journal_record'")) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static void assertAsFound(SmallPool pool) throws Exception {
        try (Connection connection = pool.getConnection()) {
            assertAsFound(connection);
        }
    }

    private static void assertAsFound(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT current_setting('synchronous_commit'), current_setting('lock_timeout')")) {
            rows.next();
            assertEquals("off", rows.getString(1));
            assertEquals("5s", rows.getString(2));
        }
        assertTrue(connection.getAutoCommit(), "the connection was given back with auto-commit off");
        assertEquals(0, connection.getNetworkTimeout());
    }
}
