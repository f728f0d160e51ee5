package com.example;

import dev.agentfsm.runtime.StepInterceptor;
import dev.agentfsm.runtime.StepInterceptor.StepEnd;

/** Counts the steps it sees and vetoes the first one past {@code max}: the round ends as VETOED. */
public final class StepCap implements StepInterceptor {
    private final int max;
    private int steps;

    public StepCap(int max) {
        this.max = max;
    }

    @Override
    public StepEnd intercept(Chain chain) {
        steps++;
        return steps > max ? chain.veto("step " + steps + " is past the cap of " + max) : chain.proceed();
    }

    public int steps() {
        return steps;
    }
}
