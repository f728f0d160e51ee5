package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.runtime.Move;
import dev.agentfsm.runtime.Status;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The status enums of machines that hand off to each other refer to each other: in
 * {@code src/test/resources/handoff}, Ping's SERVE hands off to Pong's RETURN and Pong's SERVE to
 * Ping's RETURN. Whichever enum a program touches first, and from however many threads, every
 * declared move must see both ends. Each check loads the machines afresh, in a class loader of its
 * own, so that the enums are initialized again.
 */
class HandOffInitializationTest {

    private static final String PING = "example.relay.PingStatus";
    private static final String PONG = "example.relay.PongStatus";

    @TempDir
    static Path out;

    private static DirectoryCompilation relay;

    @BeforeAll
    static void compileThePingAndPongMachines() {
        relay = Compilers.compileToDirectory("javac", TestSources.in("handoff"), List.of(), out);
        assertWithMessage("%s", relay.errors()).that(relay.success()).isTrue();
    }

    @ParameterizedTest(name = "{0} first")
    @ValueSource(strings = {PING, PONG})
    void eitherEnumMayBeInitializedFirst(String first) throws Exception {
        try (URLClassLoader loader = freshLoader()) {
            // SERVE's move is the one that reaches into the other enum
            assertThat(status(loader, first, "SERVE").moves()).hasSize(1);

            assertEveryMoveIsComplete(loader);
        }
    }

    @Test
    void twoThreadsInitializingBothEnumsAtOnceSeeEveryMove() throws Exception {
        // daemons: threads stuck in a class initializer cannot be interrupted, and must not keep the JVM alive
        ExecutorService threads = Executors.newFixedThreadPool(2, task -> {
            Thread thread = new Thread(task);
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (int attempt = 0; attempt < 50; attempt++) {
                try (URLClassLoader loader = freshLoader()) {
                    CyclicBarrier start = new CyclicBarrier(2);
                    List<Future<List<Move>>> moves = new ArrayList<>();
                    // each thread starts at its enum's hand-off, which reaches into the other enum
                    for (String machine : List.of(PING, PONG)) {
                        moves.add(threads.submit(() -> {
                            start.await();
                            return status(loader, machine, "SERVE").moves();
                        }));
                    }
                    for (Future<List<Move>> seen : moves) {
                        // a deadlock between the two class initializers would end here
                        assertThat(seen.get(30, TimeUnit.SECONDS)).hasSize(1);
                    }

                    assertEveryMoveIsComplete(loader);
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** Every move of both machines names both ends, and a hand-off's target is the other enum's own constant. */
    private static void assertEveryMoveIsComplete(ClassLoader loader) throws Exception {
        int moves = 0;
        for (String machine : List.of(PING, PONG)) {
            for (Status status : statuses(loader, machine)) {
                for (Move move : status.moves()) {
                    assertWithMessage("a move of %s", status.qualifiedName())
                            .that(move.to())
                            .isNotNull();
                    assertThat(move.from()).isSameInstanceAs(status);
                    moves++;
                }
            }
        }
        assertThat(moves).isEqualTo(2 + 2);
        assertThat(status(loader, PING, "SERVE").targets()).containsExactly(status(loader, PONG, "RETURN"));
        assertThat(status(loader, PONG, "SERVE").targets()).containsExactly(status(loader, PING, "RETURN"));
        assertThat(status(loader, PING, "SERVE").moves().get(0).isHandOff()).isTrue();
    }

    private static URLClassLoader freshLoader() throws Exception {
        return new URLClassLoader(
                new URL[] {relay.classes().toUri().toURL()}, HandOffInitializationTest.class.getClassLoader());
    }

    private static Status[] statuses(ClassLoader loader, String enumName) throws ClassNotFoundException {
        return (Status[]) Class.forName(enumName, true, loader).getEnumConstants();
    }

    private static Status status(ClassLoader loader, String enumName, String name) throws ClassNotFoundException {
        for (Status status : statuses(loader, enumName)) {
            if (status.name().equals(name)) {
                return status;
            }
        }
        throw new AssertionError(enumName + " has no " + name);
    }
}
