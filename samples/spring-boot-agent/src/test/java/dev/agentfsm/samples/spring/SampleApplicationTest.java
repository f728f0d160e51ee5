package dev.agentfsm.samples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sample end to end: the application with the starter, Spring AI's OpenAI model pointed at a local
 * chat-completions server, and the LinuxAgent on the real shell; an HTTP request runs a round to COMPLETED and
 * the Actuator endpoint lists the session.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SampleApplicationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path WORKSPACE = workspace();
    private static final FakeOpenAi MODEL = model();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sample.workspace", WORKSPACE::toString);
        registry.add("spring.ai.openai.base-url", MODEL::baseUrl);
        registry.add("spring.ai.openai.api-key", () -> "test-key");
        registry.add("spring.ai.openai.chat.options.model", () -> "gpt-test");
    }

    @AfterAll
    static void stop() {
        MODEL.close();
    }

    @Autowired
    ServletWebServerApplicationContext context;

    @Test
    void theServerListensOnLoopbackOnly() {
        Object address = ((TomcatWebServer) context.getWebServer())
                .getTomcat()
                .getConnector()
                .getProperty("address");
        assertTrue(address instanceof InetAddress bound && bound.isLoopbackAddress(), () -> "bound to " + address);
    }

    @Test
    void aRequestRunsARoundToCompletedAndTheEndpointListsIt() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> round = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/rounds"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"task\": \"count the ERROR lines in logs/app.log\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, round.statusCode(), round.body());
        JsonNode answer = JSON.readTree(round.body());
        assertEquals("COMPLETED", answer.path("outcome").asText(), round.body());
        assertEquals(
                List.of("LinuxAgent.CONTINUE", "LinuxAgent.CONTINUE", "LinuxAgent.FINISH"),
                JSON.convertValue(answer.path("path"), List.class),
                round.body());
        assertEquals("logs/app.log has 2 ERROR lines.", answer.path("result").asText(), round.body());

        List<JsonNode> requests = MODEL.requests();
        assertEquals(2, requests.size(), requests.toString());
        for (JsonNode request : requests) {
            assertEquals("gpt-test", request.path("model").asText(), request.toString());
            assertEquals("system", request.path("messages").path(0).path("role").asText(), request.toString());
        }
        // the second request carries what the real grep printed for the first step's command
        assertTrue(requests.get(1).toString().contains("2"), requests.get(1).toString());

        HttpResponse<String> actuator = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/agentfsm"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, actuator.statusCode(), actuator.body());
        JsonNode report = JSON.readTree(actuator.body());
        assertTrue(report.path("machines").toString().contains("\"LinuxAgent\""), actuator.body());
        JsonNode session = report.path("sessions").path(0);
        assertEquals(answer.path("session").asText(), session.path("id").asText(), actuator.body());
        assertEquals("LinuxAgent", session.path("machine").asText(), actuator.body());
        assertEquals("COMPLETED", session.path("outcome").asText(), actuator.body());
        assertEquals("LinuxAgent.FINISH", session.path("state").asText(), actuator.body());
        assertEquals(1, session.path("rounds").asInt(), actuator.body());
    }

    @Test
    void onlyThisMachineByItsOwnNamesMayAskForARound() throws Exception {
        // a blank task: refused by the controller if it gets that far, and no round runs either way
        for (String host : List.of("attacker.example:" + port, "127.0.0.1.attacker.example:" + port)) {
            String answer = post(host, "{\"task\": \"\"}");
            assertTrue(answer.startsWith("HTTP/1.1 403 "), host + ": " + answer);
            assertTrue(answer.contains("refused: Host '" + host + "' is not this machine's name"), answer);
        }
        for (String host : List.of("localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port)) {
            String answer = post(host, "{\"task\": \"\"}");
            assertTrue(answer.startsWith("HTTP/1.1 400 "), host + ": " + answer);
        }
    }

    /** A POST to /rounds written by hand, as a page whose name was rebound to 127.0.0.1 sends it; the raw answer. */
    private String post(String host, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST /rounds HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(60_000); // a failure guard: the answer comes at once
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static FakeOpenAi model() {
        try {
            return new FakeOpenAi(
                    List.of(
                            """
                    {"observation": "Nothing has run yet.", "thought": "Count the ERROR lines.",
                     "action": {"function": "execute_command", "arguments": {"command": "grep -c ERROR logs/app.log"},
                                "status": "CONTINUE"},
                     "plan": ["count"], "result": ""}""",
                            """
                    {"observation": "grep printed 2.", "thought": "Done.",
                     "action": {"function": "", "arguments": {}, "status": "FINISH"},
                     "plan": [], "result": "logs/app.log has 2 ERROR lines."}"""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A workspace that user nobody can read too (as root, the shell runs commands as nobody). */
    private static Path workspace() {
        try {
            Path dir = Files.createTempDirectory(
                    "agentfsm-sample-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            Path logs = Files.createDirectory(
                    dir.resolve("logs"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            Path log = Files.writeString(
                    logs.resolve("app.log"),
                    String.join(
                            "\n",
                            "09:00:01 INFO start",
                            "09:00:02 ERROR disk full",
                            "09:00:03 INFO retry",
                            "09:00:04 ERROR disk full",
                            ""));
            Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
