package dev.agentfsm.diagrams;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One machine model file as read from disk: its text (whose hash fingerprints every SVG drawn from
 * it) and the machine it describes.
 *
 * @param path the file, {@code .../META-INF/agentfsm/<package>.<Name>.yaml}
 * @param text its content
 * @param machine the machine it describes
 */
public record ModelFile(Path path, String text, Machine machine) {

    /** The extension of model files. */
    public static final String EXTENSION = ".yaml";

    /**
     * Reads and parses a model file.
     *
     * @throws ModelException if it is not a model the processor writes (the message names the line)
     * @throws IOException if it cannot be read
     */
    public static ModelFile read(Path path) throws ModelException, IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(path));
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        String text;
        try {
            text = utf8.decode(bytes).toString();
        } catch (CharacterCodingException e) {
            // the decoder stops at the first byte it cannot read: its line is the one to name
            int line = 1;
            for (int i = 0; i < bytes.position(); i++) {
                line += bytes.get(i) == '\n' ? 1 : 0;
            }
            throw new ModelException(path, line, "not UTF-8 text (byte " + bytes.position() + ")");
        }
        return parse(path, text);
    }

    /**
     * Parses the text of a model read elsewhere (from a jar, say); {@code path} names it in errors and
     * gives the machine's files their name.
     *
     * @throws ModelException if it is not a model the processor writes (the message names the line)
     */
    public static ModelFile parse(Path path, String text) throws ModelException {
        return new ModelFile(path, text, ModelReader.parse(path, text));
    }

    /** The name the machine's files share, {@code <package>.<Name>}: the file's name without {@code .yaml}. */
    public String baseName() {
        String file = path.getFileName().toString();
        return file.substring(0, file.length() - EXTENSION.length());
    }

    /** The first line of every SVG drawn from this model by this version of the renderer. */
    public String fingerprint() {
        return Fingerprint.of(text);
    }
}
