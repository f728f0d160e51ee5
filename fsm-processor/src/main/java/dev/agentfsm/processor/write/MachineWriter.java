package dev.agentfsm.processor.write;

import com.palantir.javapoet.JavaFile;
import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.diagnostic.Rule;
import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.StateModel;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.annotation.processing.FilerException;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
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

    public MachineWriter(Filer filer, GeneratedTypes generated) {
        this.filer = filer;
        this.statusEnum = new StatusEnumWriter(generated);
        this.table = new TransitionTableWriter(generated);
        this.manager = new StateManagerWriter(generated);
        this.moves = new MovesWriter(generated);
    }

    /** The Java sources for a machine, in a stable order; for tests and for {@link #write}. */
    public List<JavaFile> sources(MachineModel machine) {
        return sources(machine, List.of());
    }

    /**
     * The Java sources that stand in for a machine with errors: those of its held states, with the
     * helpers of the states its status enum leaves out, whose methods throw (they have no constant to
     * move from).
     */
    public List<JavaFile> sources(WritableSubset subset) {
        return sources(subset.machine(), subset.helperOnly());
    }

    private List<JavaFile> sources(MachineModel machine, List<StateModel> leftOut) {
        return List.of(
                statusEnum.write(machine),
                table.write(machine),
                manager.write(machine, MovesWriter.helpers(machine, leftOut)),
                moves.write(machine, leftOut));
    }

    /**
     * The resources for a machine by file name under {@link #RESOURCE_DIR}, e.g. {@code a.b.HostAgent.yaml}:
     * the model (yaml), the diagrams as text (mmd, dot, puml) and the page (md). Only text: laying out
     * and drawing the SVG is slow, so the agentfsm-maven-plugin (or fsm-diagrams' main) does it after the compile.
     */
    private Map<String, String> resources(MachineModel machine) {
        // every diagram draws the same view of the machine: build it once
        MachineGraph graph = MachineGraph.of(machine);
        Map<String, String> resources = new LinkedHashMap<>();
        resources.put(resourceName(machine, "yaml"), yaml.write(machine));
        String mermaidText = mermaid.write(graph);
        resources.put(resourceName(machine, "mmd"), mermaidText);
        resources.put(resourceName(machine, "dot"), dot.write(graph));
        resources.put(resourceName(machine, "puml"), plantUml.write(graph));
        // the page embeds the Mermaid diagram: written once for both
        resources.put(
                resourceName(machine, "md"), markdown.write(machine, graph, mermaidText, resourceName(machine, "svg")));
        return resources;
    }

    /**
     * Writes the machine's sources and resources through the filer.
     *
     * @return what the user must be told: a generated name the compilation already has
     */
    public Report write(MachineModel machine) throws IOException {
        Report taken = writeSources(machine, sources(machine));
        if (taken.hasErrors()) {
            return taken;
        }
        for (Map.Entry<String, String> resource : resources(machine).entrySet()) {
            writeResource(
                    RESOURCE_DIR + resource.getKey(),
                    resource.getValue(),
                    machine.origin().element());
        }
        return Report.empty();
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
                writeSource(file);
            } catch (FilerException e) {
                // the filer refuses to create a type the compilation already has: the user wrote a class with
                // a generated name. Stop here: the rest would compile against the user's class and cascade.
                String type = (file.packageName().isEmpty() ? "" : file.packageName() + ".")
                        + file.typeSpec().name();
                return Report.of(
                        Rule.GENERATED_NAME_TAKEN,
                        machine.nameOrigin(),
                        "the machine " + machine.name()
                                + " generates " + type + ", but a type of that name already exists (" + e.getMessage()
                                + "); rename that type, or the machine with @StateMachine(name = ...)");
            }
        }
        return Report.empty();
    }

    /**
     * Writes one source as {@link JavaFile#writeTo(Filer)} does (same name, originating elements and
     * text), but emits the text into memory first and hands it to the filer's writer in one call:
     * JavaPoet's emitter otherwise writes it piece by piece through the filer's unbuffered writer
     * chain, and a source that fails to emit leaves no half-written file behind.
     */
    private void writeSource(JavaFile file) throws IOException {
        String text = file.toString();
        String type = file.packageName().isEmpty()
                ? file.typeSpec().name()
                : file.packageName() + "." + file.typeSpec().name();
        JavaFileObject source = filer.createSourceFile(
                type, file.typeSpec().originatingElements().toArray(new Element[0]));
        try (Writer out = source.openWriter()) {
            out.write(text);
        } catch (IOException | RuntimeException e) {
            source.delete();
            throw e;
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
