package dev.agentfsm.runtime.trace;

import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.SubtaskEvent;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;

/**
 * Emits JDK Flight Recorder events: {@value #TRANSITION_EVENT} for each transition,
 * {@value #SUBTASK_EVENT} for each subtask end, {@value #ROUND_EVENT} for each round end and
 * {@value #ROUND_FAILED_EVENT} for each round that an exception left with no end
 * ({@link TransitionListener#onRoundFailed}), in the "agent-fsm" category. They cost almost nothing
 * when no recording has them enabled; enable them in a JFC file or with
 * {@code jdk.jfr.Recording.enable(JfrListener.TRANSITION_EVENT)}.
 */
public final class JfrListener implements TransitionListener {
    /** The name of the transition event. */
    public static final String TRANSITION_EVENT = TransitionRecord.NAME;
    /** The name of the subtask event. */
    public static final String SUBTASK_EVENT = SubtaskRecord.NAME;
    /** The name of the round event. */
    public static final String ROUND_EVENT = RoundRecord.NAME;
    /** The name of the event of a round that an exception left with no end. */
    public static final String ROUND_FAILED_EVENT = RoundFailedRecord.NAME;

    @Override
    public void onTransition(TransitionEvent event) {
        TransitionRecord record = new TransitionRecord();
        if (!record.isEnabled()) {
            return;
        }
        record.at(event.session(), event.round(), event.step(), event.agent(), event.machine());
        record.from = event.from().name();
        record.to = event.targetName();
        record.trigger = event.trigger().name();
        record.stepDuration = event.nanos();
        record.commit();
    }

    @Override
    public void onSubtaskEnd(SubtaskEvent event) {
        SubtaskRecord record = new SubtaskRecord();
        if (!record.isEnabled()) {
            return;
        }
        record.at(event.session(), event.round(), event.step(), event.agent(), event.machine());
        record.number = event.number();
        record.subtask = event.subtask().subtask();
        record.status = event.subtask().status().qualifiedName();
        record.result = event.subtask().result();
        record.commit();
    }

    @Override
    public void onRoundEnd(String session, int round, RoundResult result) {
        RoundRecord record = new RoundRecord();
        if (!record.isEnabled()) {
            return;
        }
        record.session = session;
        record.round = round;
        record.outcome = result.outcome().name();
        record.reason = result.reason();
        record.finalStatus = result.finalStatus().qualifiedName();
        record.steps = result.steps();
        record.subtasks = result.subtasks().size();
        record.path = String.join(" ", result.qualifiedPath());
        record.error = result.error().map(Throwable::toString).orElse(null);
        record.commit();
    }

    @Override
    public void onRoundFailed(String session, int round, Throwable failure) {
        RoundFailedRecord record = new RoundFailedRecord();
        if (!record.isEnabled()) {
            return;
        }
        record.session = session;
        record.round = round;
        record.exception = failure.getClass().getName();
        record.message = failure.getMessage();
        record.commit();
    }
}
