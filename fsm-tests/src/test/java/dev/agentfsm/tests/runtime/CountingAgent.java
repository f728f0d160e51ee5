package dev.agentfsm.tests.runtime;

import dev.agentfsm.runtime.BaseAgent;
import java.lang.management.ManagementFactory;

/**
 * An agent whose work allocates nothing: it reports CONTINUE until it has worked {@code steps} times,
 * then FINISH. Between two of its steps it reads how many bytes its thread has allocated, so a test
 * can see what the runtime allocates for the steps in between.
 */
public final class CountingAgent extends BaseAgent {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final int steps;
    private final int measureFrom;
    private final int measureTo;
    private int worked;
    private long bytesAtFrom;
    long bytesBetween = -1;

    /**
     * @param steps how many times to work before reporting FINISH
     * @param measureFrom the step at which to start measuring
     * @param measureTo the step at which to stop
     */
    public CountingAgent(int steps, int measureFrom, int measureTo) {
        super("CountingAgent");
        this.steps = steps;
        this.measureFrom = measureFrom;
        this.measureTo = measureTo;
    }

    void work() {
        worked++;
        if (worked == measureFrom) {
            bytesAtFrom = THREADS.getCurrentThreadAllocatedBytes();
        } else if (worked == measureTo) {
            bytesBetween = THREADS.getCurrentThreadAllocatedBytes() - bytesAtFrom;
        }
        setStatus(worked < steps ? "CONTINUE" : "FINISH");
    }

    static long allocatedByThisThread() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
