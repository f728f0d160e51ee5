package dev.agentfsm.journal.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;

/**
 * A TCP proxy between a client and a server on this machine that can stop forwarding, either way, without
 * closing anything: as a network does that drops packets with no reset (a cable pulled, a firewall's state
 * lost). What it stops forwarding it reads and drops, and each drop is counted as an event a test can wait on.
 */
final class SilentProxy implements AutoCloseable {
    private final ServerSocket listening;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Semaphore dropped = new Semaphore(0);
    private volatile boolean toServer = true;
    private volatile boolean toClient = true;

    private SilentProxy(ServerSocket listening, int target) {
        this.listening = listening;
        this.target = target;
    }

    /** A proxy on a free port of 127.0.0.1 to {@code target} there. */
    static SilentProxy to(int target) throws IOException {
        SilentProxy proxy = new SilentProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), target);
        Thread accepting = new Thread(proxy::accept, "silent-proxy-" + target);
        accepting.setDaemon(true);
        accepting.start();
        return proxy;
    }

    int port() {
        return listening.getLocalPort();
    }

    /** From now on, what the client sends is dropped, or not. */
    void forwardToServer(boolean forward) {
        toServer = forward;
    }

    /** From now on, what the server answers is dropped, or not. */
    void forwardToClient(boolean forward) {
        toClient = forward;
    }

    /** Waits until something was dropped (a hang guard of 60 s). */
    void awaitDrop() throws InterruptedException {
        if (!dropped.tryAcquire(60, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new AssertionError("the proxy dropped nothing within 60 s");
        }
    }

    /** Ends every connection through the proxy, as a network back up carries their ends, and the proxy. */
    @Override
    public void close() throws IOException {
        listening.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listening.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(server);
                pump(client, server, true);
                pump(server, client, false);
            }
        } catch (IOException e) {
            // closed: no more connections
        }
    }

    private void pump(Socket from, Socket to, boolean clientToServer) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[65536];
                    // not closed by a try-with-resources: closing a socket's stream closes the socket
                    try {
                        InputStream in = from.getInputStream();
                        OutputStream out = to.getOutputStream();
                        int read;
                        while ((read = in.read(buffer)) >= 0) {
                            if (clientToServer ? toServer : toClient) {
                                out.write(buffer, 0, read);
                                out.flush();
                            } else {
                                dropped.release();
                            }
                        }
                    } catch (IOException e) {
                        // this side closed
                    } finally {
                        try {
                            from.close();
                            // a silent network carries no end of a connection either: the other side is not told
                            if (toServer && toClient) {
                                to.close();
                            }
                        } catch (IOException e) {
                            // already closed
                        }
                    }
                },
                "silent-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }
}
