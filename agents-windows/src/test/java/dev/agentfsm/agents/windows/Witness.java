package dev.agentfsm.agents.windows;

import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Answer;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A user who decides every confirmation as told and notes, each time, what was asked and what a check
 * saw at that moment (whether the table was still there: asked before the action ran). A question
 * fails the test.
 */
public final class Witness implements UserChannel {
    private final Decision decision;
    private final List<String> asked = new ArrayList<>();
    private final List<Boolean> checked = new ArrayList<>();
    private BooleanSupplier check = () -> true;

    public Witness(Decision decision) {
        this.decision = decision;
    }

    /** What to check each time the user is asked. */
    public Witness checking(BooleanSupplier check) {
        this.check = check;
        return this;
    }

    /** The actions the user was asked to confirm, in order. */
    public List<String> asked() {
        return List.copyOf(asked);
    }

    /** What the check saw each time the user was asked. */
    public List<Boolean> checked() {
        return List.copyOf(checked);
    }

    @Override
    public Answer ask(String question, Duration timeout) {
        throw new AssertionError("no question expected, got " + question);
    }

    @Override
    public Decision confirm(String action, Duration timeout) {
        asked.add(action);
        checked.add(check.getAsBoolean());
        return decision;
    }
}
