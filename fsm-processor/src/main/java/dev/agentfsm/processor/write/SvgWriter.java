package dev.agentfsm.processor.write;

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
            Future<String> svg = executor.submit(() ->
                    fingerprintComment(plantUml) + "\n" + PlantUmlRenderer.render(plantUml));
            return svg.get(limit.toMillis(), TimeUnit.MILLISECONDS);
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

    /** The comment that starts every SVG this writes. */
    static String fingerprintComment(String plantUml) {
        return FINGERPRINT_PREFIX + sha256(plantUml) + " plantuml " + PlantUmlRenderer.version() + " -->";
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
