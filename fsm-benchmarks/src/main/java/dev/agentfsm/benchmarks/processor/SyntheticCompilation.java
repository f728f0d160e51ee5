package dev.agentfsm.benchmarks.processor;

import dev.agentfsm.processor.write.MachineWriter;
import dev.agentfsm.processor.write.SvgWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A synthetic machine on disk, its generated sources, and the two compilations the processor
 * benchmark compares. Each compilation writes to a fresh directory.
 */
public final class SyntheticCompilation {
    private final Path work;
    private final List<Path> sources;
    private final List<Path> sourcesAndGenerated;
    private final String plantUml;
    private final int states;
    private Path output;

    private SyntheticCompilation(Path work, List<Path> sources, List<Path> sourcesAndGenerated, String plantUml,
            int states) {
        this.work = work;
        this.states = states;
        this.sources = sources;
        this.sourcesAndGenerated = sourcesAndGenerated;
        this.plantUml = plantUml;
        this.output = work.resolve("out");
    }

    /** Writes a machine of {@code states} states in a temporary directory and generates its sources once. */
    public static SyntheticCompilation create(int states) throws IOException {
        Path work = Files.createTempDirectory("agentfsm-processor-bench");
        SyntheticMachine.write(work.resolve("src"), states);
        List<Path> sources = Javac.sources(work.resolve("src"));
        Path generated = work.resolve("generated");
        Javac.compile(sources, work.resolve("first"), Optional.of(generated));
        List<Path> all = new ArrayList<>(sources);
        all.addAll(Javac.sources(generated));
        if (all.size() == sources.size()) {
            throw new IllegalStateException("the processor generated no sources for the synthetic machine in " + work);
        }
        Path puml = work.resolve("first/META-INF/agentfsm/" + SyntheticMachine.PACKAGE + ".Synthetic.puml");
        if (!Files.exists(puml)) {
            throw new IllegalStateException("the processor wrote no PlantUML diagram at " + puml);
        }
        return new SyntheticCompilation(work, List.copyOf(sources), List.copyOf(all), Files.readString(puml), states);
    }

    /** Points the next compilation at a new, empty directory. */
    public void freshOutput() throws IOException {
        output = Files.createTempDirectory(work, "out");
    }

    /** javac with the processor. */
    public void withProcessor() throws IOException {
        Javac.compile(sources, output.resolve("classes"), Optional.of(output.resolve("generated")));
    }

    /** javac with {@code -proc:none} on the sources and the generated sources. */
    public void withoutProcessor() throws IOException {
        Javac.compile(sourcesAndGenerated, output.resolve("classes"), Optional.empty());
    }

    /**
     * Renders the machine's PlantUML diagram to SVG the way the processor does during the compile
     * ({@link SvgWriter}, PlantUML's Java layout): the SVG's share of {@link #withProcessor}. A machine
     * of more than {@link MachineWriter#SVG_STATE_LIMIT} states is not drawn by the processor, so it is
     * not drawn here either.
     *
     * @return the SVG's length, for the benchmark to consume; {@code 0} for a machine the processor does not draw
     * @throws IllegalStateException if the layout fails (the processor then warns and writes no SVG)
     */
    public int svgOnly() {
        if (!drawsSvg(states)) {
            return 0;
        }
        try {
            return new SvgWriter().write(plantUml).length();
        } catch (SvgWriter.Failure e) {
            throw new IllegalStateException("the SVG of the synthetic machine could not be rendered: " + e.getMessage(), e);
        }
    }

    /** Whether the processor draws the SVG of a machine of {@code states} states. */
    public static boolean drawsSvg(int states) {
        return states <= MachineWriter.SVG_STATE_LIMIT;
    }

    /** Deletes everything under the working directory. */
    public void delete() throws IOException {
        try (Stream<Path> walk = Files.walk(work)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
