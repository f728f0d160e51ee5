package dev.agentfsm.testing;

import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * A {@link UserChannel} that plays scripted answers and decisions in order, for tests and demos, and
 * records what it was asked. Running out of script is an {@link IllegalStateException} naming the
 * question.
 */
public final class ScriptedUserChannel implements UserChannel {
    private final Deque<Answer> answers;
    private final Deque<Decision> decisions;
    private final int scriptedAnswers;
    private final int scriptedDecisions;
    private final List<String> asked = new ArrayList<>();

    private ScriptedUserChannel(List<Answer> answers, List<Decision> decisions) {
        this.answers = new ArrayDeque<>(answers);
        this.decisions = new ArrayDeque<>(decisions);
        this.scriptedAnswers = answers.size();
        this.scriptedDecisions = decisions.size();
    }

    /** A script of answers to questions and decisions on confirmations, each consumed in order. */
    public static ScriptedUserChannel of(List<Answer> answers, List<Decision> decisions) {
        // List.copyOf rejects null elements, so a script cannot hand a null to a state
        return new ScriptedUserChannel(List.copyOf(answers), List.copyOf(decisions));
    }

    @Override
    public synchronized Answer ask(String question, Duration timeout) {
        return next(answers, scriptedAnswers, "answer", "question", question);
    }

    @Override
    public synchronized Decision confirm(String action, Duration timeout) {
        return next(decisions, scriptedDecisions, "decision", "confirmation", action);
    }

    private <T> T next(Deque<T> script, int scripted, String reply, String kind, String asking) {
        asked.add(Objects.requireNonNull(asking, kind));
        if (script.isEmpty()) {
            throw new IllegalStateException("The scripted user has no " + reply + " left for the " + kind + " \""
                    + asking + "\": all " + scripted + " scripted " + reply + "s were given; add " + reply
                    + "s to the script");
        }
        return script.removeFirst();
    }

    /** Every question and confirmation asked so far, in order. */
    public synchronized List<String> asked() {
        return List.copyOf(asked);
    }
}
