package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.fail;

import dev.agentfsm.runtime.device.DriverException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Installs the stand-in {@code adb} (a bash script answering from recorded outputs, under
 * {@code src/test/resources/adb-standin}) as {@code <dir>/sdk/platform-tools/adb}, executable, and
 * gives the environment that makes the driver find and drive it. Class-path copying drops the
 * executable bit, hence the explicit permissions.
 */
final class StandInAdb {
    static final String SERIAL = "emulator-5554";

    private final Path sdk;
    private final Path log;
    private final Path state;
    private final Map<String, String> environment = new HashMap<>();

    private StandInAdb(Path directory) {
        this.sdk = directory.resolve("sdk");
        this.log = directory.resolve("adb-calls.log");
        this.state = directory.resolve("device");
        environment.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        environment.put("ANDROID_HOME", sdk.toString());
        environment.put("ADB_STANDIN_LOG", log.toString());
        environment.put("ADB_STANDIN_STATE", state.toString());
        // mobile-mcp's mobilecli keeps a daemon, its socket and pid file in here instead of ~/.mobilecli:
        // each test has its own, started with the stand-in on its PATH and ended when its server closes
        environment.put("MOBILECLI_HOME", directory.resolve("mobilecli").toString());
    }

    /** Installs the stand-in under {@code directory}; skips (or fails, when CI requires tools) without bash. */
    static StandInAdb install(Path directory) {
        requireBash();
        StandInAdb adb = new StandInAdb(directory);
        Path platformTools = adb.sdk.resolve("platform-tools");
        try {
            Path source = Path.of(
                            StandInAdb.class.getResource("/adb-standin/adb").toURI())
                    .getParent();
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Path target = platformTools.resolve(source.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            Files.setPosixFilePermissions(platformTools.resolve("adb"), PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return adb;
    }

    private static void requireBash() {
        boolean found = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "bash")));
        if (!found) {
            if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
                fail("the stand-in adb needs bash on PATH, and AGENTFSM_REQUIRE_TOOLS=true");
            }
            Assumptions.abort("the stand-in adb needs bash on PATH");
        }
    }

    /** Sets one of the stand-in's ADB_STANDIN_* variables. */
    StandInAdb with(String variable, String value) {
        environment.put(variable, value);
        return this;
    }

    /** Unplugs the device: from now on every call says it is not there, as adb does for a device pulled out. */
    void unplug() {
        try {
            Files.createDirectories(state);
            Files.writeString(state.resolve("unplugged"), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Map<String, String> environment() {
        return Map.copyOf(environment);
    }

    Path executable() {
        return sdk.resolve("platform-tools").resolve("adb");
    }

    Path stateDirectory() {
        return state;
    }

    /**
     * The command time-out of a test that lets the stand-in hang: it must fire on the hung call, and every
     * call before it must finish well within it. A stand-in call (bash and a few coreutils) takes 40 to 80 ms
     * on an idle CI machine and up to about 300 ms with both cores busy, so 5 s leaves such calls more than
     * tenfold room; the test waits the time-out out once per hung call.
     */
    static final Duration HANG_TIMEOUT = Duration.ofSeconds(5);

    /** A driver on the stand-in: found through ANDROID_HOME, no pause after tapping a field. */
    MobileDevice.Builder driver() {
        return MobileDevice.builder()
                .environment(environment)
                .tapSettle(Duration.ZERO)
                .commandTimeout(Duration.ofSeconds(10));
    }

    /**
     * A device on the stand-in through mobile-mcp, started with {@code command}: the same environment,
     * no pause after tapping a field, and a clock the test holds (mobile-mcp's calls take real time).
     */
    MobileDevice.Builder mobileMcp(List<String> command, Clock clock) {
        return MobileDevice.builder()
                .mobileMcp(command)
                .environment(environment)
                .serial(SERIAL)
                .tapSettle(Duration.ZERO)
                .commandTimeout(Duration.ofSeconds(30))
                .clock(clock);
    }

    AdbDriver connect(Clock clock) throws DriverException {
        return AdbDriver.connect(driver().serial(SERIAL).clock(clock));
    }

    /** Every call's arguments so far (without the executable), oldest first. */
    List<List<String>> calls() {
        try {
            if (!Files.exists(log)) {
                return List.of();
            }
            return Files.readAllLines(log).stream()
                    .map(line -> List.of(line.split("\t", -1)))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Forgets the calls so far. */
    void clearCalls() {
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code -s emulator-5554 shell <args>}, the way the log records a shell call. */
    static List<String> shell(String... args) {
        return Stream.concat(Stream.of("-s", SERIAL, "shell"), Arrays.stream(args))
                .toList();
    }

    /** {@code -s emulator-5554 <args>}. */
    static List<String> adb(String... args) {
        return Stream.concat(Stream.of("-s", SERIAL), Arrays.stream(args)).toList();
    }
}
