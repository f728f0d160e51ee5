package dev.agentfsm.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's real {@code chromium}, headless: loads a page from a file with every host name made
 * unresolvable (so a page that reached for the network would fail and say so), and returns the DOM
 * after the page's scripts ran ({@code --dump-dom}) and the console messages Chromium logged
 * ({@code --enable-logging=stderr}: uncaught exceptions, console.error/log, Content-Security-Policy
 * violations). Missing, the test is skipped, unless {@code AGENTFSM_REQUIRE_TOOLS=true} (as in CI),
 * which makes it a failure.
 */
record Chromium(Path executable) {
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(]\\d*\\)?\\] (.*)");

    /** What a page came to. */
    record Loaded(String dom, List<String> console) {}

    /** Chromium on the PATH; skips or fails the test when it is not installed. */
    static Chromium require() {
        Optional<Path> found = Stream.of(
                        System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> Stream.of("chromium", "chromium-browser").map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable)
                .findFirst();
        if (found.isPresent()) {
            return new Chromium(found.get());
        }
        String message = "'chromium' is not on the PATH; install it with apt-get install chromium";
        if (Boolean.parseBoolean(System.getenv("AGENTFSM_REQUIRE_TOOLS"))) {
            fail(message + " (AGENTFSM_REQUIRE_TOOLS=true makes a missing tool a failure)");
        }
        Assumptions.abort(message);
        throw new AssertionError("unreachable");
    }

    /** Loads {@code page} (with {@code fragment}, "" for none) in a fresh profile under {@code work}. */
    Loaded load(Path page, String fragment, Path work) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile-");
        Path out = work.resolve(profile.getFileName() + ".dom.html");
        Path err = work.resolve(profile.getFileName() + ".stderr.txt");
        Process chromium = new ProcessBuilder(
                        executable.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-extensions",
                        "--user-data-dir=" + profile,
                        "--host-resolver-rules=MAP * ~NOTFOUND",
                        "--enable-logging=stderr",
                        "--v=0",
                        "--dump-dom",
                        page.toUri() + fragment)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!chromium.waitFor(90, TimeUnit.SECONDS)) {
            chromium.descendants().forEach(ProcessHandle::destroyForcibly);
            chromium.destroyForcibly();
            fail("chromium did not finish loading " + page + " in 90 s; its log: " + Files.readString(err));
        }
        String log = Files.readString(err, StandardCharsets.UTF_8);
        String dom = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(
                dom.contains("</html>"), () -> "chromium printed no DOM (exit " + chromium.exitValue() + "): " + log);
        List<String> console = log.lines()
                .map(CONSOLE::matcher)
                .filter(Matcher::find)
                .map(m -> m.group(1))
                .toList();
        return new Loaded(dom, console);
    }

    /**
     * The {@code class} of the first {@code element} whose start tag holds {@code attributes}, as the page
     * writes them ({@code data-status="LinuxAgent.CONTINUE"}).
     */
    static String classOf(String dom, String element, String attributes) {
        Matcher tags = Pattern.compile("<" + element + "\\b[^>]*>").matcher(dom);
        while (tags.find()) {
            if (tags.group().contains(attributes)) {
                Matcher classes = Pattern.compile(" class=\"([^\"]*)\"").matcher(tags.group());
                return classes.find() ? classes.group(1) : "";
            }
        }
        throw new AssertionError("no <" + element + "> with " + attributes + " in the page");
    }
}
