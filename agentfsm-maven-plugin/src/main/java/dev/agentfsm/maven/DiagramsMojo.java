package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import dev.agentfsm.diagrams.RenderException;
import java.io.File;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Draws an SVG of every machine the module compiled, beside its model, so that it lands in the jar.
 * A machine whose SVG already starts with its model's fingerprint and ends with {@code </svg>} is not
 * drawn again; the others are drawn in parallel.
 */
@Mojo(name = "diagrams", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true)
public class DiagramsMojo extends ModelsParameters {

    /** Where the SVGs go; by default beside the models, so that they land in the jar. */
    @Parameter(property = "agentfsm.diagrams", defaultValue = "${project.build.outputDirectory}/META-INF/agentfsm")
    File outputDirectory;

    @Override
    String withoutMachines() {
        return "no diagrams to draw";
    }

    @Override
    void execute(MachineDocs machines) throws MojoExecutionException, MojoFailureException {
        long start = System.nanoTime();
        try {
            MachineDocs.Drawn drawn = machines.drawDiagrams(outputDirectory.toPath(), threads());
            getLog().info("agentfsm: " + drawn.drawn().size() + " diagram(s) drawn, "
                    + drawn.unchanged().size() + " unchanged, in " + seconds(start) + " ("
                    + shown(outputDirectory.toPath()) + ")");
            drawn.drawn().forEach(machine -> getLog().debug("agentfsm: drew " + machine));
        } catch (RenderException e) {
            throw new MojoExecutionException("agentfsm: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "agentfsm: cannot write the diagrams to " + shown(outputDirectory.toPath()) + ": " + e, e);
        }
    }
}
