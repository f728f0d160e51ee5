package dev.agentfsm.journal.postgres;

import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import javax.sql.DataSource;

/**
 * Journals in PostgreSQL, so that a session stopped on one machine resumes on another: one row per record
 * (the record's line, exactly as a journal file holds it), in the tables of {@code schema.sql} beside this
 * class, which {@link #of} creates when they are missing.
 *
 * <pre>{@code
 * PGSimpleDataSource db = new PGSimpleDataSource();
 * db.setUrl("jdbc:postgresql://db.internal:5432/agents");
 * JournalStore store = PostgresJournalStore.of(db);
 * Journal journal = Journal.create(store, "ticket-4711");        // machine A
 * Journal journal = Journal.open(store, "ticket-4711");          // machine B, after A stopped
 * }</pre>
 *
 * <p><b>A claim</b> is a session-level advisory lock on the journal, held by the writer's own connection
 * until {@link Writer#close}, and released by the server when that connection ends (the process was killed,
 * the machine went away and the server noticed). A second claim fails at once with {@link
 * JournalException.Kind#IN_USE}, naming the journal and its holder (the process and host that claimed it,
 * since when, and the holder's server process); claims on one journal are made one at a time (under a
 * transaction-level advisory lock), so of two resumers racing for a journal exactly one wins. {@link
 * #waitingForClaim} makes a claim wait for the holder to let go instead.
 *
 * <p><b>Durable before the next step:</b> each record is one {@code INSERT} committed on its own with
 * {@code synchronous_commit} on (set on the writer's connection), so {@link Writer#append} returns once the
 * server has flushed it to its write-ahead log. A row is whole or absent: nothing is ever torn. A statement
 * fails once the server's answer is overdue ({@link #waitingForLocks} and {@link #waitingForNetwork}), rather
 * than hanging on a lock or a silent network.
 *
 * <p><b>Connections are given back as they were found</b> (auto-commit, network timeout, {@code
 * synchronous_commit}, {@code lock_timeout}), so a pooling data source hands other code what it had.
 */
public final class PostgresJournalStore implements JournalStore {
    private static final String SCHEMA = "schema.sql";
    private static final String INSERT_RECORD =
            "INSERT INTO agentfsm_journal_record (journal, n, line) VALUES (?, ?, ?)";
    /**
     * A journal's rows in order, each with its size and the running size of the rows so far; the line itself
     * only while both are within the journal's caps, so that a row edited in past them is refused unfetched.
     */
    private static final String SELECT_RECORDS = "SELECT n, bytes, total, CASE WHEN bytes <= ? AND total <= ? THEN"
            + " line END FROM (SELECT n, line, octet_length(line) AS bytes, sum(octet_length(line) + 1) OVER"
            + " (ORDER BY n) AS total FROM agentfsm_journal_record WHERE journal = ?) AS rows ORDER BY n";
    /**
     * The journals with records, in one index probe each (PostgreSQL has no skip scan): the first name, then
     * the next name after each, rather than a scan of every record.
     */
    private static final String LIST_JOURNALS = "WITH RECURSIVE listed (journal) AS ("
            + "(SELECT journal FROM agentfsm_journal_record ORDER BY journal LIMIT 1)"
            + " UNION ALL SELECT (SELECT r.journal FROM agentfsm_journal_record AS r WHERE r.journal > listed.journal"
            + " ORDER BY r.journal LIMIT 1) FROM listed WHERE listed.journal IS NOT NULL)"
            + " SELECT journal FROM listed WHERE journal IS NOT NULL ORDER BY journal COLLATE \"C\"";
    /** PostgreSQL's lock_not_available: a lock wait ran out. */
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(30);
    private static final Duration DEFAULT_NETWORK_WAIT = Duration.ofSeconds(60);
    private static final Duration MAX_WAIT = Duration.ofMillis(Integer.MAX_VALUE);

    private final DataSource dataSource;
    private final String database;
    private final String holder;
    private final Duration claimWait;
    private final Duration lockWait;
    private final Duration networkWait;

    private PostgresJournalStore(
            DataSource dataSource,
            String database,
            String holder,
            Duration claimWait,
            Duration lockWait,
            Duration networkWait) {
        this.dataSource = dataSource;
        this.database = database;
        this.holder = holder;
        this.claimWait = claimWait;
        this.lockWait = lockWait;
        this.networkWait = networkWait;
    }

    /**
     * The journals of the database {@code dataSource} connects to; its tables are created when they are
     * missing. Each writer takes a connection of its own from {@code dataSource} for as long as it holds its
     * journal.
     *
     * @throws IOException if the database cannot be reached, the tables are missing and cannot be created, or
     *     tables of their names are not as {@link #schema()} makes them or lack this role's grants (named)
     */
    public static PostgresJournalStore of(DataSource dataSource) throws IOException {
        Objects.requireNonNull(dataSource, "dataSource");
        String schema = schema();
        try (TakenConnection taken =
                TakenConnection.take(dataSource, millis(DEFAULT_LOCK_WAIT.plus(DEFAULT_NETWORK_WAIT)))) {
            Connection connection = taken.connection();
            String url = connection.getMetaData().getURL();
            String database = url.indexOf('?') < 0 ? url : url.substring(0, url.indexOf('?'));
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                // two processes creating the tables at once would collide on the catalogue: one at a time
                statement.execute("SELECT pg_advisory_xact_lock(" + key("schema", "") + ")");
                // only when missing: CREATE TABLE IF NOT EXISTS needs CREATE on the schema even when the table
                // is there, which a role whose administrator made the tables lacks (PostgreSQL 15's public)
                if (!Tables.exist(connection)) {
                    statement.execute(schema);
                }
            }
            List<String> problems = Tables.problems(connection);
            connection.commit();
            if (!problems.isEmpty()) {
                throw new IOException("the journal store's tables in " + database + " are not as " + SCHEMA
                        + " (fsm-journal-postgres) makes them: " + String.join("; ", problems) + ". A table of that"
                        + " name made by hand or for something else would refuse records late or keep them changed;"
                        + " give the grants named, or, if the tables hold no journals, drop or rename them and make"
                        + " the store again (or have the administrator create them as PostgresJournalStore.schema()"
                        + " says)");
            }
            return new PostgresJournalStore(
                    dataSource, database, defaultHolder(), Duration.ZERO, DEFAULT_LOCK_WAIT, DEFAULT_NETWORK_WAIT);
        } catch (SQLException e) {
            throw new IOException(
                    "the journal store could not reach its PostgreSQL database or create its tables: "
                            + e.getMessage() + "; check the data source, or have the tables of " + SCHEMA
                            + " (fsm-journal-postgres) created by the database's administrator",
                    e);
        }
    }

    /**
     * This store, but a claim on a journal another writer holds waits up to {@code wait} for it to be
     * released (the holder closed it, or its connection ended) before it fails with {@link
     * JournalException.Kind#IN_USE}; {@link Duration#ZERO}, the default, fails at once.
     */
    public PostgresJournalStore waitingForClaim(Duration wait) {
        if (wait.isNegative()) {
            throw new IllegalArgumentException("a claim waits zero or more, not " + wait);
        }
        refuseOverMax(wait, "a claim waits", "PostgreSQL's lock_timeout");
        return new PostgresJournalStore(dataSource, database, holder, wait, lockWait, networkWait);
    }

    /**
     * This store, but a writer's statements wait up to {@code wait} (PostgreSQL's {@code lock_timeout}) for a
     * lock another transaction holds on the journal's tables (an open transaction that deleted rows, a {@code
     * LOCK TABLE}, {@code ALTER TABLE} or {@code VACUUM FULL}) before they fail, naming it; 30 seconds by
     * default. An append that runs out fails the session, which resumes from the records kept once the lock is
     * gone, rather than hanging on it unseen.
     */
    public PostgresJournalStore waitingForLocks(Duration wait) {
        if (wait.isNegative() || wait.toMillis() < 1) {
            throw new IllegalArgumentException("a writer waits for a lock at least 1 ms (PostgreSQL's lock_timeout"
                    + " 0 would wait for ever), not " + wait
                    + "; give a positive wait, such as Duration.ofSeconds(30)");
        }
        refuseOverMax(wait, "a writer waits", "PostgreSQL's lock_timeout");
        return new PostgresJournalStore(dataSource, database, holder, claimWait, wait, networkWait);
    }

    /**
     * This store, but a statement fails once the server's answer is {@code wait} overdue, beyond the time it may
     * wait for locks (the driver's network timeout, set on each connection the store takes and put back when it
     * gives it back); 60 seconds by default. A network that drops packets without a reset (a cable pulled, a
     * firewall that forgot the connection) would otherwise hang an append for ever. An append that runs out
     * fails the session saying its record may or may not have been kept; the journal resumes from the records
     * the server really kept once the server has let the dead connection go.
     */
    public PostgresJournalStore waitingForNetwork(Duration wait) {
        if (wait.isNegative() || wait.toMillis() < 1) {
            throw new IllegalArgumentException("a statement waits for the server's answer at least 1 ms (the"
                    + " driver's network timeout 0 would wait for ever), not " + wait
                    + "; give a positive wait, such as Duration.ofSeconds(60)");
        }
        refuseOverMax(wait, "a statement waits for the server's answer", "the driver's network timeout");
        return new PostgresJournalStore(dataSource, database, holder, claimWait, lockWait, wait);
    }

    /** A network timeout of the driver's: milliseconds in an int, at most about 24.8 days. */
    private static int millis(Duration wait) {
        return (int) Math.min(Integer.MAX_VALUE, wait.toMillis());
    }

    /**
     * PostgreSQL's lock_timeout and the driver's network timeout take at most 2^31 - 1 ms; a longer wait would
     * fail every statement, unexplained.
     */
    private static void refuseOverMax(Duration wait, String waiting, String limit) {
        if (wait.compareTo(MAX_WAIT) > 0) {
            throw new IllegalArgumentException(waiting + " at most " + MAX_WAIT + " (" + limit + " of "
                    + MAX_WAIT.toMillis() + " ms), not " + wait + "; give a shorter wait");
        }
    }

    /** The tables this store keeps its journals in, as {@code CREATE TABLE IF NOT EXISTS} statements. */
    public static String schema() {
        try (InputStream in = PostgresJournalStore.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException(SCHEMA + " is missing beside " + PostgresJournalStore.class.getName()
                        + ": the fsm-journal-postgres jar is incomplete");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(SCHEMA + " could not be read from the fsm-journal-postgres jar", e);
        }
    }

    @Override
    public List<String> journals() throws IOException {
        try (TakenConnection taken = TakenConnection.take(dataSource, millis(lockWait.plus(networkWait)))) {
            Connection connection = taken.connection();
            connection.setAutoCommit(false);
            List<String> names = new ArrayList<>();
            try (Statement statement = connection.createStatement()) {
                // a table another transaction locks (VACUUM FULL) fails the listing, named, rather than hanging it
                statement.execute("SET LOCAL lock_timeout = " + lockWait.toMillis());
                try (ResultSet rows = statement.executeQuery(LIST_JOURNALS)) {
                    while (rows.next()) {
                        names.add(rows.getString(1));
                    }
                }
            }
            connection.commit();
            return names;
        } catch (SQLException e) {
            throw new IOException("the journals in " + database + " could not be listed: " + e.getMessage(), e);
        }
    }

    @Override
    public Writer create(String journal) throws IOException {
        Claim claim = claim(journal, "created");
        try {
            int records;
            try (PreparedStatement count = claim.connection.prepareStatement(
                    "SELECT count(*) FROM agentfsm_journal_record WHERE journal = ?")) {
                count.setString(1, journal);
                try (ResultSet rows = count.executeQuery()) {
                    rows.next();
                    records = rows.getInt(1);
                }
            }
            if (records > 0) {
                throw new JournalException(
                        JournalException.Kind.MISUSE,
                        where(journal),
                        "journal " + where(journal) + " already holds " + records + " records; a journal is never"
                                + " overwritten. Resume it (Journal.open(store, \"" + journal
                                + "\")), or name another journal");
            }
            return claim;
        } catch (SQLException | RuntimeException e) {
            claim.release();
            throw sqlOrRethrow(e, "read", claim);
        }
    }

    @Override
    public Writer open(String journal, Reader reader) throws IOException {
        Objects.requireNonNull(reader, "reader");
        Claim claim = claim(journal, "opened");
        try {
            claim.connection.setAutoCommit(false); // a cursor: the rows come in batches, not all at once
            try (PreparedStatement select = claim.connection.prepareStatement(SELECT_RECORDS)) {
                select.setInt(1, MAX_LINE_BYTES);
                select.setLong(2, MAX_JOURNAL_BYTES);
                select.setString(3, journal);
                select.setFetchSize(256);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        int n = rows.getInt(1);
                        String cut = "delete its rows from there (DELETE FROM agentfsm_journal_record WHERE journal = "
                                + quote(journal) + " AND n >= " + n + ")";
                        String line = rows.getString(4);
                        if (line == null) {
                            throw tooLarge(journal, n, rows.getLong(2), rows.getLong(3), cut);
                        }
                        reader.line(new Line(n, line, "row n = " + n, cut));
                        claim.records = n;
                    }
                }
            }
            reader.torn(0);
            claim.connection.commit();
            claim.connection.setAutoCommit(true);
            return claim;
        } catch (SQLException | RuntimeException e) {
            claim.release();
            throw sqlOrRethrow(e, "read", claim);
        }
    }

    /**
     * A row past the journal's caps, which this runtime never writes (it refuses such a record before
     * appending it): refused before its line is fetched, as a file over them is refused before it is read.
     */
    private JournalException tooLarge(String journal, int n, long bytes, long total, String cut) {
        String over = bytes > MAX_LINE_BYTES
                ? "holds a line of " + bytes + " bytes, over the cap of " + MAX_LINE_BYTES + " bytes (16 MiB) a record"
                        + " may have"
                : "takes the journal's rows to " + total + " bytes, over the cap of " + MAX_JOURNAL_BYTES
                        + " bytes (128 MiB) a journal may hold";
        return new JournalException(
                JournalException.Kind.TOO_LARGE,
                where(journal),
                "journal " + where(journal) + ": row n = " + n + " " + over + "; it was not read, and nothing was"
                        + " resumed or changed. This runtime never writes such a row: restore the journal from a copy,"
                        + " start a new session, or, to resume from the rows before it, " + cut);
    }

    @Override
    public String where(String journal) {
        return quote(journal) + " in " + database;
    }

    @Override
    public String toString() {
        return "PostgresJournalStore[" + database + "]";
    }

    /** Takes a connection and claims {@code journal} on it, or fails naming its holder. */
    private Claim claim(String journal, String doing) throws IOException {
        Objects.requireNonNull(journal, "journal");
        JournalName.check(journal);
        long hold = key("hold", journal);
        TakenConnection taken;
        try {
            // a claim may wait for locks, then for its holder, then for the network
            taken = TakenConnection.take(
                    dataSource, millis(lockWait.plus(claimWait).plus(networkWait)));
        } catch (SQLException e) {
            throw new IOException(
                    "journal " + where(journal) + " could not be " + doing + ": no connection to the database: "
                            + e.getMessage(),
                    e);
        }
        Connection connection = taken.connection();
        boolean held = false;
        try {
            connection.setAutoCommit(true);
            try (Statement statement = connection.createStatement()) {
                // every record is on the server's disk before append returns, whatever the server's default
                statement.execute("SET synchronous_commit TO on");
                // a lock another transaction keeps (a psql session left open) fails a statement, named, rather
                // than hanging the session on it with nothing said
                statement.execute("SET lock_timeout = " + lockWait.toMillis());
            }
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                // a claim may wait for another claimer's wait for the holder
                statement.execute("SET LOCAL lock_timeout = "
                        + Math.min(Integer.MAX_VALUE, lockWait.plus(claimWait).toMillis()));
                // claims of one journal one at a time: a loser reads the winner's committed holder
                statement.execute("SELECT pg_advisory_xact_lock(" + key("claim", journal) + ")");
            }
            held = lock(connection, hold);
            if (!held) {
                JournalException inUse = inUse(connection, journal, doing);
                taken.close();
                throw inUse;
            }
            int backend;
            try (PreparedStatement claim = connection.prepareStatement(
                    "INSERT INTO agentfsm_journal (journal, holder, holder_backend, claimed)"
                            + " VALUES (?, ?, pg_backend_pid(), now())"
                            + " ON CONFLICT (journal) DO UPDATE SET holder = excluded.holder,"
                            + " holder_backend = excluded.holder_backend, claimed = excluded.claimed"
                            + " RETURNING holder_backend")) {
                claim.setString(1, journal);
                claim.setString(2, holder);
                try (ResultSet rows = claim.executeQuery()) {
                    rows.next();
                    backend = rows.getInt(1);
                }
            }
            connection.commit();
            connection.setAutoCommit(true);
            // from now on a statement waits for locks, then for the network; no longer for a holder
            taken.answerWithin(millis(lockWait.plus(networkWait)));
            return new Claim(taken, journal, hold, backend);
        } catch (SQLException e) {
            if (held) {
                new Claim(taken, journal, hold, 0).release();
            } else {
                taken.close();
            }
            throw new IOException(
                    "journal " + where(journal) + " could not be claimed: "
                            + explained(
                                    e,
                                    lockWait.plus(claimWait),
                                    "it was not claimed",
                                    "it may or may not have been claimed (its claim's commit was sent, and whether the"
                                            + " server made it is unknown)",
                                    OptionalInt.empty()),
                    e);
        }
    }

    /** Takes the session-level lock {@code hold}: at once, or waiting up to the claim wait. */
    private boolean lock(Connection connection, long hold) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (claimWait.isZero()) {
                try (ResultSet rows = statement.executeQuery("SELECT pg_try_advisory_lock(" + hold + ")")) {
                    rows.next();
                    return rows.getBoolean(1);
                }
            }
            statement.execute("SAVEPOINT claim");
            statement.execute("SET LOCAL lock_timeout = " + Math.max(1, claimWait.toMillis()));
            try {
                statement.execute("SELECT pg_advisory_lock(" + hold + ")");
                return true;
            } catch (SQLException e) {
                if (!"55P03".equals(e.getSQLState())) { // lock_not_available: the wait ran out
                    throw e;
                }
                statement.execute("ROLLBACK TO SAVEPOINT claim");
                return false;
            }
        }
    }

    private JournalException inUse(Connection connection, String journal, String doing) throws SQLException {
        String who = "another writer (it recorded no holder)";
        String end = "";
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT holder, holder_backend, claimed FROM agentfsm_journal WHERE journal = ?")) {
            select.setString(1, journal);
            try (ResultSet rows = select.executeQuery()) {
                if (rows.next()) {
                    int backend = rows.getInt(2);
                    who = rows.getString(1) + " (since " + rows.getObject(3, OffsetDateTime.class)
                            + ", on the server's connection process " + backend + ")";
                    end = "; if that process is gone and the server still keeps its connection, end it (SELECT"
                            + " pg_terminate_backend(" + backend + ")) and try again";
                }
            }
        }
        return new JournalException(
                JournalException.Kind.IN_USE,
                where(journal),
                "journal " + where(journal) + " is held by " + who
                        + (claimWait.isZero() ? "" : ", which did not let it go within " + claimWait)
                        + ": a journal is written by one session at a time, so it was not " + doing
                        + " here. Wait for that session to end, or stop it" + end);
    }

    /** A writer's claim: its own connection, holding the journal's lock until it is closed. */
    private final class Claim implements Writer {
        private final TakenConnection taken;
        private final Connection connection;
        private final String journal;
        private final long hold;
        /** The server process of the connection, to end it by when its network went silent. */
        private final int backend;

        private int records;
        private boolean released;

        Claim(TakenConnection taken, String journal, long hold, int backend) {
            this.taken = taken;
            this.connection = taken.connection();
            this.journal = journal;
            this.hold = hold;
            this.backend = backend;
        }

        @Override
        public synchronized void append(String line) throws IOException {
            if (released) {
                throw new IllegalStateException("journal " + where(journal) + " was closed; open it again to write");
            }
            try (PreparedStatement insert = connection.prepareStatement(INSERT_RECORD)) {
                insert.setString(1, journal);
                insert.setInt(2, records + 1);
                insert.setString(3, line);
                insert.executeUpdate();
            } catch (SQLException e) {
                int n = records + 1;
                throw new IOException(
                        "journal " + where(journal) + " could not keep record " + n + ": "
                                + explained(
                                        e,
                                        lockWait,
                                        "the record was not kept",
                                        "record " + n + " may or may not have been kept (its INSERT was sent, and"
                                                + " whether the server committed it is unknown)",
                                        OptionalInt.of(backend)),
                        e);
            }
            records++;
        }

        @Override
        public synchronized void close() throws IOException {
            if (!released) {
                release();
            }
        }

        /**
         * Lets the lock go and gives the connection back as it was found; a connection that broke has lost its
         * lock already, or loses it when the server ends it.
         */
        synchronized void release() {
            released = true;
            try {
                if (!connection.getAutoCommit()) {
                    connection.rollback(); // a failed read's transaction: the unlock needs a live one
                }
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SELECT pg_advisory_unlock(" + hold + ")");
                }
            } catch (SQLException e) {
                // the connection is broken: the server ends its session, and its lock with it
            } finally {
                taken.close();
            }
        }
    }

    private IOException sqlOrRethrow(Exception e, String doing, Claim claim) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        return new IOException(
                "journal " + where(claim.journal) + " could not be " + doing + ": "
                        + (e instanceof SQLException sql
                                ? explained(
                                        sql,
                                        lockWait,
                                        "nothing was changed",
                                        "nothing was changed",
                                        OptionalInt.of(claim.backend))
                                : e.getMessage()),
                e);
    }

    /**
     * What PostgreSQL said, and, for a lock wait that ran out, whose lock it is likely to be and what to do; for
     * an answer that never came, that the outcome is {@code unknown} and how to resume from what the server kept.
     */
    private String explained(SQLException e, Duration lockWaits, String outcome, String unknown, OptionalInt backend) {
        if (unanswered(e)) {
            String end = backend.isPresent() ? " (SELECT pg_terminate_backend(" + backend.getAsInt() + "))" : "";
            return "no answer came from the server within " + lockWaits.plus(networkWait) + " (this store's lock wait, "
                    + lockWaits + ", and network wait, " + networkWait + "): the network or the server stopped"
                    + " answering (PostgreSQL's driver: " + e.getMessage() + "); " + unknown + ". The connection was"
                    + " dropped here; the server lets the journal's claim go once it ends that connection, at once"
                    + " when the network carries the end, else once its tcp_keepalives_idle finds the connection dead,"
                    + " or now if it is ended from another connection" + end + ". Then open the journal again: it"
                    + " resumes from the records the server kept, so a step whose record was kept does not run again;"
                    + " PostgresJournalStore.waitingForNetwork sets how long a statement waits for an answer";
        }
        if (!LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
            return e.getMessage();
        }
        return "another transaction held a lock on the journal's tables (an open transaction that deleted or"
                + " changed their rows, a LOCK TABLE, ALTER TABLE or VACUUM FULL) and did not let it go within "
                + lockWaits + ", this store's lock wait (PostgreSQL: " + e.getMessage() + "); " + outcome
                + ". End that transaction (find it with SELECT pid, state, xact_start, query FROM pg_stat_activity"
                + " WHERE state LIKE 'idle in transaction%' OR wait_event_type = 'Lock'; COMMIT or ROLLBACK it, or"
                + " SELECT pg_terminate_backend(pid)), then open the journal again, which resumes from the records"
                + " kept; PostgresJournalStore.waitingForLocks sets how long a writer waits";
    }

    /** Whether the driver gave up waiting for the server's answer (its network timeout ran out). */
    private static boolean unanswered(SQLException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** An advisory lock's key: 64 bits of a SHA-256 of what it locks. */
    static long key(String kind, String journal) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(("agentfsm-journal/" + kind + "/" + journal).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM, which every JVM has", e);
        }
    }

    private static String quote(String journal) {
        return "'" + journal.replace("'", "''") + "'";
    }

    /** Who claims: this process on this host, so that a refused claim says whom to wait for. */
    private static String defaultHolder() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "a host without a name (" + e.getMessage() + ")";
        }
        return "process " + ProcessHandle.current().pid() + " on " + host;
    }
}
