package dev.agentfsm.cli;

/** A diagram of a machine, by the file extension it has: the processor writes the text ones beside the model, fsm-diagrams draws the SVG from the model. */
enum DiagramFormat {
    MERMAID("mmd"),
    DOT("dot"),
    PLANTUML("puml"),
    SVG("svg");

    private final String extension;

    DiagramFormat(String extension) {
        this.extension = extension;
    }

    String extension() {
        return extension;
    }

    String optionName() {
        return LowerCaseOption.name(this);
    }

    /** Reads and lists {@code --format}: a format's name in lower case (any case is read). */
    static final class Values extends LowerCaseOption<DiagramFormat> {
        Values() {
            super(DiagramFormat.class);
        }
    }
}
