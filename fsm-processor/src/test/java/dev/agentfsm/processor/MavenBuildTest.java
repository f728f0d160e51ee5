package dev.agentfsm.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import dev.agentfsm.annotations.Trigger;
import dev.agentfsm.processor.write.ExternalTool;
import dev.agentfsm.runtime.Agent;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * One mistake, one error, in a real Maven build: a user's project ({@code src/test/resources/maven/pom.xml},
 * configured as the root README says) holding a case of {@code src/test/resources/cascades/} is
 * compiled by {@code mvn}, with this build's processor on the annotation processor path. Maven must
 * print the processor's one error and no {@code cannot find symbol}.
 *
 * <p>The nested build never touches the shared local repository or the network: it gets a local
 * repository of its own, holding this build's artifacts (the parent pom, fsm-annotations, fsm-runtime
 * and fsm-processor, jarred from their class directories when the reactor has not packaged them),
 * and reads everything else (Maven's plugins, the processor's dependencies) from the outer build's
 * local repository, as a {@code file:} mirror of every remote repository.
 */
class MavenBuildTest {

    /** A compiler error as maven-compiler-plugin prints it: {@code [ERROR] /path/Door.java:[34,5] message}. */
    private static final Pattern ERROR =
            Pattern.compile("^\\[ERROR] (/\\S+\\.java|[A-Za-z]:\\\\\\S+\\.java):\\[(\\d+),\\d+] (.*)$");

    @TempDir
    static Path work;

    private static Path repository;
    private static Path settings;

    @BeforeAll
    static void installThisBuildsArtifacts() throws Exception {
        repository = work.resolve("repository");
        Path root = Path.of(property("agentfsm.rootDir"));
        String version = property("agentfsm.version");
        install(root.resolve("pom.xml"), "agent-fsm-parent", version, null);
        install(
                root.resolve("fsm-annotations/pom.xml"),
                "fsm-annotations",
                version,
                Compilers.location(Trigger.class).toPath());
        install(
                root.resolve("fsm-runtime/pom.xml"),
                "fsm-runtime",
                version,
                Compilers.location(Agent.class).toPath());
        install(
                root.resolve("fsm-processor/pom.xml"),
                "fsm-processor",
                version,
                Compilers.location(FsmProcessor.class).toPath());
        // every remote repository is the outer build's local one: no network, and the shared repository is only read
        String mirror = Path.of(property("agentfsm.localRepository")).toUri().toString();
        settings = Files.writeString(
                work.resolve("settings.xml"),
                "<settings>\n  <mirrors>\n    <mirror>\n"
                        + "      <id>outer-build-local-repository</id>\n      <mirrorOf>*</mirrorOf>\n"
                        + "      <url>" + mirror + "</url>\n    </mirror>\n  </mirrors>\n</settings>\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Trap           | Trap           | example/Door.java | @State(\"STUCK\")",
                "DuplicateState | DuplicateState | example/Door.java | description = \"ajar\"",
            })
    void mavenPrintsTheProcessorsErrorAndNoCannotFindSymbol(String dir, String id, String file, String lineText)
            throws Exception {
        Path project = work.resolve(dir);
        Path sources = project.resolve("src/main/java");
        copyCase(dir, sources);
        Files.writeString(project.resolve("pom.xml"), pom());
        List<String> lines = Files.readAllLines(sources.resolve(file));
        int line = 1
                + IntStream.range(0, lines.size())
                        .filter(i -> lines.get(i).contains(lineText))
                        .findFirst()
                        .orElseThrow();

        Build build = mvn(project, "compile");

        assertWithMessage("mvn compile of a machine with one mistake:\n%s", build.output())
                .that(build.exitCode())
                .isNotEqualTo(0);
        assertWithMessage("mvn output:\n%s", build.output())
                .that(build.output())
                .doesNotContain("cannot find symbol");
        assertWithMessage("mvn output:\n%s", build.output())
                .that(build.errors())
                .containsExactly(Path.of(file).getFileName() + ":" + line + ": [agentfsm:" + id + "]");
        assertWithMessage("mvn output:\n%s", build.output())
                .that(build.output())
                .containsMatch("(?m)^\\[INFO] 1 error\\s*$");
    }

    /**
     * What a nested build printed.
     *
     * @param errors each compiler error once, as {@code File.java:line: [agentfsm:Id]} (or its first words)
     */
    record Build(int exitCode, String output, Set<String> errors) {}

    private static Build mvn(Path project, String... goals) throws IOException, InterruptedException {
        Path mavenHome = Path.of(property("agentfsm.mavenHome"));
        Path mvn = mavenHome.resolve(File.separatorChar == '\\' ? "bin/mvn.cmd" : "bin/mvn");
        if (!Files.isExecutable(mvn)) {
            throw ExternalTool.missing("no Maven launcher at " + mvn + "; run this test through Maven");
        }
        List<String> command = new ArrayList<>(List.of(
                mvn.toString(),
                "-B",
                "-s",
                settings.toString(),
                "-gs",
                settings.toString(),
                "-Dmaven.repo.local=" + repository));
        command.addAll(List.of(goals));
        Path log = project.resolve("build.log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_ARGS");
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("mvn did not finish in 5 minutes:\n" + Files.readString(log));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Set<String> errors = new LinkedHashSet<>();
        for (String text : output.lines().toList()) {
            Matcher m = ERROR.matcher(text);
            if (m.matches()) {
                String message = m.group(3);
                String tag =
                        message.startsWith("[agentfsm:") ? message.substring(0, message.indexOf(']') + 1) : message;
                errors.add(Path.of(m.group(1)).getFileName() + ":" + m.group(2) + ": " + tag);
            }
        }
        return new Build(process.exitValue(), output, errors);
    }

    private static String pom() throws Exception {
        Path root = Path.of(property("agentfsm.rootDir"));
        try (var template = MavenBuildTest.class.getResourceAsStream("/maven/pom.xml")) {
            return new String(template.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("@agentfsm.version@", property("agentfsm.version"))
                    // the plugin versions this build uses, so the outer local repository has them
                    .replace("@compiler.version@", managedPluginVersion(root, "maven-compiler-plugin"))
                    .replace("@resources.version@", managedPluginVersion(root, "maven-resources-plugin"));
        }
    }

    private static String managedPluginVersion(Path root, String artifactId) throws Exception {
        Element project = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(root.resolve("pom.xml").toFile())
                .getDocumentElement();
        NodeList plugins = project.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            String version = text(plugin, "version");
            if (artifactId.equals(text(plugin, "artifactId")) && !version.isEmpty()) {
                // the root pom keeps plugin versions in properties: <version>${maven-compiler-plugin.version}</version>
                if (version.startsWith("${") && version.endsWith("}")) {
                    String name = version.substring(2, version.length() - 1);
                    String value = text(
                            (Element) project.getElementsByTagName("properties").item(0), name);
                    if (value.isEmpty()) {
                        throw new AssertionError(
                                "the root pom.xml's properties have no " + name + " for " + artifactId);
                    }
                    return value;
                }
                return version;
            }
        }
        throw new AssertionError("the root pom.xml's pluginManagement has no version of " + artifactId);
    }

    private static String text(Element parent, String child) {
        NodeList nodes = parent.getElementsByTagName(child);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }

    private static void copyCase(String dir, Path sources) throws Exception {
        Path from = Path.of(MavenBuildTest.class.getResource("/cascades/" + dir).toURI());
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.filter(Files::isRegularFile).toList()) {
                Path to = sources.resolve(from.relativize(source).toString());
                Files.createDirectories(to.getParent());
                Files.copy(source, to);
            }
        }
    }

    /** Puts a module's pom, and its classes as a jar, where a local repository keeps them. */
    private static void install(Path pom, String artifactId, String version, Path classes) throws IOException {
        Path dir = repository.resolve("dev/agentfsm").resolve(artifactId).resolve(version);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifactId + "-" + version + ".pom"));
        if (classes == null) {
            return;
        }
        Path jar = dir.resolve(artifactId + "-" + version + ".jar");
        if (Files.isRegularFile(classes)) {
            Files.copy(classes, jar);
        } else {
            jar(classes, jar);
        }
    }

    private static void jar(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream zip = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(
                        new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw ExternalTool.missing("the system property " + name + " is not set; run this test through Maven"
                    + " (fsm-processor's pom passes it to surefire)");
        }
        return value;
    }
}
