package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import dev.agentfsm.diagrams.ModelException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/** What the three goals share: where the models are, how many threads draw, how to skip, and reading the models. */
abstract class ModelsParameters extends AbstractMojo {

    /** The models the processor wrote: one {@code <package>.<Name>.yaml} per machine, with its page beside it. */
    @Parameter(property = "agentfsm.models", defaultValue = "${project.build.outputDirectory}/META-INF/agentfsm")
    File models;

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
     * Reads the module's machines and runs the goal on them, unless it is skipped; when the module
     * compiled no machine, one line of log says so first.
     *
     * @throws MojoFailureException when a model cannot be read: the message names the file and the line
     */
    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("agentfsm: skipped (agentfsm.skip)");
            return;
        }
        execute(machines());
    }

    /** What the goal does when the module compiled no machine, for the line of log that says so. */
    abstract String withoutMachines();

    /** Runs the goal on the module's machines, which may be none. */
    abstract void execute(MachineDocs machines) throws MojoExecutionException, MojoFailureException;

    private MachineDocs machines() throws MojoExecutionException, MojoFailureException {
        MachineDocs docs;
        try {
            docs = MachineDocs.read(models.toPath());
        } catch (ModelException e) {
            throw new MojoFailureException("agentfsm: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "agentfsm: cannot read the machine models in " + shown(models.toPath()) + ": " + e, e);
        }
        if (docs.models().isEmpty()) {
            getLog().info("agentfsm: no machine models in " + shown(models.toPath()) + "; " + withoutMachines());
        }
        return docs;
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
