package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.Origin;
import java.util.Optional;
import javax.tools.Diagnostic.Kind;

/**
 * Something that went wrong while writing a valid machine's files, for the processor to report: a
 * generated name the compilation already has (an error).
 *
 * @param kind error or warning
 * @param message the text, with its {@code [agentfsm:Id]}
 * @param origin where to report it, when more precise than the machine's class
 */
public record WriteProblem(Kind kind, String message, Optional<Origin> origin) {

    /** A problem reported on the machine's class. */
    public WriteProblem(Kind kind, String message) {
        this(kind, message, Optional.empty());
    }
}
