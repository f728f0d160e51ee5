package dev.agentfsm.benchmarks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The threads the many-session benchmarks run their sessions on: a virtual thread per session on JDK
 * 21 and later, found at run time because the module is compiled for JDK 17; on JDK 17, a platform
 * thread per session, which the operating system limits to some thousands.
 */
public final class SessionThreads {
    private SessionThreads() {}

    /** Whether this JDK has virtual threads. */
    public static boolean virtual() {
        return Runtime.version().feature() >= 21;
    }

    /** A thread per task: virtual where the JDK has them, platform threads otherwise. */
    public static ExecutorService perSession() {
        if (!virtual()) {
            return Executors.newCachedThreadPool();
        }
        try {
            return (ExecutorService) MethodHandles.publicLookup()
                    .findStatic(
                            Executors.class,
                            "newVirtualThreadPerTaskExecutor",
                            MethodType.methodType(ExecutorService.class))
                    .invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("JDK " + Runtime.version() + " should have virtual threads", e);
        }
    }

    /** What {@link #perSession()} gives, for the reports. */
    public static String describe() {
        return (virtual() ? "virtual threads" : "platform threads") + ", JDK " + Runtime.version();
    }
}
