package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a device (or an adb gone wrong) prints reaches the round's reason, the logs and the model only
 * escaped and cut: terminal escapes (clearing the screen, writing the clipboard with OSC 52) and a
 * hundred thousand characters in adb's errors, monkey's output, uiautomator's answer and a UI dump.
 */
class DeviceOutputTest {
    /** The escapes a hostile device prints: set the clipboard, clear the screen, colour. */
    private static final String ESCAPES = "\\033]52;c;ZWNobyBwd25lZA==\\a\\033[2J\\033[31m";

    @TempDir
    Path dir;

    private AdbDriver driver;

    @BeforeEach
    void connect() throws Exception {
        StandInAdb.install(dir); // skips without bash, as the stand-in tests do
        Path adb = dir.resolve("hostile-adb");
        Files.writeString(
                adb,
                """
                #!/usr/bin/env bash
                shift 2 # -s <serial>
                noise() { printf '%s' "$1"; printf "ESCAPES"; head -c 100000 /dev/zero | tr '\\0' A; printf '\\n'; }
                case "$*" in
                    get-state) echo device ;;
                    "shell input tap 1 2") noise "error: closed " >&2; exit 1 ;;
                    "shell input tap 3 4") noise "" >&2; exit 1 ;;
                    "shell pm list packages") echo package:com.example.app ;;
                    "shell monkey "*) noise "** monkey aborted " ; exit 252 ;;
                    "shell uiautomator dump "*) noise "ERROR: could not get idle state " ;;
                esac
                """
                        .replace("ESCAPES", ESCAPES));
        Files.setPosixFilePermissions(adb, PosixFilePermissions.fromString("rwx------"));
        driver = AdbDriver.connect(MobileDevice.builder()
                .adbExecutable(adb)
                .environment(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")))
                .serial(StandInAdb.SERIAL)
                .commandTimeout(Duration.ofSeconds(30)));
    }

    @Test
    void adbsErrorIsEscapedAndCut() {
        DriverException e = assertThrows(DriverException.class, () -> driver.tap(1, 2));
        assertSafe(e.getMessage());
        assertTrue(
                e.getMessage().contains("error: closed \\u001b]52;c;ZWNobyBwd25lZA==\\u0007\\u001b[2J"),
                e.getMessage());
        DriverException other = assertThrows(DriverException.class, () -> driver.tap(3, 4));
        assertSafe(other.getMessage());
    }

    @Test
    void monkeysOutputIsEscapedAndCut() throws Exception {
        ActionResult result = driver.launchApp("com.example.app");
        assertFalse(result.success());
        String reason = result.reason().orElseThrow();
        assertSafe(reason);
        assertTrue(
                reason.startsWith("could not launch com.example.app (monkey exited with 252: ** monkey aborted"
                        + " \\u001b]52;c;"),
                reason);
    }

    @Test
    void uiautomatorsAnswerIsEscapedAndCut() {
        DriverException e = assertThrows(DriverException.class, driver::controls);
        assertSafe(e.getMessage());
        assertTrue(e.getMessage().contains("ERROR: could not get idle state \\u001b]52;"), e.getMessage());
    }

    @Test
    void aMalformedDumpIsQuotedEscaped() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> UiTreeParser.parse("\u001b[2J\u009b31m<hierarchy>" + "A".repeat(100_000), "emulator-5554"));
        assertSafe(e.getMessage());
        assertTrue(e.getMessage().contains("it starts with: \"\\u001b[2J\\u009b31m<hierarchy>AAA"), e.getMessage());
    }

    /** No character a terminal acts on, and short: the 100,000 characters were cut. */
    private static void assertSafe(String message) {
        Optional<Integer> unsafe =
                message.codePoints().boxed().filter(SafeText::unsafe).findFirst();
        assertEquals(Optional.empty(), unsafe, message.length() > 2_000 ? message.substring(0, 2_000) : message);
        assertTrue(message.length() < 2_000, "cut: " + message.length() + " characters");
    }
}
