package dev.agentfsm.processor.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sourceforge.plantuml.BlockUml;
import net.sourceforge.plantuml.ErrorUml;
import net.sourceforge.plantuml.FileFormat;
import net.sourceforge.plantuml.FileFormatOption;
import net.sourceforge.plantuml.SourceStringReader;
import net.sourceforge.plantuml.core.Diagram;
import net.sourceforge.plantuml.error.PSystemError;
import net.sourceforge.plantuml.version.Version;

/**
 * Renders a machine's PlantUML diagram to SVG inside the compiler, with PlantUML's Smetana layout (a
 * Java port of Graphviz {@code dot}), so no Graphviz install is needed. Rendering runs on its own
 * daemon thread with a time limit: a layout that fails or never finishes becomes a {@link Failure}
 * for the processor to report, never an exception or a hang in javac.
 *
 * <p>The SVG starts with a comment that fingerprints what it was rendered from (the PlantUML text
 * and the PlantUML version). Text widths come from the fonts of the machine that renders, so the
 * bytes of the picture can differ between machines while the fingerprint does not; comparing
 * committed copies compares fingerprints.
 */
public final class SvgWriter {

    /** How the fingerprint comment starts; {@link #fingerprint(String)} finds it again. */
    public static final String FINGERPRINT_PREFIX = "<!-- agentfsm-svg ";

    private static final Duration DEFAULT_LIMIT = Duration.ofSeconds(60);

    private final Duration limit;

    public SvgWriter() {
        this(DEFAULT_LIMIT);
    }

    SvgWriter(Duration limit) {
        this.limit = limit;
    }

    /** Why a diagram could not be rendered; the message is meant for the user. */
    public static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The SVG of a PlantUML diagram, fingerprint comment first. */
    public String write(String plantUml) throws Failure {
        ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "agentfsm-svg");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Future<String> svg = executor.submit(() -> render(plantUml));
            return fingerprintComment(plantUml) + "\n" + svg.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new Failure("the layout did not finish within " + limit.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new Failure(cause instanceof Failure ? cause.getMessage() : String.valueOf(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure("interrupted", e);
        } finally {
            executor.shutdownNow();
        }
    }

    private static String render(String plantUml) throws IOException, Failure {
        if (System.getProperty("java.awt.headless") == null) {
            // PlantUML measures text with AWT; never let that open a display connection from a compiler
            System.setProperty("java.awt.headless", "true");
        }
        SourceStringReader reader = new SourceStringReader(plantUml);
        if (reader.getBlocks().isEmpty()) {
            throw new Failure("PlantUML found no diagram in the generated text", null);
        }
        BlockUml block = reader.getBlocks().get(0);
        Diagram diagram = block.getDiagram();
        if (diagram instanceof PSystemError error) {
            ErrorUml first = error.getFirstError();
            throw new Failure("PlantUML rejected the generated diagram: " + first.getError() + " at line "
                    + (first.getLineLocation().getPosition() + 1) + ": " + first.getLine().getString(), null);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reader.outputImage(out, new FileFormatOption(FileFormat.SVG));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The comment that starts every SVG this writes. */
    static String fingerprintComment(String plantUml) {
        return FINGERPRINT_PREFIX + sha256(plantUml) + " plantuml " + Version.versionString() + " -->";
    }

    /** The fingerprint comment an SVG starts with, if it starts with one. */
    public static Optional<String> fingerprint(String svg) {
        if (!svg.startsWith(FINGERPRINT_PREFIX)) {
            return Optional.empty();
        }
        int end = svg.indexOf("-->");
        return end < 0 ? Optional.empty() : Optional.of(svg.substring(0, end + 3));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
