package dev.agentfsm.diagrams;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The renderer from the command line, for builds other than Maven (a Gradle {@code JavaExec} task)
 * and for people:
 *
 * <pre>
 * java -cp &lt;fsm-diagrams and its dependencies&gt; dev.agentfsm.diagrams.Main svg   MODELS OUT
 * java -cp ... dev.agentfsm.diagrams.Main docs  MODELS DOCS
 * java -cp ... dev.agentfsm.diagrams.Main check MODELS DOCS
 * </pre>
 *
 * where MODELS is the build's {@code META-INF/agentfsm} directory. Exit status 0 on success, 1 when
 * a model is broken, a diagram cannot be drawn or the check finds stale files, 2 for a usage error.
 */
public final class Main {

    static final String USAGE =
            """
            usage: dev.agentfsm.diagrams.Main <command> <models> <directory>
              svg   <models> <out>   draw an SVG for every model of <models> (a build's META-INF/agentfsm) into <out>;
                                     an SVG already drawn from the same model is left alone
              docs  <models> <docs>  write each machine's page and SVG into <docs> and delete the pages of
                                     machines that no longer exist
              check <models> <docs>  fail, naming each file, when <docs> is not what 'docs' would write""";

    private Main() {}

    /** Runs a command; exits with its status. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 3 || !List.of("svg", "docs", "check").contains(args[0])) {
            err.println(USAGE);
            return 2;
        }
        Path models = Path.of(args[1]);
        Path target = Path.of(args[2]);
        int threads = Runtime.getRuntime().availableProcessors();
        try {
            MachineDocs docs = MachineDocs.read(models);
            if (docs.models().isEmpty()) {
                // as the Maven goals do: docs still deletes the pages of machines that no longer exist, check reports
                // them
                out.println("agentfsm: no machine models (*.yaml) in " + models
                        + (args[0].equals("svg") ? "; nothing to draw" : "; only pages left over are looked for"));
                if (args[0].equals("svg")) {
                    return 0;
                }
            }
            switch (args[0]) {
                case "svg" -> {
                    MachineDocs.Drawn drawn = docs.drawDiagrams(target, threads);
                    out.println("agentfsm: " + drawn.drawn().size() + " diagram(s) drawn, "
                            + drawn.unchanged().size() + " unchanged, in " + target);
                }
                case "docs" -> {
                    MachineDocs.DocsUpdate update = docs.writeDocs(target, target, threads);
                    update.written().forEach(file -> out.println("agentfsm: wrote " + file));
                    update.removed().forEach(file -> out.println("agentfsm: removed " + file));
                    out.println("agentfsm: " + target + " is current ("
                            + docs.models().size() + " machine(s))");
                }
                default -> {
                    List<MachineDocs.Stale> stale = docs.check(target);
                    if (!stale.isEmpty()) {
                        err.println("agentfsm: " + target + " is stale:");
                        stale.forEach(s -> err.println("  " + s.file() + ": " + s.problem()));
                        err.println("Run `... dev.agentfsm.diagrams.Main docs " + models + " " + target
                                + "` and commit " + target);
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
        } catch (IOException e) {
            err.println("agentfsm: " + e);
            return 1;
        }
    }
}
