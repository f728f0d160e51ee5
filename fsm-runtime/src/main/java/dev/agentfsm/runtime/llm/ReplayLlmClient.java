package dev.agentfsm.runtime.llm;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * An {@link LlmClient} that plays recorded replies in order, for tests and demos. A replay file is
 * YAML:
 *
 * <pre>{@code
 * replies:
 *   - |
 *     {"observation": "...", "thought": "...", "action": {"function": "execute_command",
 *      "arguments": {"command": "ls"}, "status": "CONTINUE"}, "plan": [], "result": ""}
 *   - ...
 * }</pre>
 *
 * Asking after the last reply is an {@link LlmException} naming the source and the count. The
 * requests it received are kept, so tests can check the prompts.
 */
public final class ReplayLlmClient implements LlmClient {
    // The API is the contract; the implementation lands with issue 4.

    private ReplayLlmClient() {
        throw new UnsupportedOperationException("issue 4");
    }

    /** Replays the given replies. */
    public static ReplayLlmClient of(List<String> replies) { throw new UnsupportedOperationException("issue 4"); }

    /** Reads a replay file. @throws IllegalArgumentException naming the file and the problem if it is malformed */
    public static ReplayLlmClient load(Path yaml) { throw new UnsupportedOperationException("issue 4"); }

    /** Reads a replay from a stream (a class-path resource); {@code source} names it in errors. */
    public static ReplayLlmClient load(InputStream yaml, String source) { throw new UnsupportedOperationException("issue 4"); }

    @Override
    public LlmReply complete(LlmRequest request) throws LlmException { throw new UnsupportedOperationException("issue 4"); }

    /** The requests received so far, oldest first. */
    public List<LlmRequest> requests() { throw new UnsupportedOperationException("issue 4"); }

    /** How many replies are left. */
    public int remaining() { throw new UnsupportedOperationException("issue 4"); }
}
