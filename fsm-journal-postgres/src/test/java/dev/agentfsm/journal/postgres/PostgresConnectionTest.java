package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A writer's connection ended by the server between appends: the next append fails naming the record, nothing
 * is acknowledged that was not committed, and the journal, let go with the connection, resumes from what was
 * kept. A password in the data source's URL is in no message, whether the database answers or not.
 */
class PostgresConnectionTest {
    private static final String SECRET = "s3cret-pw-4711";
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
    void aWriterWhoseConnectionTheServerEndedFailsItsNextAppendAndTheJournalResumesFromWhatWasKept() throws Exception {
        JournalStore.Writer writer = store.create("cut");
        writer.append(PostgresJournalStoreTest.line("cut", 1));
        int backend = PostgresJournalStoreTest.backendOf(server, "cut");
        try (Connection admin = server.dataSource().getConnection()) {
            try (PreparedStatement end = admin.prepareStatement("SELECT pg_terminate_backend(?)")) {
                end.setInt(1, backend);
                end.executeQuery().close();
            }
            // the server ended it once its process is gone (a hang guard, not a guess about time)
            long giveUp = System.nanoTime() + 60_000_000_000L;
            while (alive(admin, backend)) {
                assertTrue(System.nanoTime() < giveUp, "backend " + backend + " still there after 60 s");
                Thread.onSpinWait();
            }
        }
        IOException e = assertThrows(IOException.class, () -> writer.append(PostgresJournalStoreTest.line("cut", 2)));
        assertTrue(e.getMessage().startsWith("journal 'cut' in jdbc:postgresql://127.0.0.1:"), e.getMessage());
        assertTrue(e.getMessage().contains(" could not keep record 2: "), e.getMessage());
        writer.close(); // on a broken connection: nothing to let go, and no error

        // the server let the claim go with the connection: claimed at once, holding only what was committed
        PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
        try (JournalStore.Writer resumed = store.open("cut", lines)) {
            assertEquals(List.of(PostgresJournalStoreTest.line("cut", 1)), lines.lines);
            resumed.append(PostgresJournalStoreTest.line("cut", 2));
        }
        assertEquals(
                List.of(PostgresJournalStoreTest.line("cut", 1), PostgresJournalStoreTest.line("cut", 2)),
                PostgresJournalStoreTest.read(server.dataSource(), "cut"));
    }

    @Test
    void aPasswordInTheUrlIsInNoMessage() throws Exception {
        PGSimpleDataSource withPassword = new PGSimpleDataSource();
        withPassword.setUrl(server.url() + "&password=" + SECRET);
        PostgresJournalStore secretStore = PostgresJournalStore.of(withPassword);
        assertFalse(secretStore.where("j").contains(SECRET), secretStore.where("j"));
        assertFalse(secretStore.toString().contains(SECRET), secretStore.toString());
        try (JournalStore.Writer held = secretStore.create("secret")) {
            JournalException inUse = assertThrows(
                    JournalException.class, () -> secretStore.open("secret", new PostgresJournalStoreTest.Lines()));
            assertNoSecret(inUse);
            held.append(PostgresJournalStoreTest.line("secret", 1));
        }

        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        PGSimpleDataSource unreachable = new PGSimpleDataSource();
        unreachable.setUrl("jdbc:postgresql://127.0.0.1:" + closed + "/postgres?user=agentfsm&password=" + SECRET);
        IOException e = assertThrows(IOException.class, () -> PostgresJournalStore.of(unreachable));
        assertTrue(
                e.getMessage().startsWith("the journal store could not reach its PostgreSQL database"), e.getMessage());
        assertNoSecret(e);
    }

    private static void assertNoSecret(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t).contains(SECRET), String.valueOf(t));
        }
    }

    private static boolean alive(Connection admin, int backend) throws Exception {
        try (PreparedStatement select = admin.prepareStatement("SELECT 1 FROM pg_stat_activity WHERE pid = ?")) {
            select.setInt(1, backend);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next();
            }
        }
    }
}
