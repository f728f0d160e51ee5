package dev.agentfsm.diagrams;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;

/**
 * The renderer from the command line, for builds other than Maven (a Gradle {@code JavaExec} task)
 * and for people:
 *
 * <pre>
 * java -cp &lt;fsm-diagrams and its dependencies&gt; dev.agentfsm.diagrams.Main svg   MODELS OUT
 * java -cp ... dev.agentfsm.diagrams.Main docs  MODELS DOCS [MODULE]
 * java -cp ... dev.agentfsm.diagrams.Main check MODELS DOCS [MODULE]
 * </pre>
 *
 * where MODELS is the build's {@code META-INF/agentfsm} directory and MODULE names the module among
 * those sharing DOCS ({@value #DEFAULT_MODULE} when left out). Exit status 0 on success, 1 when the
 * models directory does not exist, a model is broken, a diagram cannot be drawn or the check finds
 * stale files, 2 for a usage error.
 */
public final class Main {

    /** The module's name when the command line gives none. */
    static final String DEFAULT_MODULE = "default";

    static final String USAGE =
            """
            usage: dev.agentfsm.diagrams.Main <command> <models> <directory> [<module>]
              svg   <models> <out>              draw an SVG for every model of <models> (a build's
                                                META-INF/agentfsm) into <out>; an SVG already drawn from the
                                                same model is left alone
              docs  <models> <docs> [<module>]  write each machine's page and SVG into <docs>, and the list
                                                <docs>/.agentfsm/<module>.files of them; delete the pages the
                                                list names whose machines no longer exist, and nothing else
              check <models> <docs> [<module>]  fail, naming each file, when <docs> is not what 'docs' would write
            <models> must exist; <module> (default: "default") tells apart the modules that share <docs>""";

    private static final String KEPT =
            "no module's list names it: a person's file, or one left before agentfsm kept lists; delete it by hand"
                    + " if it is the page of a machine that is gone";

    private Main() {}

    /** Runs a command; exits with its status. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        boolean docsCommand = args.length > 0 && List.of("docs", "check").contains(args[0]);
        if (!(args.length == 3 && (docsCommand || args[0].equals("svg")) || args.length == 4 && docsCommand)) {
            err.println(USAGE);
            return 2;
        }
        Path models = Path.of(args[1]);
        Path target = Path.of(args[2]);
        String module = args.length == 4 ? args[3] : DEFAULT_MODULE;
        try {
            GeneratedFiles.requireModule(module);
        } catch (IllegalArgumentException e) {
            err.println("agentfsm: " + e.getMessage());
            return 2;
        }
        int threads = Runtime.getRuntime().availableProcessors();
        try {
            MachineDocs docs = MachineDocs.read(models);
            if (docs.models().isEmpty()) {
                // as the Maven goals do: no models is nothing to do, never "delete every page"
                out.println("agentfsm: no machine models (*.yaml) in " + models + "; "
                        + (args[0].equals("svg") ? "nothing to draw" : "nothing written, deleted or checked"));
                if (docsCommand) {
                    List<Path> left = MachineDocs.generated(target, module);
                    if (!left.isEmpty()) {
                        err.println("agentfsm: warning: " + target + " still holds " + left.size()
                                + " page(s) and SVG(s) that module " + module + " generated: " + left
                                + "; if its machines are gone, delete them and their list by hand");
                    }
                }
                return 0;
            }
            if (docsCommand) {
                docs.alsoListedElsewhere(target, module)
                        .forEach((list, names) -> err.println("agentfsm: warning: " + list
                                + ", the list of another module, also names " + String.join(", ", names)
                                + ", which module " + module + " generates: if that module was renamed, delete " + list
                                + ", or the pages it names are kept when their machines are gone; if the machines"
                                + " moved here from it, run docs for that module too"));
            }
            switch (args[0]) {
                case "svg" -> {
                    MachineDocs.Drawn drawn = docs.drawDiagrams(target, threads);
                    out.println("agentfsm: " + drawn.drawn().size() + " diagram(s) drawn, "
                            + drawn.unchanged().size() + " unchanged, in " + target);
                }
                case "docs" -> {
                    MachineDocs.DocsUpdate update = docs.writeDocs(target, module, target, threads);
                    update.written().forEach(file -> out.println("agentfsm: wrote " + file));
                    update.removed().forEach(file -> out.println("agentfsm: removed " + file));
                    update.kept().forEach(file -> out.println("agentfsm: kept " + file + " (" + KEPT + ")"));
                    out.println("agentfsm: " + target + " is current ("
                            + docs.models().size() + " machine(s))");
                }
                default -> {
                    List<MachineDocs.Stale> stale = docs.check(target, module);
                    if (!stale.isEmpty()) {
                        err.println("agentfsm: " + target + " is stale:");
                        stale.forEach(s -> err.println("  " + s.file() + ": " + s.problem()));
                        err.println("Run `... dev.agentfsm.diagrams.Main docs " + models + " " + target
                                + (args.length == 4 ? " " + module : "") + "` and commit " + target);
                        return 1;
                    }
                    out.println("agentfsm: " + target + " is current ("
                            + docs.models().size() + " machine(s))");
                }
            }
            return 0;
        } catch (ModelException | RenderException e) {
            err.println("agentfsm: " + e.getMessage());
            return 1;
        } catch (FileSystemException e) {
            err.println("agentfsm: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("agentfsm: " + e);
            return 1;
        }
    }
}
