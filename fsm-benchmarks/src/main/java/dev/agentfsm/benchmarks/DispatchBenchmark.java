package dev.agentfsm.benchmarks;

import dev.agentfsm.benchmarks.dispatch.Dispatch;
import dev.agentfsm.benchmarks.dispatch.Implementation;
import dev.agentfsm.benchmarks.dispatch.RuntimeStepDispatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The HostAgent + AppAgent machines driven along UFO's Word-then-Excel path, one method per
 * implementation. One operation is one pass of nine transitions; the report divides by nine.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DispatchBenchmark {

    /** The implementation one benchmark method drives, created once per fork. */
    abstract static class Subject {
        Dispatch dispatch;

        void create(Implementation implementation) {
            dispatch = implementation.create();
        }
    }

    /** State for {@link #generated}. */
    @State(Scope.Thread)
    public static class Generated extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.GENERATED);
        }
    }

    /** State for {@link #runtimeStep}. */
    @State(Scope.Thread)
    public static class RuntimeStep extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.RUNTIME_STEP);
        }
    }

    /** State for {@link #runtimeRound}. */
    @State(Scope.Thread)
    public static class RuntimeRound extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.RUNTIME_ROUND);
        }
    }

    /** State for {@link #handWritten}. */
    @State(Scope.Thread)
    public static class HandWritten extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.HAND_WRITTEN);
        }
    }

    /** State for {@link #ufoStyleRegistry}. */
    @State(Scope.Thread)
    public static class UfoStyleRegistry extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.UFO_STYLE_REGISTRY);
        }
    }

    /** State for {@link #springStatemachine}. */
    @State(Scope.Thread)
    public static class SpringStatemachine extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.SPRING_STATEMACHINE);
        }
    }

    /** State for {@link #squirrel}. */
    @State(Scope.Thread)
    public static class Squirrel extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.SQUIRREL);
        }
    }

    /** State for {@link #stateless4j}. */
    @State(Scope.Thread)
    public static class Stateless4j extends Subject {
        /** Creates the implementation. */
        @Setup
        public void setUp() {
            create(Implementation.STATELESS4J);
        }
    }

    /** Generated managers, tables and typed transitions. */
    @Benchmark
    public int generated(Generated subject) {
        return subject.dispatch.pass();
    }

    /**
     * Runtime steps: one {@code Round} (no listeners, no-op work) that walks the path
     * {@value RuntimeStepDispatch#CYCLES} times, counted as that many 9-transition operations.
     */
    @Benchmark
    @OperationsPerInvocation(RuntimeStepDispatch.OPERATIONS)
    public int runtimeStep(RuntimeStep subject) {
        return subject.dispatch.pass();
    }

    /** A whole runtime {@code Round} per pass, no listeners, no-op work: its set-up and result included. */
    @Benchmark
    public int runtimeRound(RuntimeRound subject) {
        return subject.dispatch.pass();
    }

    /** A hand-written enum switch: the floor. */
    @Benchmark
    public int handWritten(HandWritten subject) {
        return subject.dispatch.pass();
    }

    /** UFO's registry design in Java. */
    @Benchmark
    public int ufoStyleRegistry(UfoStyleRegistry subject) {
        return subject.dispatch.pass();
    }

    /** Spring Statemachine 4.0. */
    @Benchmark
    public int springStatemachine(SpringStatemachine subject) {
        return subject.dispatch.pass();
    }

    /** squirrel-foundation 0.3.10. */
    @Benchmark
    public int squirrel(Squirrel subject) {
        return subject.dispatch.pass();
    }

    /** stateless4j 2.6.0. */
    @Benchmark
    public int stateless4j(Stateless4j subject) {
        return subject.dispatch.pass();
    }
}
