package dev.agentfsm.agents.linux.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The executors the MCP SDK's Streamable HTTP transport starts for itself and never stops: its session
 * sweeper runs on a Reactor scheduler of its own ({@code Schedulers.newSingle}, a thread that is not a
 * daemon) whose subscription the transport disposes on close, but whose thread it leaves running. Every
 * server started and closed left one such thread, and a program that served and closed never exited by
 * itself. The sweeper's executor, created on this thread while the transport is built, is collected here
 * (through a decorator of Reactor's executors that does nothing on other threads nor for other schedulers:
 * a shared scheduler first used meanwhile must go on running), and shut down when the server stops.
 */
final class SdkExecutors {
    /** The key of the decorator in Reactor's static list. */
    static final String DECORATOR = "agentfsm-shell-mcp-sdk-executors";
    /** The name the SDK gives its sweeper's scheduler, which the scheduler's {@code toString()} shows. */
    static final String SWEEPER = "streamable-http-server-transport-session-sweeper";
    /** The list collecting on this thread while {@link #started} builds, else null. */
    private static final ThreadLocal<List<ScheduledExecutorService>> COLLECTING = new ThreadLocal<>();
    /** How many threads are in {@link #started}. Guarded by {@code SdkExecutors.class}. */
    private static int building;

    private final List<ScheduledExecutorService> executors;

    private SdkExecutors(List<ScheduledExecutorService> executors) {
        this.executors = List.copyOf(executors);
    }

    /** A value {@code build} returns, and the executors Reactor started on this thread while it ran. */
    record Built<T>(T value, SdkExecutors executors) {}

    /**
     * Runs {@code build}, collecting the executors Reactor starts meanwhile on this thread. The decorator is
     * in Reactor's static list only while a thread builds: left there, it would keep these classes (a web
     * app's, undeployed) for as long as Reactor's own are loaded.
     */
    static <T> Built<T> started(Callable<T> build) throws Exception {
        List<ScheduledExecutorService> collected = new ArrayList<>();
        synchronized (SdkExecutors.class) {
            if (building++ == 0) {
                Schedulers.addExecutorServiceDecorator(DECORATOR, SdkExecutors::collect);
            }
        }
        COLLECTING.set(collected);
        try {
            T value = build.call();
            return new Built<>(value, new SdkExecutors(collected));
        } catch (Exception | Error e) {
            collected.forEach(ScheduledExecutorService::shutdownNow);
            throw e;
        } finally {
            COLLECTING.remove();
            synchronized (SdkExecutors.class) {
                if (--building == 0) {
                    Schedulers.removeExecutorServiceDecorator(DECORATOR);
                }
            }
        }
    }

    /** The decorator: takes note of a sweeper's executor started on a thread that collects, changing none. */
    private static ScheduledExecutorService collect(Scheduler scheduler, ScheduledExecutorService executor) {
        List<ScheduledExecutorService> collecting = COLLECTING.get();
        if (collecting != null && scheduler.toString().contains(SWEEPER)) {
            collecting.add(executor);
        }
        return executor;
    }

    /** Stops them, and so their threads. */
    void shutdown() {
        executors.forEach(ScheduledExecutorService::shutdownNow);
    }
}
