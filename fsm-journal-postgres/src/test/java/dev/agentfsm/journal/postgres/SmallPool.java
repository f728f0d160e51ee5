package dev.agentfsm.journal.postgres;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A pooling data source as small as a test needs: {@code close()} on a connection it handed out gives the
 * server connection back, as it is, and the next {@link #getConnection} takes the one given back last. Like a
 * real pool, it resets nothing, so a test sees what the store left on a connection other code takes next.
 */
final class SmallPool implements DataSource {
    private final DataSource server;
    private final Deque<Connection> idle = new ArrayDeque<>();

    SmallPool(DataSource server) {
        this.server = server;
    }

    @Override
    public synchronized Connection getConnection() throws SQLException {
        Connection physical = idle.isEmpty() ? server.getConnection() : idle.pop();
        boolean[] returned = {false};
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "close" -> {
                            synchronized (this) {
                                if (!returned[0] && !physical.isClosed()) {
                                    idle.push(physical);
                                }
                                returned[0] = true;
                            }
                            return null;
                        }
                        case "isClosed" -> {
                            return returned[0] || physical.isClosed();
                        }
                        default -> {
                            if (returned[0]) {
                                throw new SQLException("this connection was given back to the pool");
                            }
                            try {
                                return method.invoke(physical, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        }
                    }
                });
    }

    /** How many server connections the pool keeps idle. */
    synchronized int idle() {
        return idle.size();
    }

    /** Closes the server connections. */
    synchronized void close() throws SQLException {
        for (Connection connection : idle) {
            connection.close();
        }
        idle.clear();
    }

    @Override
    public Connection getConnection(String user, String password) {
        throw new UnsupportedOperationException("the pool's connections are all of one user");
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getGlobal();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        throw new SQLException("SmallPool wraps nothing of " + type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return false;
    }
}
