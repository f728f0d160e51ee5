package dev.agentfsm.agents.linux.shell;

import java.time.Duration;
import java.util.List;

/**
 * What one command did.
 *
 * @param argv the words it ran with, the resolved program first
 * @param exitCode its exit code (after a time-out, that of the killed process)
 * @param stdout its standard output, capped
 * @param stderr its standard error, capped
 * @param timedOut whether it ran out of time and was killed with everything it started
 * @param elapsed how long it ran
 */
record CommandOutput(List<String> argv, int exitCode, CappedReader.Captured stdout, CappedReader.Captured stderr,
        boolean timedOut, Duration elapsed) {

    CommandOutput {
        argv = List.copyOf(argv);
    }

    boolean succeeded() {
        return exitCode == 0 && !timedOut;
    }
}
