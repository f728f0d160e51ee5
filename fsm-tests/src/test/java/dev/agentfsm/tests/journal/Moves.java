package dev.agentfsm.tests.journal;

import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.TransitionListener.TransitionEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers the moves and round ends a session told its listeners. */
final class Moves implements TransitionListener {
    final List<String> moves = new CopyOnWriteArrayList<>();
    final List<RoundResult> ends = new CopyOnWriteArrayList<>();

    @Override
    public void onTransition(TransitionEvent event) {
        moves.add(event.step() + " " + event.from().name() + " -> " + event.to().name() + " by " + event.trigger());
    }

    @Override
    public void onRoundEnd(String session, int round, RoundResult result) {
        ends.add(result);
    }
}
