package dev.agentfsm.agents.linux.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

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
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads {@code --format}: a format's name in any case. */
    static final class Converter implements CommandLine.ITypeConverter<DiagramFormat> {
        @Override
        public DiagramFormat convert(String value) {
            for (DiagramFormat format : values()) {
                if (format.optionName().equalsIgnoreCase(value)) {
                    return format;
                }
            }
            throw new CommandLine.TypeConversionException(
                    "expected one of " + String.join(", ", new Names()) + " but was '" + value + "'");
        }
    }

    /** The formats as {@code --format} takes them, for picocli's help. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(values()).stream().map(DiagramFormat::optionName).iterator();
        }
    }
}
