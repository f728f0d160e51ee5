package dev.agentfsm.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Parameter;

/** What {@code docs} and {@code check} share: the docs directory they write and compare. */
abstract class DocsParameters extends ModelsParameters {

    /**
     * The directory of pages and SVGs kept in the repository. Every {@code .md} and {@code .svg} file
     * in it is managed: {@code docs} rewrites it, {@code check} compares it.
     */
    @Parameter(property = "agentfsm.docsDirectory", defaultValue = "${project.basedir}/docs/machines")
    File docsDirectory;
}
