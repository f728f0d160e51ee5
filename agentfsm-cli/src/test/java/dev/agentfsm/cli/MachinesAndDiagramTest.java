package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachinesAndDiagramTest {

    @Test
    void machinesListsTheLinuxAgent() {
        Cli cli = Cli.run("machines");
        assertEquals(0, cli.exitCode(), cli.err());
        assertEquals(
                "LinuxAgent  dev.agentfsm.agents.linux.LinuxAgent\n"
                        + "  states:  CONTINUE, FINISH, FAIL (initial CONTINUE)\n"
                        + "  files:   yaml, mmd, dot, puml, md, svg\n",
                cli.out());
    }

    @Test
    void noMachineOnTheClassPathSaysTheProcessorDidNotRun() {
        ClassLoader empty = new ClassLoader(null) {};
        for (String command : List.of("machines", "diagram")) {
            Cli cli = Overlay.with(
                    empty, () -> command.equals("machines") ? Cli.run(command) : Cli.run(command, "LinuxAgent"));
            assertEquals(1, cli.exitCode(), command + ": " + cli.out());
            assertTrue(
                    cli.err()
                            .startsWith(
                                    "agentfsm-cli " + command + ": No agent-fsm machine was found on the class path"),
                    cli.err());
            assertTrue(cli.err().contains("annotationProcessorPaths"), cli.err());
        }
    }

    @Test
    void diagramPrintsWhatTheBuildGenerated() {
        Cli mermaid = Cli.run("diagram", "LinuxAgent");
        assertEquals(0, mermaid.exitCode(), mermaid.err());
        assertTrue(mermaid.out().contains("stateDiagram-v2\n"), mermaid.out());
        assertTrue(mermaid.out().contains("    CONTINUE --> FINISH : LLM\n"), mermaid.out());
        Cli dot = Cli.run("diagram", "LinuxAgent", "--format", "dot");
        assertTrue(dot.out().startsWith("digraph "), dot.out());
        Cli svg = Cli.run("diagram", "LinuxAgent", "--format", "svg");
        assertTrue(svg.out().contains("<svg "), svg.out().substring(0, 200));
    }

    @Test
    void diagramPrintsTheFileOfTheFormat() throws IOException {
        ClassLoader withDiagram = new Overlay(Set.of("mmd"));
        Cli cli = Overlay.with(withDiagram, () -> Cli.run("diagram", "LinuxAgent", "--format", "MERMAID"));
        assertEquals(0, cli.exitCode(), cli.err());
        assertEquals(Overlay.FAKE + "mmd", cli.out());
        Cli qualified = Overlay.with(withDiagram, () -> Cli.run("diagram", "dev.agentfsm.agents.linux.LinuxAgent"));
        assertEquals(Overlay.FAKE + "mmd", qualified.out());
    }

    @Test
    void aMissingFormatIsAClearErrorNamingTheFormatsPresent() {
        Cli cli = Overlay.with(
                new Overlay(Set.of("mmd", "puml")), () -> Cli.run("diagram", "LinuxAgent", "--format", "dot"));
        assertEquals(1, cli.exitCode());
        assertEquals(
                "agentfsm-cli diagram: no dot diagram of dev.agentfsm.agents.linux.LinuxAgent on the class path"
                        + " (META-INF/agentfsm/dev.agentfsm.agents.linux.LinuxAgent.dot); formats present: mermaid, plantuml\n",
                cli.err());
        Cli none = Overlay.with(new Overlay(Set.of()), () -> Cli.run("diagram", "LinuxAgent", "--format", "dot"));
        assertEquals(1, none.exitCode());
        assertEquals(
                "agentfsm-cli diagram: no dot diagram of dev.agentfsm.agents.linux.LinuxAgent on the class path"
                        + " (META-INF/agentfsm/dev.agentfsm.agents.linux.LinuxAgent.dot); this build wrote no diagrams of it\n",
                none.err());
    }

    @Test
    void aNameThatTwoMachinesShareMustBeQualified(@TempDir Path dir) throws IOException {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve("dev.agentfsm.runtime.StateManager"), "dev.agentfsm.cli.other.LinuxAgent\n");
        try (URLClassLoader twoLinuxAgents =
                new URLClassLoader(new URL[] {dir.toUri().toURL()}, MachinesAndDiagramTest.class.getClassLoader())) {
            Cli ambiguous = Overlay.with(twoLinuxAgents, () -> Cli.run("diagram", "LinuxAgent"));
            assertEquals(2, ambiguous.exitCode(), ambiguous.out());
            assertEquals(
                    "agentfsm-cli diagram: 'LinuxAgent' names 2 machines: dev.agentfsm.agents.linux.LinuxAgent,"
                            + " dev.agentfsm.cli.other.LinuxAgent; give the qualified name"
                            + " (see 'agentfsm-cli diagram --help')\n",
                    ambiguous.err());
            Cli qualified =
                    Overlay.with(twoLinuxAgents, () -> Cli.run("diagram", "dev.agentfsm.agents.linux.LinuxAgent"));
            assertEquals(0, qualified.exitCode(), qualified.err());
            assertTrue(qualified.out().contains("    CONTINUE --> FINISH : LLM\n"), qualified.out());
        }
    }

    @Test
    void theSvgIsDrawnFromTheModelLikeThePluginDrawsIt() {
        Cli svg = Overlay.with(new Overlay(Set.of()), () -> Cli.run("diagram", "LinuxAgent", "--format", "svg"));
        assertEquals(0, svg.exitCode(), svg.err());
        assertTrue(svg.out().startsWith("<!-- agentfsm-svg "), svg.out().substring(0, 100));
        assertTrue(svg.out().contains(">CONTINUE</text>"), "the states are drawn");
        String built = new String(
                readBuilt("META-INF/agentfsm/dev.agentfsm.agents.linux.LinuxAgent.svg"), StandardCharsets.UTF_8);
        assertEquals(built, svg.out(), "the same renderer as the build's agentfsm-maven-plugin");
    }

    private static byte[] readBuilt(String resource) {
        try (InputStream in = MachinesAndDiagramTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertTrue(in != null, resource + " is on the class path: the plugin's diagrams goal drew it");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The test class path with the LinuxAgent's diagram files replaced: those of the given extensions
     * exist (with fake content), the others do not, whatever the build wrote.
     */
    static final class Overlay extends ClassLoader {
        static final String FAKE = "fake diagram ";
        private static final String PREFIX = "META-INF/agentfsm/dev.agentfsm.agents.linux.LinuxAgent.";
        private static final Set<String> DIAGRAMS = Set.of("mmd", "dot", "puml", "svg");
        private final Set<String> present;

        Overlay(Set<String> present) {
            super(MachinesAndDiagramTest.class.getClassLoader());
            this.present = present;
        }

        private boolean hidden(String name) {
            return name.startsWith(PREFIX) && DIAGRAMS.contains(name.substring(PREFIX.length()));
        }

        @Override
        public URL getResource(String name) {
            if (hidden(name)) {
                return present.contains(name.substring(PREFIX.length()))
                        ? super.getResource("dev/agentfsm/agents/linux/LinuxAgent.expected.yaml")
                        : null;
            }
            return super.getResource(name);
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            if (hidden(name)) {
                String ext = name.substring(PREFIX.length());
                return present.contains(ext)
                        ? new java.io.ByteArrayInputStream((FAKE + ext).getBytes(StandardCharsets.UTF_8))
                        : null;
            }
            return super.getResourceAsStream(name);
        }

        static <T> T with(ClassLoader loader, java.util.function.Supplier<T> action) {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                return action.get();
            } finally {
                thread.setContextClassLoader(previous);
            }
        }
    }
}
