package dev.agentfsm.openai;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A raw HTTP/1.1 server on 127.0.0.1 that misbehaves where {@code com.sun.net.httpserver} cannot be made to:
 * after its status line and headers it either stops sending the body it promised, or sends a body that never
 * ends; or it answers with bytes of a test's own, such as a status line no HTTP server would write. It serves
 * one connection and stops when closed.
 */
final class StallingHttpServer implements AutoCloseable {
    /** What the server writes on its one connection, after reading the request. */
    private interface Answer {
        void write(OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket socket;
    private final Thread thread;

    private StallingHttpServer(Answer answer) throws IOException {
        socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        thread = new Thread(() -> serve(answer), "stalling-http-server");
        thread.setDaemon(true);
        thread.start();
    }

    /** Promises a 1,000-byte body, sends one byte of it, and then nothing until closed. */
    static StallingHttpServer stallingBody() throws IOException {
        return new StallingHttpServer(out -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(Long.MAX_VALUE); // until close() interrupts: only the client's time-out can end its wait
        });
    }

    /** Sends a chunked body of {@code x}s that never ends, until closed. */
    static StallingHttpServer endlessBody() throws IOException {
        return new StallingHttpServer(out -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = ("10000\r\n" + "x".repeat(0x10000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            while (!Thread.currentThread().isInterrupted()) { // close() interrupts
                out.write(chunk);
            }
        });
    }

    /** Writes {@code answer} (ISO-8859-1, byte for byte) as the whole answer, and closes the connection. */
    static StallingHttpServer answering(String answer) throws IOException {
        return new StallingHttpServer(out -> {
            out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        });
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/v1");
    }

    private void serve(Answer answer) {
        try (Socket client = socket.accept()) {
            client.getInputStream().read(new byte[65536]); // the request; its content does not matter here
            answer.write(client.getOutputStream());
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
