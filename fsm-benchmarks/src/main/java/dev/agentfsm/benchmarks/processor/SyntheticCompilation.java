package dev.agentfsm.benchmarks.processor;

import dev.agentfsm.diagrams.ModelException;
import dev.agentfsm.diagrams.ModelFile;
import dev.agentfsm.diagrams.RenderException;
import dev.agentfsm.diagrams.SvgRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A synthetic machine on disk, its generated sources, and the three compilations the processor
 * benchmark compares: with the processor, with a processor that only writes the same files (the
 * floor), and with {@code -proc:none} on the sources plus the generated ones. Each compilation writes
 * to a fresh directory.
 */
public final class SyntheticCompilation {
    private final Path work;
    private final List<Path> sources;
    private final List<Path> sourcesAndGenerated;
    /** What the processor wrote in the first compilation, for the floor to write again. */
    private final SameFilesProcessor.Captured written;

    private final ModelFile model;
    private Path output;

    private SyntheticCompilation(
            Path work,
            List<Path> sources,
            List<Path> sourcesAndGenerated,
            SameFilesProcessor.Captured written,
            ModelFile model) {
        this.work = work;
        this.sources = sources;
        this.sourcesAndGenerated = sourcesAndGenerated;
        this.written = written;
        this.model = model;
        this.output = work.resolve("out");
    }

    /** Writes a machine of {@code states} states in a temporary directory and generates its sources once. */
    public static SyntheticCompilation create(int states) throws IOException {
        Path work = Files.createTempDirectory("agentfsm-processor-bench");
        SyntheticMachine.write(work.resolve("src"), states);
        List<Path> sources = Javac.sources(work.resolve("src"));
        Path generated = work.resolve("generated");
        Javac.compile(sources, work.resolve("first"), Optional.of(Javac.Processing.fsm(generated)));
        List<Path> all = new ArrayList<>(sources);
        all.addAll(Javac.sources(generated));
        if (all.size() == sources.size()) {
            throw new IllegalStateException("the processor generated no sources for the synthetic machine in " + work);
        }
        Path yaml = work.resolve("first/META-INF/agentfsm/" + SyntheticMachine.PACKAGE + ".Synthetic.yaml");
        if (!Files.exists(yaml)) {
            throw new IllegalStateException("the processor wrote no model at " + yaml);
        }
        try {
            return new SyntheticCompilation(
                    work,
                    List.copyOf(sources),
                    List.copyOf(all),
                    SameFilesProcessor.Captured.read(generated, work.resolve("first")),
                    ModelFile.read(yaml));
        } catch (ModelException e) {
            throw new IllegalStateException(
                    "the processor wrote a model fsm-diagrams cannot read: " + e.getMessage(), e);
        }
    }

    /** Points the next compilation at a new, empty directory. */
    public void freshOutput() throws IOException {
        output = Files.createTempDirectory(work, "out");
    }

    /** javac with the processor. */
    public void withProcessor() throws IOException {
        Javac.compile(
                sources, output.resolve("classes"), Optional.of(Javac.Processing.fsm(output.resolve("generated"))));
    }

    /**
     * javac with the floor: a processor that writes the files agent-fsm's processor wrote for these
     * sources, in the first round, and does nothing else (see {@link SameFilesProcessor}).
     */
    public void withSameFilesOnly() throws IOException {
        Javac.compile(
                sources,
                output.resolve("classes"),
                Optional.of(new Javac.Processing(new SameFilesProcessor(written), output.resolve("generated"))));
    }

    /** javac with {@code -proc:none} on the sources and the generated sources. */
    public void withoutProcessor() throws IOException {
        Javac.compile(sourcesAndGenerated, output.resolve("classes"), Optional.empty());
    }

    /**
     * Draws the machine's SVG from the model the processor wrote, as the agentfsm-maven-plugin's
     * {@code diagrams} goal does after the compile (not part of {@link #withProcessor}).
     *
     * @return the SVG's length, for the benchmark to consume
     */
    public int svg() {
        try {
            return SvgRenderer.render(model).length();
        } catch (RenderException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
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
