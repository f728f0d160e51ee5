package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@link PostgresJournalStore} refuses, on a real server ({@link PostgresServer}): an append blocked by a
 * lock another transaction keeps fails naming it instead of hanging, and keeps nothing; rows edited past the
 * journal's caps are refused before they are fetched; journal names PostgreSQL would refuse or change are
 * refused naming the fix, and odd ones it keeps read back as given.
 */
class PostgresRefusalsTest {
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
    void anAppendBlockedByALockAnotherTransactionKeepsFailsNamingItAndKeepsNothing() throws Exception {
        // a short wait, which the held lock makes run out (the default of 30 s would only make this test slow)
        JournalStore.Writer writer =
                store.waitingForLocks(Duration.ofSeconds(1)).create("blocked");
        writer.append(PostgresJournalStoreTest.line("blocked", 1));
        ExecutorService appender = Executors.newSingleThreadExecutor();
        try (Connection admin = server.dataSource().getConnection()) {
            // an administrator's psql session left open in a transaction that blocks inserts
            admin.setAutoCommit(false);
            try (Statement statement = admin.createStatement()) {
                statement.execute("LOCK TABLE agentfsm_journal_record IN SHARE MODE");
            }
            try {
                Future<?> append = appender.submit(() -> {
                    writer.append(PostgresJournalStoreTest.line("blocked", 2));
                    return null;
                });
                // the lock wait runs out long before this hang guard
                ExecutionException failed =
                        assertThrows(ExecutionException.class, () -> append.get(60, TimeUnit.SECONDS));
                IOException e = (IOException) failed.getCause();
                String message = e.getMessage();
                assertTrue(message.startsWith("journal 'blocked' in jdbc:postgresql://127.0.0.1:"), message);
                assertTrue(message.contains("could not keep record 2: another transaction held a lock"), message);
                assertTrue(message.contains("did not let it go within PT1S, this store's lock wait"), message);
                assertTrue(message.contains("the record was not kept"), message);
                assertTrue(message.contains("pg_stat_activity"), message);
                assertTrue(message.contains("PostgresJournalStore.waitingForLocks"), message);
            } finally {
                admin.rollback();
            }
        } finally {
            appender.shutdownNow();
            writer.close();
        }
        // nothing was acknowledged that was not kept, and the journal resumes from what was
        PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
        try (JournalStore.Writer resumed = store.open("blocked", lines)) {
            assertEquals(List.of(PostgresJournalStoreTest.line("blocked", 1)), lines.lines);
            resumed.append(PostgresJournalStoreTest.line("blocked", 2));
        }
        assertEquals(
                2, PostgresJournalStoreTest.read(server.dataSource(), "blocked").size());
    }

    @Test
    void aLockWaitPostgresCannotSetIsRefusedWhenItIsGiven() {
        IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> store.waitingForLocks(java.time.Duration.ZERO));
        assertTrue(
                zero.getMessage().contains("PostgreSQL's lock_timeout 0 would wait for ever), not PT0S"),
                zero.getMessage());
        IllegalArgumentException month = assertThrows(
                IllegalArgumentException.class, () -> store.waitingForLocks(java.time.Duration.ofDays(30)));
        assertTrue(month.getMessage().startsWith("a writer waits at most PT596H31M23.647S"), month.getMessage());
    }

    @Test
    void aRowLongerThanARecordMayBeIsRefusedBeforeItIsFetchedAndKept() throws Exception {
        insert("huge", 1, JournalStore.MAX_LINE_BYTES + 1);
        for (int attempt = 0; attempt < 2; attempt++) { // refused twice: the refusal let the claim go
            JournalException e = assertThrows(
                    JournalException.class, () -> store.open("huge", new PostgresJournalStoreTest.Lines()));
            assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
            assertEquals(store.where("huge"), e.journal());
            assertTrue(
                    e.getMessage()
                            .contains(": row n = 1 holds a line of 16777217 bytes, over the cap of 16777216"
                                    + " bytes (16 MiB) a record may have; it was not read"),
                    e.getMessage());
            assertTrue(
                    e.getMessage().contains("(DELETE FROM agentfsm_journal_record WHERE journal = 'huge' AND n >= 1)"),
                    e.getMessage());
        }
        assertEquals(List.of(JournalStore.MAX_LINE_BYTES + 1L), sizes("huge"));
    }

    @Test
    void rowsTakingAJournalPastItsCapAreRefusedAtTheFirstOneOver() throws Exception {
        int fifteenMib = 15 << 20;
        for (int n = 1; n <= 9; n++) { // 8 rows are 120 MiB and some bytes; the 9th takes them past 128 MiB
            insert("long", n, fifteenMib);
        }
        JournalStore.Reader counting = new JournalStore.Reader() {
            @Override
            public void line(JournalStore.Line line) {
                // the lines are not kept: 8 of 15 MiB are handed over before the refusal
            }

            @Override
            public void torn(long bytes) {}
        };
        JournalException e = assertThrows(JournalException.class, () -> store.open("long", counting));
        assertEquals(JournalException.Kind.TOO_LARGE, e.kind());
        assertTrue(
                e.getMessage()
                        .contains(": row n = 9 takes the journal's rows to " + 9L * (fifteenMib + 1)
                                + " bytes, over the cap of 134217728 bytes (128 MiB) a journal may hold"),
                e.getMessage());
        assertEquals(9, sizes("long").size());
    }

    @Test
    void namesPostgresWouldRefuseOrChangeAreRefusedNamingTheFix() throws Exception {
        String longName = longName(3000);
        for (String name : List.of("nul\u0000name", "lone\uD800", longName)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.create(name));
            assertTrue(e.getMessage().startsWith("journal name \""), e.getMessage());
            assertTrue(
                    e.getMessage().contains("A journal's name is text of 1 to 1024 bytes without NUL characters"),
                    e.getMessage());
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> store.open("nul\u0000name", new PostgresJournalStoreTest.Lines()));
        IllegalArgumentException nul =
                assertThrows(IllegalArgumentException.class, () -> store.create("nul\u0000name"));
        assertTrue(
                nul.getMessage().contains("\"nul\\u0000name\" is refused: it holds a NUL character at index 3"),
                nul.getMessage());
        IllegalArgumentException lone = assertThrows(IllegalArgumentException.class, () -> store.create("lone\uD800"));
        assertTrue(lone.getMessage().contains("it holds a lone surrogate at index 4"), lone.getMessage());
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class, () -> store.create(longName));
        assertTrue(
                tooLong.getMessage().contains("it has 3000 bytes in UTF-8, over the 1024 a name may have"),
                tooLong.getMessage());
        assertTrue(store.journals().stream().noneMatch(j -> j.startsWith("nul") || j.startsWith("lone")));
    }

    @Test
    void oddNamesItKeepsReadBackAsGiven() throws Exception {
        String odd = "it's \"ticket\" 4711\\; DROP TABLE agentfsm_journal;--\n\t\uD83C\uDFAB é " + longName(900);
        try (JournalStore.Writer writer = store.create(odd)) {
            writer.append(PostgresJournalStoreTest.line("odd", 1));
        }
        assertTrue(store.journals().contains(odd), store.journals().toString());
        PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
        store.open(odd, lines).close();
        assertEquals(List.of(PostgresJournalStoreTest.line("odd", 1)), lines.lines);
        assertEquals(1, PostgresJournalStoreTest.read(server.dataSource(), odd).size());
    }

    /** A name of {@code length} hex digits that do not repeat, so that PostgreSQL cannot compress it. */
    private static String longName(int length) throws Exception {
        StringBuilder name = new StringBuilder();
        byte[] digest = "agentfsm".getBytes(StandardCharsets.UTF_8);
        while (name.length() < length) {
            digest = MessageDigest.getInstance("SHA-256").digest(digest);
            name.append(HexFormat.of().formatHex(digest));
        }
        return name.substring(0, length);
    }

    /** Puts in, as an administrator's SQL would, a row whose line is {@code bytes} bytes of {@code x}. */
    private static void insert(String journal, int n, int bytes) throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO agentfsm_journal_record (journal, n, line) VALUES (?, ?, repeat('x', ?))")) {
            insert.setString(1, journal);
            insert.setInt(2, n);
            insert.setInt(3, bytes);
            insert.executeUpdate();
        }
    }

    private static List<Long> sizes(String journal) throws Exception {
        try (Connection connection = server.dataSource().getConnection();
                PreparedStatement select = connection.prepareStatement(
                        "SELECT octet_length(line) FROM agentfsm_journal_record WHERE journal = ? ORDER BY n")) {
            select.setString(1, journal);
            List<Long> sizes = new java.util.ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    sizes.add(rows.getLong(1));
                }
            }
            return sizes;
        }
    }
}
