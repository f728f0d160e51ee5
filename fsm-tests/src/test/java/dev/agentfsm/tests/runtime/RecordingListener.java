package dev.agentfsm.tests.runtime;

import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.util.ArrayList;
import java.util.List;

/** Remembers what a round told its listeners, as short strings. */
final class RecordingListener implements TransitionListener {
    final List<TransitionEvent> events = new ArrayList<>();
    final List<String> moves = new ArrayList<>();
    final List<RoundResult> ends = new ArrayList<>();
    /** The session id each round end named. */
    final List<String> endSessions = new ArrayList<>();

    @Override
    public void onTransition(TransitionEvent event) {
        events.add(event);
        moves.add(event.step() + " " + event.agent() + " " + event.from().qualifiedName() + " -> " + event.targetName()
                + " by " + event.trigger());
    }

    @Override
    public void onRoundEnd(String session, int round, RoundResult result) {
        ends.add(result);
        endSessions.add(session);
    }
}
