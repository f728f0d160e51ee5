package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.benchmarks.machines.HostAgentStateManager;
import dev.agentfsm.benchmarks.machines.Replies;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import java.util.Arrays;

/**
 * The runtime's steps: one {@code Round}, no listeners, that walks the Word-then-Excel path
 * {@value #CYCLES} times before the host finishes (Host CONTINUE, ASSIGN, Word CONTINUE, FINISH, Host
 * CONTINUE, ASSIGN, Excel CONTINUE, FINISH, back to Host CONTINUE: 8 transitions a cycle, and the
 * final CONTINUE to FINISH). The round's set-up and result are spread over {@value #TRANSITIONS}
 * transitions, so what remains is the cost of a step. The benchmark counts the round as
 * {@value #OPERATIONS} operations of {@value Dispatch#TRANSITIONS_PER_PASS} transitions each.
 *
 * <p>Each round has a context of its own, as a lone round does: every AppAgent FINISH archives a
 * subtask in it, so a context shared by every pass would grow without end.
 */
public final class RuntimeStepDispatch implements Dispatch {
    /** How many times the round walks the path. */
    public static final int CYCLES = 1_000;
    /** The transitions of the round. */
    public static final int TRANSITIONS = 8 * CYCLES + 1;
    /** The round in operations of {@link Dispatch#TRANSITIONS_PER_PASS} transitions, for JMH's {@code @OperationsPerInvocation}. */
    public static final int OPERATIONS = TRANSITIONS / TRANSITIONS_PER_PASS;

    static {
        if (OPERATIONS * TRANSITIONS_PER_PASS != TRANSITIONS) {
            throw new ExceptionInInitializerError(TRANSITIONS + " transitions are not a whole number of "
                    + TRANSITIONS_PER_PASS + "-transition operations; change CYCLES");
        }
    }

    /** Room for every step of the round: the default maxStep of 50 would stop it. */
    private static final RuntimeConfig CONFIG = RuntimeConfig.parse("maxStep: " + (TRANSITIONS + 1));

    private final HostAgent host = new HostAgent(new Replies(replies()), Scenario.APPS);
    private String state = "";

    /** Per cycle the host assigns, the app finishes, twice; at the end the host finishes. */
    private static String[] replies() {
        String[] cycle = Arrays.copyOf(Scenario.LLM_REPLIES, Scenario.LLM_REPLIES.length - 1);
        String[] replies = new String[cycle.length * CYCLES + 1];
        for (int i = 0; i < CYCLES; i++) {
            System.arraycopy(cycle, 0, replies, i * cycle.length, cycle.length);
        }
        replies[replies.length - 1] = Scenario.LLM_REPLIES[Scenario.LLM_REPLIES.length - 1];
        return replies;
    }

    @Override
    public int pass() {
        host.rewind();
        RoundResult result = Round.of(HostAgentStateManager.instance(), host)
                .config(CONFIG)
                .build()
                .run();
        if (!result.completed()) {
            throw new IllegalStateException("the round did not complete: " + result.outcome() + ": " + result.reason());
        }
        state = result.finalStatus().qualifiedName();
        return result.steps() - 1;
    }

    @Override
    public int transitionsPerPass() {
        return TRANSITIONS;
    }

    @Override
    public String state() {
        return state;
    }
}
