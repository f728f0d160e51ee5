package dev.agentfsm.processor.write;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A command-line tool a test needs: found on the {@code PATH}, or the test is skipped, unless
 * {@code AGENTFSM_REQUIRE_TOOLS=true} (as in CI), where a missing tool fails it.
 */
public final class ExternalTool {

    private ExternalTool() {}

    /** The tool's path; skips or fails the test when it is not installed. */
    static Path require(String name, String debianPackage) {
        Optional<Path> found = Stream.of(
                        System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst();
        if (found.isPresent()) {
            return found.get();
        }
        throw missing("'" + name + "' is not on the PATH; install it with apt-get install " + debianPackage);
    }

    /**
     * Skips the test because a tool is missing, or fails it under {@code AGENTFSM_REQUIRE_TOOLS=true};
     * never returns normally (the return type lets callers write {@code throw missing(...)}).
     */
    public static AssertionError missing(String message) {
        if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
            fail(message + " (AGENTFSM_REQUIRE_TOOLS=true makes a missing tool a failure)");
        }
        Assumptions.abort(message);
        return new AssertionError("unreachable");
    }
}
