package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The store's tables made by an administrator, on a real server ({@link PostgresServer}): a role with the grants
 * but no CREATE on the schema uses them; a role without the grants is told which to give; tables of these names
 * made for something else are refused when the store is made, naming what differs.
 */
class PostgresTablesTest {
    private static PostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target", "postgres"));
        PostgresJournalStore.of(server.dataSource()); // the administrator (the superuser) makes the tables
        sql(
                "CREATE ROLE journal_app LOGIN",
                "CREATE ROLE journal_reader LOGIN",
                "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
                "GRANT SELECT, INSERT, UPDATE ON agentfsm_journal TO journal_app",
                "GRANT SELECT, INSERT ON agentfsm_journal_record TO journal_app",
                "GRANT SELECT ON agentfsm_journal, agentfsm_journal_record TO journal_reader");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRoleWithTheGrantsButNoCreateOnTheSchemaUsesTheTablesItsAdministratorMade() throws Exception {
        PostgresJournalStore store = PostgresJournalStore.of(as("journal_app"));
        try (JournalStore.Writer writer = store.create("granted")) {
            writer.append(PostgresJournalStoreTest.line("granted", 1));
        }
        PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
        store.open("granted", lines).close();
        assertEquals(List.of(PostgresJournalStoreTest.line("granted", 1)), lines.lines);
        assertEquals(List.of("granted"), store.journals());
    }

    @Test
    void aRoleWithoutTheGrantsIsToldWhichToGive() {
        IOException e = assertThrows(IOException.class, () -> PostgresJournalStore.of(as("journal_reader")));
        String message = e.getMessage();
        assertTrue(message.startsWith("the journal store's tables in jdbc:postgresql://127.0.0.1:"), message);
        assertTrue(
                message.contains("this role (journal_reader) may not INSERT, UPDATE in agentfsm_journal: GRANT SELECT,"
                        + " INSERT, UPDATE ON agentfsm_journal TO journal_reader"),
                message);
        assertTrue(
                message.contains("this role (journal_reader) may not INSERT in agentfsm_journal_record: GRANT SELECT,"
                        + " INSERT ON agentfsm_journal_record TO journal_reader"),
                message);
    }

    @Test
    void tablesOfTheseNamesMadeForSomethingElseAreRefusedNamingWhatDiffers() throws Exception {
        sql(
                "CREATE SCHEMA other",
                "CREATE TABLE other.agentfsm_journal (journal text, holder text, claimed timestamp)",
                "CREATE TABLE other.agentfsm_journal_record (journal text, n integer, line varchar(200))");
        PGSimpleDataSource other = server.dataSource();
        other.setCurrentSchema("other");
        IOException e = assertThrows(IOException.class, () -> PostgresJournalStore.of(other));
        String message = e.getMessage();
        assertTrue(message.contains(" are not as schema.sql (fsm-journal-postgres) makes them: "), message);
        assertTrue(message.contains("agentfsm_journal has no column holder_backend (integer)"), message);
        assertTrue(
                message.contains(
                        "agentfsm_journal.claimed is timestamp without time zone, not timestamp with" + " time zone"),
                message);
        assertTrue(message.contains("agentfsm_journal's primary key is missing, not (journal)"), message);
        assertTrue(message.contains("agentfsm_journal_record.line is character varying(200), not text"), message);
        assertTrue(message.contains("agentfsm_journal_record's primary key is missing, not (journal, n)"), message);
        assertTrue(message.contains("drop or rename them and make the store again"), message);
    }

    private static PGSimpleDataSource as(String role) {
        PGSimpleDataSource source = server.dataSource();
        source.setUser(role);
        return source;
    }

    private static void sql(String... statements) throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
