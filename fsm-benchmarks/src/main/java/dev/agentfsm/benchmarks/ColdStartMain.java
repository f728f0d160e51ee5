package dev.agentfsm.benchmarks;

import dev.agentfsm.benchmarks.dispatch.Dispatch;
import dev.agentfsm.benchmarks.dispatch.Implementation;

/**
 * What {@link ColdStart} launches in a fresh JVM: nothing at all for {@code empty}, otherwise one
 * implementation created and driven through its first pass. Nothing else is loaded first.
 */
public final class ColdStartMain {
    private ColdStartMain() {}

    /** @param args one argument: {@code empty} or a {@code DispatchBenchmark} method name */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException(
                    "usage: ColdStartMain empty|<DispatchBenchmark method>; got " + args.length + " arguments");
        }
        if (args[0].equals(ColdStart.EMPTY)) {
            return;
        }
        Dispatch dispatch = Implementation.byMethodName(args[0]).create();
        int transitions = dispatch.pass();
        if (transitions == 0) {
            throw new IllegalStateException(args[0] + " made no transition");
        }
    }
}
