package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.device.Action;
import dev.agentfsm.runtime.device.ActionResult;
import dev.agentfsm.runtime.device.DeviceDriver;
import dev.agentfsm.runtime.device.DeviceDriver.ActionId;
import dev.agentfsm.runtime.device.Observation;
import dev.agentfsm.runtime.device.ToolSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A device whose actions append lines to a file, so that a repeated action shows. Each action also
 * notes its attempt (with the process's launch number) in a second file, before anything else. With
 * an {@link ActionId} it skips an id it has carried out, as a driver of actions that must not happen
 * twice would: what a step cut off by a crash asks again.
 */
public final class LedgerDriver implements DeviceDriver {
    private final Path effects;
    private final Path attempts;
    private final String launch;
    private final Duration pause;
    private final Set<String> done = new HashSet<>();

    /**
     * @param effects where each action appends {@code <id> <line>}
     * @param attempts where each call appends {@code <launch> <id>} first
     * @param launch names the process, for the attempts
     * @param pause how long an action takes, so that a test can kill a process in the middle of a run
     */
    public LedgerDriver(Path effects, Path attempts, String launch, Duration pause) {
        this.effects = effects;
        this.attempts = attempts;
        this.launch = launch;
        this.pause = pause;
        try {
            if (Files.exists(effects)) {
                for (String line : Files.readAllLines(effects)) {
                    done.add(line.substring(0, line.indexOf(' ')));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String name() {
        return "ledger:" + effects.getFileName();
    }

    @Override
    public Observation observe(Duration timeout) {
        return Observation.text(done.size() + " lines");
    }

    @Override
    public List<ToolSpec> tools() {
        return List.of(new ToolSpec("append", "Appends a line", Map.of("line", "the text")));
    }

    @Override
    public ActionResult execute(Action action, Duration timeout) {
        return execute(action, timeout, new ActionId("unjournaled", 1, 0, "-"));
    }

    @Override
    public ActionResult execute(Action action, Duration timeout, ActionId id) {
        append(attempts, launch + " " + id.value());
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while appending", e);
        }
        if (done.add(id.value())) {
            append(effects, id.value() + " " + action.arguments().get("line"));
        }
        // a repeat answers as the first time did: the line is in the file once
        return ActionResult.ok("appended " + action.arguments().get("line"));
    }

    private static void append(Path file, String line) {
        try {
            Files.write(
                    file,
                    (line + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
