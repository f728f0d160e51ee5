package dev.agentfsm.journal.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * A connection the store took from its data source, with what it was like when taken (its auto-commit, its
 * network timeout, and the two session settings a writer changes), so that {@link #close} gives it back as it
 * was found: a pooling data source hands it to other code next, whose commits and lock waits must stay its own.
 *
 * @param connection the connection
 * @param autoCommit its auto-commit when taken
 * @param networkTimeout the driver's network timeout when taken, in milliseconds (0 for none)
 * @param synchronousCommit PostgreSQL's {@code synchronous_commit} for its session when taken
 * @param lockTimeout PostgreSQL's {@code lock_timeout} for its session when taken
 */
record TakenConnection(
        Connection connection, boolean autoCommit, int networkTimeout, String synchronousCommit, String lockTimeout)
        implements AutoCloseable {

    /**
     * Takes a connection whose statements fail once the server's answer is {@code answerWithin} milliseconds
     * overdue (the driver's network timeout: a network that drops packets without a reset would otherwise hang
     * them for ever), noting what it was like first.
     */
    static TakenConnection take(DataSource dataSource, int answerWithin) throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            int networkTimeout = connection.getNetworkTimeout();
            // the executor runs the driver's abort of a timed-out connection: pgjdbc closes its socket at once
            connection.setNetworkTimeout(Runnable::run, answerWithin);
            boolean autoCommit = connection.getAutoCommit();
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(
                            "SELECT current_setting('synchronous_commit'), current_setting('lock_timeout')")) {
                rows.next();
                return new TakenConnection(
                        connection, autoCommit, networkTimeout, rows.getString(1), rows.getString(2));
            }
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    /** Makes statements fail once the server's answer is {@code answerWithin} milliseconds overdue. */
    void answerWithin(int milliseconds) throws SQLException {
        connection.setNetworkTimeout(Runnable::run, milliseconds);
    }

    /**
     * Ends any transaction of the store's, puts the connection back as it was found and closes it (a pool takes
     * it back); a connection that broke is only closed (a pool drops it).
     */
    @Override
    public void close() {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            connection.setAutoCommit(true);
            // set_config, not SET: the values are bound parameters, exactly as read
            try (PreparedStatement set = connection.prepareStatement(
                    "SELECT set_config('synchronous_commit', ?, false), set_config('lock_timeout', ?, false)")) {
                set.setString(1, synchronousCommit);
                set.setString(2, lockTimeout);
                set.executeQuery().close();
            }
            connection.setAutoCommit(autoCommit);
            connection.setNetworkTimeout(Runnable::run, networkTimeout);
        } catch (SQLException e) {
            // the connection broke: the server ended its session, settings and all
        } finally {
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a connection that failed: nothing is left to do with it
        }
    }
}
