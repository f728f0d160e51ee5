package dev.agentfsm.journal;

import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.SessionRecorder.RoundHooks;
import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;
import java.util.Optional;

/**
 * The session's journal around each step: it begins the step (replayed when the journal holds it,
 * live otherwise), and when the step's end comes back up it writes the step (or, for a replayed step,
 * checks it against the record); a step cut off by a cancellation or an exception is abandoned and
 * runs again on resume. Between steps and at the round's end it tells the round what the journal
 * recorded ({@link RoundHooks}). The session puts it first in every round's chain.
 */
final class JournalInterceptor implements StepInterceptor, RoundHooks {
    private final Journal journal;

    JournalInterceptor(Journal journal) {
        this.journal = journal;
    }

    @Override
    public StepEnd intercept(Chain chain) {
        Context context = chain.context();
        journal.beginStep(chain.round(), chain.step(), chain.sessionStep(), chain.agent(), chain.status(), context);
        StepEnd end;
        try {
            end = chain.proceed();
        } catch (RuntimeException | Error e) {
            journal.abandonStep();
            throw e;
        }
        if (end instanceof StepEnd.Ended ended) {
            if (ended.outcome() == Outcome.CANCELLED) {
                journal.abandonStep(); // cut off: on resume it runs again
            } else if (ended.outcome() == Outcome.SUSPENDED) {
                journal.suspendStep(ended.result().waiting().orElseThrow()); // stopped at a wait: goes on when resumed
            } else {
                // the status the table refused, so that a later version that accepts it is refused before replaying
                Optional<String> refused = ended.result().violation().map(v -> v.requested());
                journal.endStep(Optional.empty(), Optional.of(ended.outcome()), refused, context);
            }
        } else {
            StepEnd.Moved moved = (StepEnd.Moved) end;
            journal.endStep(
                    Optional.of(new JournalRecord.Moved(moved.to().qualifiedName(), moved.trigger())),
                    Optional.empty(),
                    Optional.empty(),
                    context);
        }
        return end;
    }

    @Override
    public boolean stepReplayed() {
        return journal.stepReplayed();
    }

    @Override
    public Optional<RecordedEnd> recordedEnd(int round) {
        return journal.recordedEnd(round).map(end -> {
            Outcome outcome = Outcome.valueOf(end.outcome());
            // an ERROR end whose failure the replay does not meet again reports the recorded one
            Optional<Throwable> failure =
                    outcome == Outcome.ERROR ? Optional.of(new RecordedFailure(end.reason())) : Optional.empty();
            return new RecordedEnd(outcome, end.reason(), failure);
        });
    }

    @Override
    public void ended(int round, RoundResult result) {
        journal.roundEnded(round, result);
    }
}
