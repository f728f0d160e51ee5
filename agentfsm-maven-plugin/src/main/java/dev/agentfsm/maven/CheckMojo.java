package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fails the build when the docs directory is not what the {@code docs} goal would write: a page or
 * SVG missing or stale, the module's list of them missing or stale, or a page the list names whose
 * machine no longer exists. Files the {@code docs} goal leaves alone are not checked. SVGs are compared by their
 * fingerprint line, and one that does not end with {@code </svg>} is named as cut off, so nothing is drawn. The working tree is compared; in a fresh clone (CI) that is
 * what was committed.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends DocsParameters {

    /** The command the failure tells the user to run to rewrite the docs directory. */
    @Parameter(property = "agentfsm.docsCommand", defaultValue = "mvn process-classes agentfsm:docs")
    String docsCommand;

    @Override
    String withoutMachines() {
        return "nothing to check in " + shown(docsDirectory.toPath());
    }

    @Override
    void execute(MachineDocs machines) throws MojoExecutionException, MojoFailureException {
        List<MachineDocs.Stale> stale;
        try {
            stale = machines.check(docsDirectory.toPath(), module);
            warnAboutOtherLists(machines);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "agentfsm: cannot compare " + shown(docsDirectory.toPath()) + " with the build's models: " + e, e);
        }
        String docs = shown(docsDirectory.toPath());
        if (!stale.isEmpty()) {
            StringBuilder message =
                    new StringBuilder("agentfsm: ").append(docs).append(" is not what this build generates:");
            for (MachineDocs.Stale file : stale) {
                message.append("\n  - ").append(shown(file.file())).append(": ").append(file.problem());
            }
            message.append("\nRun `")
                    .append(docsCommand)
                    .append("` (it rewrites ")
                    .append(docs)
                    .append(" and deletes the orphans), then commit ")
                    .append(docs)
                    .append('.');
            throw new MojoFailureException(message.toString());
        }
        getLog().info("agentfsm: " + docs + " is current (" + machines.models().size() + " machine(s))");
    }
}
