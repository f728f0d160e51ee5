package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import dev.agentfsm.diagrams.RenderException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes each machine's page and SVG into the docs directory ({@code docs/machines/}), for
 * committing, with the module's list of them, and deletes the pages and SVGs of the module's machines
 * that no longer exist; other files there (another module's, a person's) are left alone. Run it after
 * the compile: {@code mvn process-classes agentfsm:docs}.
 */
@Mojo(name = "docs", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true)
public class DocsMojo extends DocsParameters {

    /** Where the {@code diagrams} goal draws; a whole SVG there drawn from the same model is copied, not drawn again. */
    @Parameter(property = "agentfsm.diagrams", defaultValue = "${project.build.outputDirectory}/META-INF/agentfsm")
    File diagramsDirectory;

    @Override
    String withoutMachines() {
        return "nothing written or deleted in " + shown(docsDirectory.toPath());
    }

    @Override
    void execute(MachineDocs machines) throws MojoExecutionException, MojoFailureException {
        long start = System.nanoTime();
        try {
            MachineDocs.DocsUpdate update =
                    machines.writeDocs(docsDirectory.toPath(), module, diagramsDirectory.toPath(), threads());
            warnAboutOtherLists(machines);
            for (Path file : update.written()) {
                getLog().info("agentfsm: wrote " + shown(file));
            }
            for (Path file : update.removed()) {
                getLog().info("agentfsm: removed " + shown(file) + " (no machine of this build has that name)");
            }
            for (Path file : update.kept()) {
                getLog().info("agentfsm: kept " + shown(file) + " (no module's list in "
                        + shown(MachineDocs.generatedList(docsDirectory.toPath(), module)
                                .getParent())
                        + " names it: a person's file, or one left before agentfsm kept lists; delete it by hand if"
                        + " it is the page of a machine that is gone)");
            }
            getLog().info("agentfsm: " + shown(docsDirectory.toPath()) + " holds the pages and SVGs of "
                    + machines.models().size() + " machine(s) (" + seconds(start) + ")");
        } catch (RenderException e) {
            throw new MojoExecutionException("agentfsm: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("agentfsm: cannot update " + shown(docsDirectory.toPath()) + ": " + e, e);
        }
    }
}
