package dev.agentfsm.journal.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A network that stops carrying a writer's packets without a reset ({@link SilentProxy} between the store and
 * a real server, {@link PostgresServer}): the append fails once its answer is overdue instead of hanging the
 * session for ever, says the record may or may not have been kept, and the journal, resumed once the server
 * let the dead connection go, holds exactly what the server kept, whichever way the packets were lost.
 */
class PostgresNetworkTest {
    private static PostgresServer server;
    private static PostgresJournalStore direct;

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target", "postgres"));
        direct = PostgresJournalStore.of(server.dataSource());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anAppendWhoseStatementNeverReachedTheServerFailsAndTheJournalResumesWithoutIt() throws Exception {
        List<String> kept = silencedAppend("unsent", proxy -> proxy.forwardToServer(false));
        assertEquals(List.of(PostgresJournalStoreTest.line("unsent", 1)), kept);
    }

    @Test
    void anAppendWhoseAnswerNeverCameFailsAndTheJournalResumesWithTheRecordTheServerKept() throws Exception {
        List<String> kept = silencedAppend("unanswered", proxy -> proxy.forwardToClient(false));
        assertEquals(
                List.of(PostgresJournalStoreTest.line("unanswered", 1), PostgresJournalStoreTest.line("unanswered", 2)),
                kept);
    }

    @Test
    void aNetworkWaitTheDriverCannotSetIsRefusedWhenItIsGiven() {
        IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> direct.waitingForNetwork(Duration.ZERO));
        assertTrue(zero.getMessage().contains("network timeout 0 would wait for ever), not PT0S"), zero.getMessage());
        IllegalArgumentException month =
                assertThrows(IllegalArgumentException.class, () -> direct.waitingForNetwork(Duration.ofDays(30)));
        assertTrue(
                month.getMessage().startsWith("a statement waits for the server's answer at most PT596H31M23.647S"),
                month.getMessage());
    }

    /**
     * Appends record 1 through a proxy, silences the proxy, appends record 2, which must fail, then ends the
     * proxy's connections and returns the records a resumed writer reads (and appends the next one after them).
     */
    private static List<String> silencedAppend(String journal, java.util.function.Consumer<SilentProxy> silence)
            throws Exception {
        ExecutorService appender = Executors.newSingleThreadExecutor();
        try (SilentProxy proxy = SilentProxy.to(server.port())) {
            PGSimpleDataSource proxied = server.dataSource();
            proxied.setPortNumbers(new int[] {proxy.port()});
            // short waits, which the silent network makes run out (the defaults would only make this test slow)
            PostgresJournalStore store = PostgresJournalStore.of(proxied)
                    .waitingForLocks(Duration.ofSeconds(1))
                    .waitingForNetwork(Duration.ofSeconds(1));
            JournalStore.Writer writer = store.create(journal);
            writer.append(PostgresJournalStoreTest.line(journal, 1));
            int backend = PostgresJournalStoreTest.backendOf(server, journal);

            silence.accept(proxy);
            Future<?> append = appender.submit(() -> {
                writer.append(PostgresJournalStoreTest.line(journal, 2));
                return null;
            });
            // a hang guard: the store's waits run out long before it
            ExecutionException failed = assertThrows(ExecutionException.class, () -> append.get(60, TimeUnit.SECONDS));
            proxy.awaitDrop();
            String message = failed.getCause().getMessage();
            assertTrue(failed.getCause() instanceof IOException, String.valueOf(failed.getCause()));
            assertTrue(message.startsWith("journal '" + journal + "' in jdbc:postgresql://127.0.0.1:"), message);
            assertTrue(
                    message.contains("could not keep record 2: no answer came from the server within PT2S (this"
                            + " store's lock wait, PT1S, and network wait, PT1S)"),
                    message);
            assertTrue(message.contains("record 2 may or may not have been kept"), message);
            assertTrue(message.contains("SELECT pg_terminate_backend(" + backend + ")"), message);
            assertTrue(message.contains("PostgresJournalStore.waitingForNetwork"), message);
            writer.close(); // its connection was dropped: nothing to let go, and no error

            // the server still keeps the silent connection, and with it the claim
            JournalException inUse = assertThrows(
                    JournalException.class, () -> direct.open(journal, new PostgresJournalStoreTest.Lines()));
            assertEquals(JournalException.Kind.IN_USE, inUse.kind());
            proxy.close(); // the network comes back: the server sees the connection end
            awaitGone(backend);
        } finally {
            appender.shutdownNow();
        }
        PostgresJournalStoreTest.Lines lines = new PostgresJournalStoreTest.Lines();
        try (JournalStore.Writer resumed = direct.open(journal, lines)) {
            resumed.append(PostgresJournalStoreTest.line(journal, lines.lines.size() + 1));
        }
        assertEquals(
                lines.lines.size() + 1,
                PostgresJournalStoreTest.read(server.dataSource(), journal).size());
        return lines.lines;
    }

    /** Waits until the server ended its process {@code backend} (a hang guard of 60 s, not a guess about time). */
    private static void awaitGone(int backend) throws Exception {
        long giveUp = System.nanoTime() + 60_000_000_000L;
        try (Connection admin = server.dataSource().getConnection();
                PreparedStatement select = admin.prepareStatement("SELECT 1 FROM pg_stat_activity WHERE pid = ?")) {
            select.setInt(1, backend);
            while (true) {
                try (ResultSet rows = select.executeQuery()) {
                    if (!rows.next()) {
                        return;
                    }
                }
                assertTrue(System.nanoTime() < giveUp, "backend " + backend + " still there after 60 s");
                Thread.onSpinWait();
            }
        }
    }
}
