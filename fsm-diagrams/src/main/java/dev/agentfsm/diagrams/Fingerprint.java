package dev.agentfsm.diagrams;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;

/**
 * The first line of every SVG: a comment naming what the picture was drawn from (the SHA-256 of the
 * model's text) and by what (the ELK version and the revision of this renderer's drawing code). Two
 * SVGs with the same first line show the same picture, so a cache or a staleness check compares this
 * line and never draws.
 */
final class Fingerprint {

    /** How the comment starts. */
    static final String PREFIX = "<!-- agentfsm-svg ";
    /**
     * The revision of the drawing code: raise it whenever a change to the layout options or the SVG
     * writing changes the pictures, so that every cached and committed SVG counts as stale.
     */
    static final int DRAWING_REVISION = 1;

    private static final String RENDERER = "elk " + elkVersion() + " r" + DRAWING_REVISION;

    private Fingerprint() {}

    /** The comment line for a model of this text. */
    static String of(String modelText) {
        return PREFIX + sha256(modelText.replace("\r\n", "\n")) + " " + RENDERER + " -->";
    }

    /** The fingerprint line an SVG starts with, if it starts with one. */
    static Optional<String> firstLineOf(String svg) {
        if (!svg.startsWith(PREFIX)) {
            return Optional.empty();
        }
        int end = svg.indexOf('\n');
        return Optional.of((end < 0 ? svg : svg.substring(0, end)).stripTrailing());
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String elkVersion() {
        Properties properties = new Properties();
        try (InputStream in = Fingerprint.class.getResourceAsStream("renderer.properties")) {
            if (in == null) {
                throw new IllegalStateException("renderer.properties is missing from the fsm-diagrams jar");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("elk.version");
    }
}
