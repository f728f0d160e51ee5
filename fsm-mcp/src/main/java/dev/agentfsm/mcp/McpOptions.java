package dev.agentfsm.mcp;

import java.time.Duration;
import java.util.Objects;

/**
 * How an {@link McpDriver} treats its server, and the caps that keep a misbehaving server from taking
 * the client's memory or time.
 *
 * @param startTimeout how long starting the server and the {@code initialize} handshake may take
 * @param listTimeout how long listing the tools may take, all pages together
 * @param maxResultChars the most characters of a tool result's text the LLM gets; the rest is cut with a marker
 * @param maxImages the most images of one result that are kept for the next prompt
 * @param maxImageBytes the largest image kept, decoded; a larger one is replaced by a note
 * @param maxMessageBytes the largest message read (one line of a stdio server's output; over HTTP, a JSON
 *     answer or one event of a stream); a longer one is dropped and fails the request waiting for it, naming
 *     this cap
 * @param maxTools the most tools a server may list; a longer listing fails
 * @param stopGrace how long a stdio server and what it started have to exit after {@code SIGTERM} when
 *     the driver closes, before {@code SIGKILL}
 */
public record McpOptions(
        Duration startTimeout,
        Duration listTimeout,
        int maxResultChars,
        int maxImages,
        int maxImageBytes,
        int maxMessageBytes,
        int maxTools,
        Duration stopGrace) {

    /**
     * 30 s to start, 10 s to list tools, 20,000 characters and 2 images of at most 2 MiB per result,
     * messages of at most 16 MiB, at most 1,000 tools, 2 s to stop.
     */
    public static final McpOptions DEFAULTS = new McpOptions(
            Duration.ofSeconds(30),
            Duration.ofSeconds(10),
            20_000,
            2,
            2 * 1024 * 1024,
            16 * 1024 * 1024,
            1_000,
            Duration.ofSeconds(2));

    public McpOptions {
        positive("startTimeout", startTimeout);
        positive("listTimeout", listTimeout);
        positive("stopGrace", stopGrace);
        if (maxResultChars < 1 || maxImages < 0 || maxImageBytes < 1 || maxMessageBytes < 1 || maxTools < 1) {
            throw new IllegalArgumentException("maxResultChars (" + maxResultChars + "), maxImageBytes ("
                    + maxImageBytes + "), maxMessageBytes (" + maxMessageBytes + ") and maxTools (" + maxTools
                    + ") must be positive and maxImages (" + maxImages + ") not negative");
        }
    }

    /** These options with another start time-out. */
    public McpOptions withStartTimeout(Duration timeout) {
        return new McpOptions(
                timeout, listTimeout, maxResultChars, maxImages, maxImageBytes, maxMessageBytes, maxTools, stopGrace);
    }

    /** These options with another cap on a result's text. */
    public McpOptions withMaxResultChars(int chars) {
        return new McpOptions(
                startTimeout, listTimeout, chars, maxImages, maxImageBytes, maxMessageBytes, maxTools, stopGrace);
    }

    /** These options with another cap on the size of an image kept. */
    public McpOptions withMaxImageBytes(int bytes) {
        return new McpOptions(
                startTimeout, listTimeout, maxResultChars, maxImages, bytes, maxMessageBytes, maxTools, stopGrace);
    }

    /**
     * These options with another cap on one message of the server (stdio or HTTP); an image is sent as base64, a
     * third larger than its bytes, so keep it above {@code maxImageBytes * 4 / 3} and the text.
     */
    public McpOptions withMaxMessageBytes(int bytes) {
        return new McpOptions(
                startTimeout, listTimeout, maxResultChars, maxImages, maxImageBytes, bytes, maxTools, stopGrace);
    }

    /** These options with another cap on how many tools a server may list. */
    public McpOptions withMaxTools(int tools) {
        return new McpOptions(
                startTimeout, listTimeout, maxResultChars, maxImages, maxImageBytes, maxMessageBytes, tools, stopGrace);
    }

    /** These options with another time a stdio server and what it started get to exit after {@code SIGTERM}. */
    public McpOptions withStopGrace(Duration grace) {
        return new McpOptions(
                startTimeout, listTimeout, maxResultChars, maxImages, maxImageBytes, maxMessageBytes, maxTools, grace);
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " is " + d + "; it must be positive");
        }
    }
}
