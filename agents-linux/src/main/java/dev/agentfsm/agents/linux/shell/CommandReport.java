package dev.agentfsm.agents.linux.shell;

import dev.agentfsm.runtime.device.ActionResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Turns what a command did into the {@link ActionResult} the LLM reads and traces record. */
final class CommandReport {
    private CommandReport() {}

    static ActionResult of(String command, Path cwd, CommandOutput output, Duration timeout, ShellLimits limits) {
        Optional<String> stopped = output.stop().map(stop -> switch (stop) {
            case TIMED_OUT -> "timed out after " + timeout.toSeconds() + " s";
            case TEMP_SPACE_FULL -> "its temporary files grew past the limit of " + limits.tempSpaceMiB() + " MiB";
        });
        StringBuilder text = new StringBuilder();
        stopped.ifPresent(why -> text.append(why).append("; the command and every process it started were killed\n"));
        text.append("exit code: ").append(output.exitCode()).append('\n');
        text.append("stdout:\n").append(output.stdout().marked());
        if (output.stderr().totalBytes() > 0) {
            text.append("\nstderr:\n").append(output.stderr().marked());
        }
        Optional<String> reason = stopped.isPresent()
                ? stopped
                : output.exitCode() != 0 ? Optional.of("exit code " + output.exitCode()) : Optional.empty();
        Map<String, Object> data = new HashMap<>(Map.of(
                "command", command,
                "argv", output.argv(),
                "cwd", cwd.toString(),
                "exit_code", output.exitCode(),
                "stdout", output.stdout().marked(),
                "stderr", output.stderr().marked(),
                "stdout_truncated", output.stdout().truncated(),
                "stderr_truncated", output.stderr().truncated(),
                "timed_out", output.timedOut(),
                "elapsed_ms", output.elapsed().toMillis()));
        data.put("temp_space_full", output.stop().equals(Optional.of(CommandOutput.Stop.TEMP_SPACE_FULL)));
        return new ActionResult(output.succeeded(), text.toString(), reason, Map.copyOf(data));
    }
}
