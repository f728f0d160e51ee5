package dev.agentfsm.processor.write;

import com.palantir.javapoet.JavaFile;
import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.diagnostic.Rule;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.annotation.processing.FilerException;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes everything generated for one valid machine: its Java sources and its resources under
 * {@code META-INF/agentfsm/}; for a machine with errors, only the Java sources of its
 * {@link WritableSubset}. It touches no element except to pass it on as the originating one, and
 * tells what went wrong in a {@link Report}.
 */
public final class MachineWriter {

    /** Where the machine resources go in {@code CLASS_OUTPUT}. */
    public static final String RESOURCE_DIR = "META-INF/agentfsm/";

    private final Filer filer;
    private final StatusEnumWriter statusEnum;
    private final TransitionTableWriter table;
    private final StateManagerWriter manager;
    private final MovesWriter moves;
    private final YamlWriter yaml = new YamlWriter();
    private final MermaidWriter mermaid = new MermaidWriter();
    private final DotWriter dot = new DotWriter();
    private final PlantUmlWriter plantUml = new PlantUmlWriter();
    private final MarkdownWriter markdown = new MarkdownWriter();
    private final SvgWriter svg = new SvgWriter();

    /**
     * The most states whose SVG is rendered during the compile. Smetana's layout time grows steeply
     * (about 1 s for 25 states, 20 s for 50 on a busy 2-core machine, past the 60 s limit for 100), and
     * a timed-out layout keeps its thread busy; a picture that large is not readable anyway.
     */
    public static final int SVG_STATE_LIMIT = 40;
    private final Optional<DocsDirectory> docs;

    public MachineWriter(Filer filer, GeneratedTypes generated) {
        this(filer, generated, Optional.empty());
    }

    /** A writer that also writes each machine's page and SVG to {@code docs}. */
    public MachineWriter(Filer filer, GeneratedTypes generated, Optional<DocsDirectory> docs) {
        this.filer = filer;
        this.docs = docs;
        this.statusEnum = new StatusEnumWriter(generated);
        this.table = new TransitionTableWriter(generated);
        this.manager = new StateManagerWriter(generated);
        this.moves = new MovesWriter(generated);
    }

    /** The Java sources for a machine, in a stable order; for tests and for {@link #write}. */
    public List<JavaFile> sources(MachineModel machine) {
        List<JavaFile> files = new ArrayList<>();
        files.add(statusEnum.write(machine));
        files.add(table.write(machine));
        files.add(manager.write(machine));
        for (StateModel state : machine.states()) {
            files.add(moves.write(machine, state));
        }
        return files;
    }

    /**
     * The Java sources that stand in for a machine with errors: those of its held states, then the
     * helpers of the states its status enum leaves out, whose methods throw (they have no constant to
     * move from).
     */
    public List<JavaFile> sources(WritableSubset subset) {
        List<JavaFile> files = sources(subset.machine());
        for (StateModel state : subset.helperOnly()) {
            files.add(moves.writeLeftOut(subset.machine(), state));
        }
        return files;
    }

    /**
     * The resources for a machine by file name under {@link #RESOURCE_DIR}, e.g. {@code a.b.HostAgent.yaml}:
     * the model (yaml), the diagrams (mmd, dot, puml, svg) and the page (md). An SVG that is not
     * rendered is left out, and {@code problems} says why.
     */
    private Map<String, String> resources(MachineModel machine, Report.Builder problems) {
        // every diagram draws the same view of the machine: build it once
        MachineGraph graph = MachineGraph.of(machine);
        Map<String, String> resources = new LinkedHashMap<>();
        resources.put(resourceName(machine, "yaml"), yaml.write(machine));
        resources.put(resourceName(machine, "mmd"), mermaid.write(graph));
        resources.put(resourceName(machine, "dot"), dot.write(graph));
        String diagram = plantUml.write(graph);
        resources.put(resourceName(machine, "puml"), diagram);
        String svgName = resourceName(machine, "svg");
        resources.put(resourceName(machine, "md"), markdown.write(machine, graph, svgName));
        String svgOf = "the SVG of " + machine.name();
        String othersWritten = "; its .mmd, .dot, .puml and .md are written, and " + resourceName(machine, "puml")
                + " renders with PlantUML";
        if (machine.states().size() > SVG_STATE_LIMIT) {
            problems.note(Rule.DIAGRAM, machine.origin(), svgOf + " is not rendered: it has " + machine.states().size()
                    + " states, and the in-compiler layout is only run for up to " + SVG_STATE_LIMIT + othersWritten);
            return resources;
        }
        try {
            resources.put(svgName, svg.write(diagram));
        } catch (SvgWriter.Failure e) {
            problems.add(Rule.DIAGRAM, machine.origin(), svgOf + " could not be rendered: " + e.getMessage() + othersWritten);
        }
        return resources;
    }

    /**
     * Writes the machine's sources and resources through the filer, and its page and SVG to the docs
     * directory if there is one.
     *
     * @return what the user must be told: a generated name already taken, an SVG that could not be
     *     rendered, a docs file that could not be written
     */
    public Report write(MachineModel machine) throws IOException {
        Report taken = writeSources(machine, sources(machine));
        if (taken.hasErrors()) {
            return taken;
        }
        Report.Builder problems = Report.builder();
        Map<String, String> resources = resources(machine, problems);
        for (Map.Entry<String, String> resource : resources.entrySet()) {
            writeResource(RESOURCE_DIR + resource.getKey(), resource.getValue(), machine.origin().element());
        }
        if (docs.isPresent()) {
            for (String extension : List.of("md", "svg")) {
                String name = resourceName(machine, extension);
                if (resources.containsKey(name)) {
                    writeDoc(machine, name, resources.get(name), problems);
                }
            }
        }
        return problems.build();
    }

    /**
     * Writes only the Java sources that stand in for a machine with errors: no resources, no pages,
     * no service registration, since the machine is not one to run.
     *
     * @return a generated name already taken, if one is
     */
    public Report writeTypes(WritableSubset subset) throws IOException {
        return writeSources(subset.machine(), sources(subset));
    }

    private Report writeSources(MachineModel machine, List<JavaFile> files) throws IOException {
        for (JavaFile file : files) {
            try {
                file.writeTo(filer);
            } catch (FilerException e) {
                // the filer refuses to create a type the compilation already has: the user wrote a class with
                // a generated name. Stop here: the rest would compile against the user's class and cascade.
                String type = (file.packageName().isEmpty() ? "" : file.packageName() + ".") + file.typeSpec().name();
                return Report.of(Rule.GENERATED_NAME_TAKEN, machine.nameOrigin(), "the machine " + machine.name()
                        + " generates " + type + ", but a type of that name already exists (" + e.getMessage()
                        + "); rename that type, or the machine with @StateMachine(name = ...)");
            }
        }
        return Report.empty();
    }

    private void writeDoc(MachineModel machine, String name, String content, Report.Builder problems) {
        Path path = docs.orElseThrow().path().resolve(name);
        try {
            docs.orElseThrow().write(name, content);
        } catch (IOException | SecurityException e) {
            problems.add(Rule.DOCS_OPTION, machine.origin(), "could not write " + path + " for -A"
                    + DocsDirectory.OPTION + ": " + e + "; check that the directory is writable");
        }
    }

    /** {@code <package>.<Name>.<extension>}, e.g. {@code dev.example.HostAgent.yaml}: the name DESIGN.md gives the machine's resources. */
    public static String resourceName(MachineModel machine, String extension) {
        String pkg = machine.packageName();
        return (pkg.isEmpty() ? "" : pkg + ".") + machine.name() + "." + extension;
    }

    void writeResource(String path, String content, Element origin) throws IOException {
        Element[] origins = origin == null ? new Element[0] : new Element[] {origin};
        FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", path, origins);
        try (Writer out = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
            out.write(content);
        }
    }
}
