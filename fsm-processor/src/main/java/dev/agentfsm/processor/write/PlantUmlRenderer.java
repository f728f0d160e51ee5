package dev.agentfsm.processor.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import net.sourceforge.plantuml.BlockUml;
import net.sourceforge.plantuml.ErrorUml;
import net.sourceforge.plantuml.FileFormat;
import net.sourceforge.plantuml.FileFormatOption;
import net.sourceforge.plantuml.SourceStringReader;
import net.sourceforge.plantuml.api.ImageDataSimple;
import net.sourceforge.plantuml.core.Diagram;
import net.sourceforge.plantuml.core.ImageData;
import net.sourceforge.plantuml.error.PSystemError;
import net.sourceforge.plantuml.version.Version;

/**
 * The only class that touches PlantUML. {@link SvgWriter} calls it on its rendering thread, so that
 * even a PlantUML missing from the processor path (a {@link NoClassDefFoundError} when this class
 * links) is a rendering failure and not a failure of the processor.
 */
final class PlantUmlRenderer {

    /** PlantUML's status for a picture of an error rather than of the diagram (it uses HTTP's 503). */
    private static final int FIRST_ERROR_STATUS = 400;

    private PlantUmlRenderer() {}

    /** PlantUML's version, part of an SVG's fingerprint: another version may draw differently. */
    static String version() {
        return Version.versionString();
    }

    /** The SVG of a diagram. */
    static String render(String plantUml) throws IOException, SvgWriter.Failure {
        if (System.getProperty("java.awt.headless") == null) {
            // PlantUML measures text with AWT; never let that open a display connection from a compiler
            System.setProperty("java.awt.headless", "true");
        }
        SourceStringReader reader = new SourceStringReader(plantUml);
        if (reader.getBlocks().isEmpty()) {
            throw new SvgWriter.Failure("PlantUML found no diagram in the generated text", null);
        }
        BlockUml block = reader.getBlocks().get(0);
        Diagram diagram = block.getDiagram();
        if (diagram instanceof PSystemError error) {
            ErrorUml first = error.getFirstError();
            throw new SvgWriter.Failure("PlantUML rejected the generated diagram: " + first.getError() + " at line "
                    + (first.getLineLocation().getPosition() + 1) + ": " + first.getLine().getString(), null);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageData image = diagram.exportDiagram(out, 0, new FileFormatOption(FileFormat.SVG));
        if (image.getStatus() >= FIRST_ERROR_STATUS) {
            // PlantUML catches a failed layout (a StackOverflowError in Smetana on very large machines)
            // and draws a picture of the exception instead; that picture is not the machine's diagram
            Throwable cause = image instanceof ImageDataSimple simple ? simple.getRootCause() : null;
            throw new SvgWriter.Failure("PlantUML could not lay out the diagram (status " + image.getStatus()
                    + (cause != null ? ", " + cause : "") + ") and drew an error picture instead", cause);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
