package dev.agentfsm.benchmarks.dispatch;

/**
 * One implementation of the HostAgent + AppAgent machines, driven along UFO's Word-then-Excel path.
 * Every implementation makes the same {@value #TRANSITIONS_PER_PASS} transitions per pass.
 */
public interface Dispatch {

    /** Transitions in one pass of the path; per-transition figures divide by this. */
    int TRANSITIONS_PER_PASS = 9;

    /**
     * Hand-offs among those transitions: HostAgent ASSIGN to an AppAgent's CONTINUE and the AppAgent's
     * FINISH back to HostAgent CONTINUE, once for Word and once for Excel.
     */
    int HAND_OFFS_PER_PASS = 4;

    /**
     * Runs the path once from HostAgent CONTINUE to HostAgent FINISH, starting over in the
     * implementation's own way (its reset is part of the pass).
     *
     * @return the number of transitions made
     */
    int pass();

    /**
     * The transitions {@link #pass()} makes: {@value #TRANSITIONS_PER_PASS}, or a whole number of times
     * that for an implementation that walks the path repeatedly in one pass ({@link RuntimeStepDispatch}).
     */
    default int transitionsPerPass() {
        return TRANSITIONS_PER_PASS;
    }

    /** The state the last pass ended in, as {@code Machine.STATUS}. */
    String state();
}
