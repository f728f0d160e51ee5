package dev.agentfsm.agents.mobile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.device.DriverException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output of a command the mobile driver runs is bounded while it runs: a command (a device, or an
 * {@code adb} gone wrong) that prints without end is stopped at {@link ProcessRunner#MAX_OUTPUT_BYTES},
 * not at its time-out and not after everything is read into memory. {@code sh} stands in for such a
 * command.
 */
class ProcessRunnerTest {
    private static final ProcessRunner RUNNER = new ProcessRunner(Map.of("PATH", "/usr/bin:/bin"));
    private static final long TOO_MUCH = ProcessRunner.MAX_OUTPUT_BYTES + 1;

    @Test
    void aCommandThatPrintsTooMuchIsKilledWhileItRunsNotAtItsTimeOut() {
        // it prints past the cap and then goes on running: only the watch of its output can end it early
        DriverException e = assertThrows(
                DriverException.class,
                () -> RUNNER.run(
                        List.of("sh", "-c", "head -c " + TOO_MUCH + " /dev/zero; exec sleep 600"),
                        Duration.ofSeconds(300)));
        assertTrue(
                e.getMessage().contains("printed more than " + ProcessRunner.MAX_OUTPUT_BYTES + " bytes"),
                e.getMessage());
        assertTrue(e.getMessage().contains("killed it"), e.getMessage());
    }

    @Test
    void aCommandThatPrintedTooMuchAndEndedIsNotReadIntoMemory() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> RUNNER.run(List.of("head", "-c", Long.toString(TOO_MUCH), "/dev/zero"), Duration.ofSeconds(300)));
        // "; killed it" too when the watch saw it before head had ended
        assertTrue(
                e.getMessage()
                        .startsWith("`head -c " + TOO_MUCH + " /dev/zero` printed more than "
                                + ProcessRunner.MAX_OUTPUT_BYTES + " bytes (" + TOO_MUCH
                                + " on stdout, 0 on stderr), more than any answer adb gives"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(". Check the device and the adb in use"), e.getMessage());
    }

    @Test
    void aCommandWhoseOutputCannotBeWatchedIsKilled(@TempDir Path dir) throws Exception {
        // its output file is gone (a /tmp cleaner, here the command itself): the watch cannot size it
        Path pid = dir.resolve("pid");
        DriverException e = assertThrows(
                DriverException.class,
                () -> RUNNER.run(
                        List.of("sh", "-c", "echo $$ > " + pid + "; rm \"$(readlink /proc/$$/fd/1)\"; exec sleep 600"),
                        Duration.ofSeconds(300)));
        assertTrue(e.getMessage().contains("could not watch the output of `sh -c"), e.getMessage());
        assertTrue(e.getMessage().contains("killed it"), e.getMessage());
        Optional<ProcessHandle> command =
                ProcessHandle.of(Long.parseLong(Files.readString(pid).strip()));
        assertFalse(command.isPresent() && command.get().isAlive(), "the command is left running");
    }

    @Test
    void outputUpToTheCapIsReadWhole() throws DriverException {
        ProcessRunner.Result result = RUNNER.run(List.of("head", "-c", "100000", "/dev/zero"), Duration.ofSeconds(300));
        assertEquals(0, result.exitCode());
        assertEquals(100_000, result.stdout().length);
    }
}
