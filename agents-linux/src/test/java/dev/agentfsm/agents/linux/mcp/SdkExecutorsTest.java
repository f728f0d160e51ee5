package dev.agentfsm.agents.linux.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The decorator that collects the SDK's sweeper is in Reactor's static list only while a transport is
 * built: left there, Reactor (loaded once for an application server's web apps, say) would hold this
 * module's classes, and their class loader, for good.
 */
class SdkExecutorsTest {
    @Test
    void noDecoratorIsLeftWithReactorOnceBuiltOrFailed() throws Exception {
        SdkExecutors.Built<String> built = SdkExecutors.started(() -> "built");
        built.executors().shutdown();
        assertEquals("built", built.value());
        assertNull(leftWithReactor(), "a decorator is left in Reactor's list once built");
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class,
                () -> SdkExecutors.started(() -> {
                    throw new IllegalStateException("the build fails");
                }));
        assertNull(leftWithReactor(), "a decorator is left in Reactor's list once the build failed");
    }

    /** The decorator registered under the module's key, put back where it was found. */
    private static BiFunction<Scheduler, ScheduledExecutorService, ScheduledExecutorService> leftWithReactor() {
        BiFunction<Scheduler, ScheduledExecutorService, ScheduledExecutorService> left =
                Schedulers.removeExecutorServiceDecorator(SdkExecutors.DECORATOR);
        if (left != null) {
            Schedulers.addExecutorServiceDecorator(SdkExecutors.DECORATOR, left); // the other tests' as it was
        }
        return left;
    }
}
