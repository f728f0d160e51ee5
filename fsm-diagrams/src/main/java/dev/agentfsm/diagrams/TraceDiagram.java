package dev.agentfsm.diagrams;

import java.util.List;

/**
 * A machine's diagram for a page that shows a trace on it (agentfsm-cli's {@code trace view}): the
 * same layout and look as {@link SvgRenderer}'s, plus what a page's script needs to highlight a
 * round's path. Every state is a {@code <g class="state ..." data-status="Machine.STATUS">} (with
 * {@code terminal}, {@code ends-round} or {@code other-machine} among its classes), every move a
 * {@code <g class="move declared|implicit|illegal" data-from="..." data-to="...">}, and the moves a
 * trace took that the machine does not declare are drawn too, dashed, so that a trace's path can
 * always be shown. All text from the model or the trace is escaped for XML and HTML, and the root
 * names no namespace URL: the SVG is meant to be put inline in an HTML page.
 */
public final class TraceDiagram {

    private TraceDiagram() {}

    /**
     * A move a trace took that the machine does not declare.
     *
     * @param from the status it left, of this machine ({@code CONTINUE})
     * @param to the status it entered: of this machine ({@code FAIL}) or another's ({@code HostAgent.CONTINUE})
     * @param trigger the trigger the trace recorded
     * @param legal the runtime's own move (to {@code onError} or the fallback), as opposed to an illegal one
     */
    public record UndeclaredMove(String from, String to, String trigger, boolean legal) {}

    /**
     * The SVG of {@code machine} with the {@code undeclared} moves added (those from other machines'
     * states are left out); no fingerprint line.
     *
     * @throws RenderException if the layout fails; the message names the machine
     */
    public static String svg(Machine machine, List<UndeclaredMove> undeclared) throws RenderException {
        try {
            DiagramGraph graph = DiagramGraph.of(machine, undeclared);
            return SvgWriter.writeForPage(graph, ElkLayout.layout(graph), machine);
        } catch (RuntimeException | StackOverflowError e) {
            throw new RenderException(machine.qualifiedName(), e);
        }
    }
}
