package dev.agentfsm.mcp;

import java.time.Duration;
import java.util.Objects;

/**
 * How an {@link McpDriver} treats its server.
 *
 * @param startTimeout how long starting the server and the {@code initialize} handshake may take
 * @param listTimeout how long {@code tools/list} may take
 * @param maxResultChars the most characters of a tool result's text the LLM gets; the rest is cut with a marker
 * @param maxImages the most images of one result that are kept for the next prompt
 * @param maxImageBytes the largest image kept, decoded; a larger one is replaced by a note
 */
public record McpOptions(
        Duration startTimeout, Duration listTimeout, int maxResultChars, int maxImages, int maxImageBytes) {

    /** 30 s to start, 10 s to list tools, 20,000 characters and 2 images of at most 2 MiB per result. */
    public static final McpOptions DEFAULTS =
            new McpOptions(Duration.ofSeconds(30), Duration.ofSeconds(10), 20_000, 2, 2 * 1024 * 1024);

    public McpOptions {
        positive("startTimeout", startTimeout);
        positive("listTimeout", listTimeout);
        if (maxResultChars < 1 || maxImages < 0 || maxImageBytes < 1) {
            throw new IllegalArgumentException("maxResultChars (" + maxResultChars + ") and maxImageBytes ("
                    + maxImageBytes + ") must be positive and maxImages (" + maxImages + ") not negative");
        }
    }

    /** These options with another start time-out. */
    public McpOptions withStartTimeout(Duration timeout) {
        return new McpOptions(timeout, listTimeout, maxResultChars, maxImages, maxImageBytes);
    }

    /** These options with another cap on a result's text. */
    public McpOptions withMaxResultChars(int chars) {
        return new McpOptions(startTimeout, listTimeout, chars, maxImages, maxImageBytes);
    }

    /** These options with another cap on the size of an image kept. */
    public McpOptions withMaxImageBytes(int bytes) {
        return new McpOptions(startTimeout, listTimeout, maxResultChars, maxImages, bytes);
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " is " + d + "; it must be positive");
        }
    }
}
