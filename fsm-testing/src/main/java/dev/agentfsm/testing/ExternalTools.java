package dev.agentfsm.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * External programs that tests drive: a program on the {@code PATH} (node, chromium) or an npm
 * package's command that {@code .ci/run} installs under {@code .tools/<name>} from a committed
 * {@code package-lock.json}. A missing one skips the test with the command that installs it, unless
 * {@code AGENTFSM_REQUIRE_TOOLS=true} (as in CI), where it fails the test.
 */
public final class ExternalTools {
    private ExternalTools() {}

    /** The program's path on the {@code PATH}; skips or fails the test when it is not there. */
    public static Path program(String name, String debianPackage) {
        Optional<Path> found = Stream.of(
                        System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst();
        if (found.isPresent()) {
            return found.get();
        }
        throw missing("'" + name + "' is not on the PATH; install it with: apt-get install " + debianPackage);
    }

    /**
     * The command {@code bin} of the npm packages installed in {@code .tools/<tools>} (the repository's
     * root is the module's parent; the system property {@code agentfsm.tools} names another directory).
     *
     * @param lockDirectory where the package.json and package-lock.json are, relative to the repository, for the hint
     */
    public static Path npmCommand(String tools, String bin, String lockDirectory) {
        program("node", "nodejs npm");
        Path root = Path.of(System.getProperty("agentfsm.tools", "../.tools"))
                .toAbsolutePath()
                .normalize();
        Path command =
                root.resolve(tools).resolve("node_modules").resolve(".bin").resolve(bin);
        if (!Files.isExecutable(command)) {
            throw missing(command + " is not installed; install it with: mkdir -p .tools/" + tools + " && cp "
                    + lockDirectory + "/package*.json .tools/" + tools + " && (cd .tools/" + tools + " && npm ci)"
                    + " (.ci/run does this)");
        }
        return command;
    }

    /** Skips the test, or fails it under {@code AGENTFSM_REQUIRE_TOOLS=true}; never returns normally. */
    public static AssertionError missing(String message) {
        if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
            fail(message + " (AGENTFSM_REQUIRE_TOOLS=true makes a missing tool a failure)");
        }
        Assumptions.abort(message);
        return new AssertionError("unreachable");
    }
}
