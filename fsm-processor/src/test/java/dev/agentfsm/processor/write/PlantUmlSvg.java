package dev.agentfsm.processor.write;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import net.sourceforge.plantuml.BlockUml;
import net.sourceforge.plantuml.ErrorUml;
import net.sourceforge.plantuml.FileFormat;
import net.sourceforge.plantuml.FileFormatOption;
import net.sourceforge.plantuml.SourceStringReader;
import net.sourceforge.plantuml.core.Diagram;
import net.sourceforge.plantuml.core.ImageData;
import net.sourceforge.plantuml.error.PSystemError;

/** PlantUML, a test dependency only, reading a generated {@code .puml} back and drawing it, as a user's PlantUML would. */
final class PlantUmlSvg {

    /** PlantUML's status for a picture of an error rather than of the diagram. */
    private static final int FIRST_ERROR_STATUS = 400;

    private PlantUmlSvg() {}

    /** The SVG PlantUML draws of {@code plantUml}; fails the test when PlantUML rejects the text or cannot lay it out. */
    static String render(String plantUml) throws IOException {
        System.setProperty("java.awt.headless", "true");
        SourceStringReader reader = new SourceStringReader(plantUml);
        if (reader.getBlocks().isEmpty()) {
            throw new AssertionError("PlantUML found no diagram in:\n" + plantUml);
        }
        BlockUml block = reader.getBlocks().get(0);
        Diagram diagram = block.getDiagram();
        if (diagram instanceof PSystemError error) {
            ErrorUml first = error.getFirstError();
            throw new AssertionError("PlantUML rejected the diagram: " + first.getError() + " at line "
                    + (first.getLineLocation().getPosition() + 1) + ": "
                    + first.getLine().getString() + "\n" + plantUml);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageData image = diagram.exportDiagram(out, 0, new FileFormatOption(FileFormat.SVG));
        if (image.getStatus() >= FIRST_ERROR_STATUS) {
            throw new AssertionError("PlantUML could not lay out the diagram (status " + image.getStatus() + ")");
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
