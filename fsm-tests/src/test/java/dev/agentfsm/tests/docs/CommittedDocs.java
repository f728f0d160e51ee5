package dev.agentfsm.tests.docs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Fails a test when the machine pages and SVGs committed under a docs directory (for example
 * {@code docs/machines/}) are not what this build generates, so the diagrams a repository shows
 * cannot drift from its code. The build writes them there through {@code -Aagentfsm.docs}; this
 * compares what git has staged or committed there with the build's own output in
 * {@code META-INF/agentfsm/}. An SVG is compared by its first line, the fingerprint of what it was
 * rendered from, because its coordinates depend on the fonts of the machine that rendered it.
 *
 * <p>Without git (a source archive), the check is skipped, unless {@code AGENTFSM_REQUIRE_TOOLS=true}.
 */
public final class CommittedDocs {

    private final Path generated;
    private final Path docs;
    private final String regenerate;
    /** {@code docs} as the fix names it: from the top of the work tree, where one runs {@code git add}. */
    private String display;

    private CommittedDocs(Path generated, Path docs, String regenerate) {
        this.generated = generated;
        this.docs = docs;
        this.regenerate = regenerate;
        this.display = docs.toString();
    }

    /**
     * Asserts that {@code docs} holds, in git, exactly the pages and SVGs the build wrote to
     * {@code generated}.
     *
     * @param generated the build's {@code META-INF/agentfsm} directory, e.g. {@code target/classes/META-INF/agentfsm}
     * @param docs the committed directory, e.g. {@code docs/machines}, as given to {@code -Aagentfsm.docs}
     * @param regenerate the command that rewrites {@code docs}, shown in the failure
     */
    public static void assertCurrent(Path generated, Path docs, String regenerate) {
        new CommittedDocs(generated, docs, regenerate).check();
    }

    private void check() {
        Map<String, String> expected = generatedDocs();
        if (expected.isEmpty()) {
            fail(generated + " holds no machine page (*.md); is this the build's META-INF/agentfsm directory?");
        }
        List<String> notWritten = new ArrayList<>();
        for (Map.Entry<String, String> file : expected.entrySet()) {
            Optional<String> local = read(docs.resolve(file.getKey()));
            if (local.isEmpty() || !same(file.getKey(), local.get(), file.getValue())) {
                notWritten.add(file.getKey());
            }
        }
        if (!notWritten.isEmpty()) {
            fail("the build did not write " + notWritten + " to " + docs + "; add <arg>-Aagentfsm.docs=${project.basedir}/"
                    + docs + "</arg> to the compilerArgs of the maven-compiler-plugin, then run " + regenerate);
        }
        Map<String, String> committed = committedDocs();
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> file : expected.entrySet()) {
            String name = file.getKey();
            if (!committed.containsKey(name)) {
                stale.add(name + " is not committed");
            } else if (!same(name, committed.get(name), file.getValue())) {
                stale.add(name + " is out of date");
            }
        }
        for (String name : committed.keySet()) {
            if (!expected.containsKey(name)) {
                stale.add(name + " belongs to no machine of this build; git rm it");
            }
        }
        if (!stale.isEmpty()) {
            fail(display + " is stale: what git has there is not what this build generates:\n  - "
                    + String.join("\n  - ", stale)
                    + "\nRun `" + regenerate + "` (it rewrites " + display + " through -Aagentfsm.docs), then "
                    + "`git add " + display + "` and commit it.");
        }
    }

    private Map<String, String> generatedDocs() {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(generated)) {
            for (Path file : list.filter(CommittedDocs::isDoc).toList()) {
                files.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            fail("cannot read the build's output " + generated + ": " + e, e);
        }
        return files;
    }

    private Map<String, String> committedDocs() {
        Optional<String> inside = git("rev-parse", "--is-inside-work-tree");
        if (inside.isEmpty() || !inside.get().strip().equals("true")) {
            String why = "cannot compare " + docs + " with git: git is not installed or this is not a git work tree";
            if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
                fail(why + " (AGENTFSM_REQUIRE_TOOLS=true makes that a failure)");
            }
            Assumptions.abort(why);
        }
        git("rev-parse", "--show-toplevel").map(top -> Path.of(top.strip()).relativize(docs.toAbsolutePath().normalize()))
                .ifPresent(path -> display = path.toString());
        Map<String, String> files = new TreeMap<>();
        String listing = git("ls-files", "--full-name", "-z", "--", docs.toAbsolutePath().toString())
                .orElseThrow(() -> new AssertionError("git ls-files " + docs + " failed"));
        for (String path : listing.split("\0")) {
            String name = path.substring(path.lastIndexOf('/') + 1);
            if (!path.isEmpty() && isDoc(Path.of(name))) {
                files.put(name, git("show", ":" + path).orElseThrow(() -> new AssertionError("git show :" + path + " failed")));
            }
        }
        return files;
    }

    private static boolean isDoc(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".md") || name.endsWith(".svg");
    }

    /** Pages must match exactly; SVGs by their fingerprint line. Line endings never matter. */
    private static boolean same(String name, String actual, String expected) {
        String a = actual.replace("\r\n", "\n");
        String e = expected.replace("\r\n", "\n");
        return name.endsWith(".svg") ? firstLine(a).equals(firstLine(e)) : a.equals(e);
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** git's output, run beside {@code docs} (which may belong to another work tree than the JVM's), or empty when git is missing or fails. */
    private Optional<String> git(String... arguments) {
        Path dir = docs.toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(arguments));
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            if (dir != null) {
                builder.directory(dir.toFile());
            }
            Process process = builder.start();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return process.exitValue() == 0 ? Optional.of(output) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
