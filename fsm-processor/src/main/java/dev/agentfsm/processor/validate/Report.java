package dev.agentfsm.processor.validate;

import dev.agentfsm.processor.model.Origin;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic.Kind;

/** The diagnostics collected about one machine, printed once when validation is done. */
public final class Report {

    private final List<Diagnostic> diagnostics = new ArrayList<>();

    void error(String id, Origin origin, String message) {
        diagnostics.add(new Diagnostic(Kind.ERROR, id, message, origin));
    }

    void warning(String id, Origin origin, String message) {
        diagnostics.add(new Diagnostic(Kind.WARNING, id, message, origin));
    }

    /** Whether any finding is an error; a machine with errors generates nothing. */
    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** The findings in the order they were made. */
    public List<Diagnostic> diagnostics() {
        return List.copyOf(diagnostics);
    }
}
