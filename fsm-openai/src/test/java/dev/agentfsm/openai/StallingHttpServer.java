package dev.agentfsm.openai;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A raw HTTP/1.1 server on 127.0.0.1 that misbehaves after its status line and headers, which
 * {@code com.sun.net.httpserver} cannot be made to do: it either stops sending the body it promised,
 * or sends a body that never ends. It serves one connection and stops when closed.
 */
final class StallingHttpServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread thread;

    private StallingHttpServer(boolean endless) throws IOException {
        socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        thread = new Thread(() -> serve(endless), "stalling-http-server");
        thread.setDaemon(true);
        thread.start();
    }

    /** Promises a 1,000-byte body, sends one byte of it, and then nothing until closed. */
    static StallingHttpServer stallingBody() throws IOException {
        return new StallingHttpServer(false);
    }

    /** Sends a chunked body of {@code x}s that never ends, until closed. */
    static StallingHttpServer endlessBody() throws IOException {
        return new StallingHttpServer(true);
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/v1");
    }

    private void serve(boolean endless) {
        try (Socket client = socket.accept()) {
            client.getInputStream().read(new byte[65536]); // the request; its content does not matter here
            OutputStream out = client.getOutputStream();
            if (endless) {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = ("10000\r\n" + "x".repeat(0x10000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
                while (!socket.isClosed()) {
                    out.write(chunk);
                }
            } else {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(20_000);
            }
        } catch (IOException | InterruptedException e) {
            // closed by the test, or the client gave up: either way this server is done
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        thread.interrupt();
    }
}
