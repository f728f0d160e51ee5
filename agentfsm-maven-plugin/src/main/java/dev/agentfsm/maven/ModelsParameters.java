package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import dev.agentfsm.diagrams.ModelException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/** What the three goals share: where the models are, how many threads draw, how to skip, and reading the models. */
abstract class ModelsParameters extends AbstractMojo {

    /** Where the processor writes the models when {@link #models} is left at its default. */
    static final String DEFAULT_MODELS = "META-INF/agentfsm";

    /**
     * The models the processor wrote: one {@code <package>.<Name>.yaml} per machine, with its page beside
     * it. Left at its default, a directory that is not there (or holds no model) means the module has no
     * machine, and the goal does nothing; set to another directory, it must exist and hold models.
     */
    @Parameter(property = "agentfsm.models", defaultValue = "${project.build.outputDirectory}/" + DEFAULT_MODELS)
    File models;

    /** The module's class output, under which the processor writes the models by default. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    File classesDirectory;

    /** How many machines are drawn at once; 0 means one per processor. */
    @Parameter(property = "agentfsm.threads", defaultValue = "0")
    int threads;

    /** Skips the goal. */
    @Parameter(property = "agentfsm.skip", defaultValue = "false")
    boolean skip;

    /** Where Maven was started: paths are shown relative to it, as the user types them (agents-linux/docs/machines). */
    @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true, required = true)
    File executionRoot;

    /**
     * Reads the module's machines and runs the goal on them, unless it is skipped. When the module
     * compiled no machine, one line of log says so and the goal does nothing: no models never means
     * "delete every page".
     *
     * @throws MojoFailureException when a model cannot be read (the message names the file and the line),
     *     when {@code models} was set to a directory that does not exist or holds no model, or when
     *     {@code threads} is negative
     */
    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("agentfsm: skipped (agentfsm.skip)");
            return;
        }
        if (threads < 0) {
            throw new MojoFailureException("agentfsm: threads (property agentfsm.threads) is " + threads
                    + "; give how many machines are drawn at once, or 0 for one per processor");
        }
        Path directory = models.toPath();
        boolean configured = !directory
                .toAbsolutePath()
                .normalize()
                .equals(classesDirectory
                        .toPath()
                        .resolve(DEFAULT_MODELS)
                        .toAbsolutePath()
                        .normalize());
        if (configured && !Files.exists(directory)) {
            throw new MojoFailureException(wrongModels(directory, "does not exist"));
        }
        if (!Files.exists(directory)) {
            withoutMachines(directory);
            return;
        }
        MachineDocs machines;
        try {
            machines = MachineDocs.read(directory);
        } catch (ModelException e) {
            throw new MojoFailureException("agentfsm: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "agentfsm: cannot read the machine models in " + shown(directory) + ": " + e, e);
        }
        if (machines.models().isEmpty()) {
            if (configured) {
                throw new MojoFailureException(wrongModels(directory, "holds no machine model (*.yaml)"));
            }
            withoutMachines(directory);
            return;
        }
        execute(machines);
    }

    /** What the goal does when the module compiled no machine, for the line of log that says so. */
    abstract String withoutMachines();

    /** Runs the goal on the module's machines: at least one. */
    abstract void execute(MachineDocs machines) throws MojoExecutionException, MojoFailureException;

    /** Says that the module compiled no machine; the goals that keep a docs directory say more. */
    void withoutMachines(Path directory) throws MojoExecutionException {
        getLog().info("agentfsm: no machine models in " + shown(directory)
                + " (the module has no @StateMachine, or is not compiled yet); " + withoutMachines());
    }

    private String wrongModels(Path directory, String problem) {
        return "agentfsm: the models directory " + shown(directory) + " (parameter models, property agentfsm.models) "
                + problem + "; nothing was drawn, written or deleted. Name the directory the processor writes the"
                + " models into (" + shown(classesDirectory.toPath().resolve(DEFAULT_MODELS))
                + " unless configured otherwise: leave models out to use it) and run the goal after the compile"
                + " (mvn process-classes ...), or set agentfsm.skip for a module without machines";
    }

    int threads() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    /** {@code path} relative to the directory Maven was started in, when it is inside it. */
    String shown(Path path) {
        Path base = executionRoot.toPath().toAbsolutePath().normalize();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(base) ? base.relativize(absolute).toString() : absolute.toString();
    }

    static String seconds(long startNanos) {
        return String.format(Locale.ROOT, "%.2f s", (System.nanoTime() - startNanos) / 1e9);
    }
}
