package dev.agentfsm.temporal;

import java.util.Objects;
import java.util.Optional;

/**
 * What the worker returns for one run of a state's work: how it ended, and the round's result as the
 * session's context holds it afterwards ({@link dev.agentfsm.runtime.Context#ROUND_RESULT}), which the
 * workflow keeps so that a round's answer survives a change of worker.
 */
record StepResult(StepEnd end, Optional<String> roundResult) {
    StepResult {
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(roundResult, "roundResult");
    }
}
