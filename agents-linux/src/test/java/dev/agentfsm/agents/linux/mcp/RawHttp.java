package dev.agentfsm.agents.linux.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * HTTP/1.1 written by hand on a socket to the loopback address, so that a test can send what a
 * browser under DNS rebinding sends ({@code Host: attacker.example:PORT}, which {@code java.net.http}
 * refuses to set) and read the raw answer.
 */
final class RawHttp {
    /** A failure guard only: every exchange here is answered at once by a working server. */
    private static final int READ_TIMEOUT_MILLIS = 60_000;

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    /** A request; {@code headers} may name {@code Host} (otherwise {@code 127.0.0.1:PORT}). */
    record Request(String method, Map<String, String> headers, Optional<String> body) {
        static Request post(String body) {
            return new Request("POST", new LinkedHashMap<>(), Optional.of(body));
        }

        Request header(String name, String value) {
            headers.put(name, value);
            return this;
        }
    }

    /** An answer: its status, its headers (names in lower case) and its body, de-chunked. */
    record Reply(int status, Map<String, String> headers, String body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }
    }

    static String initialize(String clientName) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"" + clientName + "\",\"version\":\"1\"}}}";
    }

    Reply send(Request request) throws IOException {
        return send(request, Optional.empty());
    }

    /**
     * Sends the request; with {@code declaredLength}, only the headers are sent, announcing a body of
     * that many bytes that never comes (a server that refuses it by its length answers at once).
     */
    Reply send(Request request, Optional<Long> declaredLength) throws IOException {
        byte[] body = request.body().orElse("").getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(request.method() + " " + ShellMcpServer.ENDPOINT + " HTTP/1.1\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Host", "127.0.0.1:" + port);
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("Content-Type", "application/json");
        headers.putAll(request.headers());
        headers.put("Connection", "close");
        if (request.body().isPresent() || declaredLength.isPresent()) {
            headers.put("Content-Length", String.valueOf(declaredLength.orElse((long) body.length)));
        }
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (declaredLength.isEmpty()) {
                out.write(body);
            }
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static Reply read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IOException("no HTTP answer, got: " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim());
        }
        byte[] rest = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = unchunk(rest);
        }
        return new Reply(status, headers, new String(rest, StandardCharsets.UTF_8));
    }

    private static byte[] unchunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = at;
            while (lineEnd + 1 < chunked.length && !(chunked[lineEnd] == '\r' && chunked[lineEnd + 1] == '\n')) {
                lineEnd++;
            }
            String sizeLine = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1);
            int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return body.toByteArray();
    }
}
