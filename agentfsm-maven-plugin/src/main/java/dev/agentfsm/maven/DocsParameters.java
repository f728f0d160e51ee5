package dev.agentfsm.maven;

import dev.agentfsm.diagrams.MachineDocs;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/** What {@code docs} and {@code check} share: the docs directory they write and compare, and the module's name in it. */
abstract class DocsParameters extends ModelsParameters {

    /**
     * The directory of pages and SVGs kept in the repository; several modules may share it, and people
     * may keep other files there. The module's list {@code .agentfsm/<artifactId>.files} there names
     * the pages and SVGs it generated: {@code docs} rewrites those and deletes those of its machines that
     * are gone, {@code check} compares them; every other file is left alone.
     */
    @Parameter(property = "agentfsm.docsDirectory", defaultValue = "${project.basedir}/docs/machines")
    File docsDirectory;

    /** The module's name among those sharing the docs directory: the name of its list there. */
    @Parameter(defaultValue = "${project.artifactId}", readonly = true, required = true)
    String module;

    /** Besides the line saying so, warns when the docs directory still holds pages this module generated. */
    @Override
    void withoutMachines(Path directory) throws MojoExecutionException {
        super.withoutMachines(directory);
        List<Path> left;
        try {
            left = MachineDocs.generated(docsDirectory.toPath(), module);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "agentfsm: cannot read the list of module " + module + " in " + shown(docsDirectory.toPath()) + ": "
                            + e,
                    e);
        }
        if (!left.isEmpty()) {
            getLog().warn("agentfsm: " + shown(docsDirectory.toPath()) + " still holds " + left.size()
                    + " page(s) and SVG(s) of module " + module + " ("
                    + left.stream().map(this::shown).collect(Collectors.joining(", "))
                    + "); if its machines are gone, delete them and "
                    + shown(MachineDocs.generatedList(docsDirectory.toPath(), module)) + " by hand");
        }
    }

    /**
     * Warns about each other module's list in the docs directory that names pages of this module's machines: the
     * list of a module that was renamed keeps those pages for good, and a module's machine that moved here is still
     * on the list of the module it left until that module runs the docs goal.
     */
    void warnAboutOtherLists(MachineDocs machines) throws IOException {
        for (Map.Entry<Path, List<String>> list :
                machines.alsoListedElsewhere(docsDirectory.toPath(), module).entrySet()) {
            getLog().warn("agentfsm: " + shown(list.getKey()) + ", the list of another module, also names "
                    + String.join(", ", list.getValue()) + ", which module " + module + " generates: if that module"
                    + " was renamed (its artifactId changed), delete " + shown(list.getKey()) + ", or the pages it"
                    + " names are kept when their machines are gone; if the machines moved here from it, run the"
                    + " docs goal in that module too");
        }
    }
}
