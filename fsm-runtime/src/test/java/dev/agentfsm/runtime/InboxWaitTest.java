package dev.agentfsm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles.HostStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A state waiting for an event without a {@code @Timeout} waits without a timer: its event, its token's
 * cancellation or an interrupt wakes it. The tests wait until the waiting thread is parked in the wait
 * (its state is {@code WAITING}), never for a time; the class time-out only turns a wait that is never
 * woken into a failure instead of a hung build.
 */
@Timeout(120)
class InboxWaitTest {
    @Test
    void anUntimedWaitEndsWhenItsTokenIsCancelled() throws Exception {
        CancellationToken token = new CancellationToken();
        Inbox inbox = new Inbox();
        Waiter waiter = new Waiter(inbox, token);
        waiter.awaitParked();
        token.cancel();
        Object ended = waiter.result.get();
        assertTrue(ended instanceof CancellationException, ended.toString());
        assertTrue(
                ((Exception) ended).getMessage().contains("HostAgent.CONTINUE waited for an event"), ended.toString());
    }

    @Test
    void aTokenCancelledBeforeTheWaitEndsItAtOnce() {
        CancellationToken token = new CancellationToken();
        token.cancel();
        Inbox inbox = new Inbox();
        inbox.enter(HostStatus.CONTINUE, token);
        assertThrows(CancellationException.class, inbox::await);
    }

    @Test
    void anEventEndsAnUntimedWait() throws Exception {
        Inbox inbox = new Inbox();
        Waiter waiter = new Waiter(inbox, new CancellationToken());
        waiter.awaitParked();
        inbox.deliver(Event.of("approved"));
        assertEquals(Event.of("approved"), waiter.result.get());
    }

    @Test
    void oneTokenCancelsEveryWaitUnderIt() throws Exception {
        CancellationToken token = new CancellationToken();
        List<Waiter> waiters = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiters.add(new Waiter(new Inbox(), token));
        }
        for (Waiter waiter : waiters) {
            waiter.awaitParked();
        }
        token.cancel();
        for (Waiter waiter : waiters) {
            Object ended = waiter.result.get();
            assertTrue(ended instanceof CancellationException, ended.toString());
        }
    }

    @Test
    void aWaitThatEndedLeavesItsToken() throws Exception {
        CancellationToken token = new CancellationToken();
        Inbox inbox = new Inbox();
        inbox.deliver(Event.of("first"));
        inbox.enter(HostStatus.CONTINUE, token);
        assertEquals(Event.of("first"), inbox.await());
        // the ended wait is not woken again: a second wait under the same token still ends on its event
        Waiter waiter = new Waiter(inbox, token);
        waiter.awaitParked();
        inbox.deliver(Event.of("second"));
        assertEquals(Event.of("second"), waiter.result.get());
    }

    /** A thread waiting in {@code inbox.await()} while the CONTINUE state (no time-out) runs under {@code token}. */
    private static final class Waiter {
        /** The event taken, or what the wait threw. */
        final CompletableFuture<Object> result = new CompletableFuture<>();

        final Thread thread;

        Waiter(Inbox inbox, CancellationToken token) {
            thread = new Thread(() -> {
                inbox.enter(HostStatus.CONTINUE, token);
                try {
                    result.complete(inbox.await());
                } catch (Throwable t) {
                    result.complete(t);
                }
            });
            thread.start();
        }

        /** Until the thread is parked in the inbox's wait (or has ended). */
        void awaitParked() {
            while (thread.getState() != Thread.State.WAITING && !result.isDone()) {
                Thread.onSpinWait();
            }
        }
    }
}
