package dev.agentfsm.agents.linux.shell;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one command did.
 *
 * @param argv the words it ran with, the resolved program first
 * @param exitCode its exit code (after it was stopped, that of the stopped process)
 * @param stdout its standard output, capped
 * @param stderr its standard error, capped
 * @param stop why the driver stopped it with everything it started, if it did
 * @param elapsed how long it ran
 */
record CommandOutput(
        List<String> argv,
        int exitCode,
        CappedReader.Captured stdout,
        CappedReader.Captured stderr,
        Optional<Stop> stop,
        Duration elapsed) {

    /** Why the driver stopped a command. */
    enum Stop {
        /** It ran out of time. */
        TIMED_OUT,
        /** Its temporary directory grew past the limit. */
        TEMP_SPACE_FULL
    }

    CommandOutput {
        argv = List.copyOf(argv);
    }

    boolean timedOut() {
        return stop.equals(Optional.of(Stop.TIMED_OUT));
    }

    boolean succeeded() {
        return exitCode == 0 && stop.isEmpty();
    }
}
