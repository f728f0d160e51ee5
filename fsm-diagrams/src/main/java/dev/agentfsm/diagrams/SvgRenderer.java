package dev.agentfsm.diagrams;

import java.util.Optional;

/**
 * Draws a machine's SVG from its model: ELK's layered layout, top to bottom, in pure Java. The SVG's
 * first line is the model's {@linkplain ModelFile#fingerprint() fingerprint}; the picture depends on
 * nothing else (text is measured with a fixed table, not the fonts of the machine that draws), so the
 * same model gives the same bytes everywhere. Safe to call from several threads at once.
 */
public final class SvgRenderer {

    private SvgRenderer() {}

    /**
     * The SVG of the machine {@code model} describes, fingerprint line first.
     *
     * @throws RenderException if the layout fails; the message names the machine
     */
    public static String render(ModelFile model) throws RenderException {
        try {
            DiagramGraph graph = DiagramGraph.of(model.machine());
            return model.fingerprint() + "\n" + SvgWriter.write(graph, ElkLayout.layout(graph));
        } catch (RuntimeException | StackOverflowError e) {
            // a failure inside ELK is this machine's, not the build's: say which one
            throw new RenderException(model.machine().qualifiedName(), e);
        }
    }

    /** The fingerprint line {@code svg} starts with, if it starts with one. */
    public static Optional<String> fingerprintOf(String svg) {
        return Fingerprint.firstLineOf(svg);
    }
}
