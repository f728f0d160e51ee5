package dev.agentfsm.benchmarks;

import dev.agentfsm.benchmarks.processor.SyntheticCompilation;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The processor's cost: javac on a synthetic machine of {@code states} states with the processor,
 * against javac on the same sources plus the sources the processor generated, without it. The
 * difference, divided by the states, is the processor's cost per state. Beside them, the floor: javac
 * with a processor that writes the same files and does nothing else. javac runs in-process, warm (20
 * compiles before the 10 measured), as in a build tool's compiler daemon.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
// javac and the processor are warm only after some fifteen compiles of the small machines: with one compile to warm
// up, each measured compile of 10 states was faster than the one before (560, 330, 320 ms; warm, about 70 ms), so the
// figures measured the JIT at work, not javac
@Warmup(iterations = 20)
@Measurement(iterations = 10)
public class ProcessorBenchmark {

    /** The number of states of the synthetic machine. */
    @Param({"10", "40", "100", "1000"})
    public int states;

    private SyntheticCompilation compilation;

    /** Writes the machine and generates its sources once. */
    @Setup(Level.Trial)
    public void writeMachine() throws IOException {
        compilation = SyntheticCompilation.create(states);
    }

    /** A fresh output directory for each compilation. */
    @Setup(Level.Invocation)
    public void freshOutput() throws IOException {
        compilation.freshOutput();
    }

    /** Removes everything the trial wrote. */
    @TearDown(Level.Trial)
    public void delete() throws IOException {
        compilation.delete();
    }

    /** javac with agent-fsm's processor. */
    @Benchmark
    public void withProcessor() throws IOException {
        compilation.withProcessor();
    }

    /**
     * javac with a processor that writes the files agent-fsm's processor wrote, in the first round, and
     * does nothing else: the least any processor that generates these files costs.
     */
    @Benchmark
    public void withSameFilesOnly() throws IOException {
        compilation.withSameFilesOnly();
    }

    /** The SVG of the machine, drawn from its model by fsm-diagrams as the Maven plugin draws it, after the compile. */
    @Benchmark
    public int svg() {
        return compilation.svg();
    }

    /** javac with {@code -proc:none} on the sources and the already generated sources. */
    @Benchmark
    public void withoutProcessor() throws IOException {
        compilation.withoutProcessor();
    }
}
