package dev.agentfsm.cli;

import dev.agentfsm.runtime.internal.SafeText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the program writes, and whether it may colour and animate: only on a terminal (picocli's
 * {@code Ansi.AUTO} decides), so logs and pipes get plain text.
 */
final class Console {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean terminal;

    Console(PrintWriter out, PrintWriter err, boolean terminal) {
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
        this.terminal = terminal;
    }

    /**
     * A path as the terminal may show it, whole: a file's name can hold escape sequences too, and a path may come
     * from a file someone else wrote (a shell configuration's root) or a directory someone else named.
     */
    static String shown(Path path) {
        return SafeText.line(path.toString(), Integer.MAX_VALUE);
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    /** Whether output goes to a terminal: colour and progress animation are on. */
    boolean terminal() {
        return terminal;
    }

    /** Writes {@code text} without ending the line, at once. */
    void print(String text) {
        synchronized (out) {
            out.print(text);
            out.flush();
        }
    }

    void println(String line) {
        out.println(line);
        out.flush();
    }

    String bold(String text) {
        return style("1", text);
    }

    String faint(String text) {
        return style("2", text);
    }

    String green(String text) {
        return style("32", text);
    }

    String red(String text) {
        return style("31", text);
    }

    String yellow(String text) {
        return style("33", text);
    }

    private String style(String code, String text) {
        return terminal ? "\u001B[" + code + "m" + text + "\u001B[0m" : text;
    }

    /**
     * Shows {@code label} with a spinner and the seconds elapsed until the returned handle is closed;
     * on anything but a terminal it shows nothing (the finished step is printed anyway).
     */
    Progress progress(String label) {
        return terminal ? Progress.start(out, label) : Progress.NONE;
    }
}
