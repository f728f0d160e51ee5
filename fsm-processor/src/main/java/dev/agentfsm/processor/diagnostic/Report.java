package dev.agentfsm.processor.diagnostic;

import dev.agentfsm.processor.model.Origin;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic.Kind;

/**
 * The diagnostics about one subject (a machine, a stray state, a misplaced annotation, the
 * processor's options), in the order they were found; immutable. Validation and writing each
 * build one with {@link #builder()}, and the processor prints every report through one path.
 */
public final class Report {

    private static final Report EMPTY = new Report(List.of());

    private final List<Diagnostic> diagnostics;

    private Report(List<Diagnostic> diagnostics) {
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** A report with nothing in it. */
    public static Report empty() {
        return EMPTY;
    }

    /** A report of one finding of {@code rule}, at the rule's severity. */
    public static Report of(Rule rule, Origin origin, String message) {
        return builder().add(rule, origin, message).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The findings in the order they were made. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** How many findings are errors. */
    public int errorCount() {
        return (int) diagnostics.stream().filter(Diagnostic::isError).count();
    }

    /** Whether any finding is an error. */
    public boolean hasErrors() {
        return errorCount() > 0;
    }

    @Override
    public String toString() {
        return diagnostics.stream().map(Diagnostic::text).toList().toString();
    }

    /** Collects findings; {@link #build()} makes the immutable report. */
    public static final class Builder {
        private final List<Diagnostic> diagnostics = new ArrayList<>();

        private Builder() {}

        /** A finding of {@code rule} at the rule's severity. */
        public Builder add(Rule rule, Origin origin, String message) {
            diagnostics.add(new Diagnostic(rule, rule.severity(), message, origin));
            return this;
        }

        /**
         * A finding of {@code rule} at a severity an option chose instead of the rule's own (a
         * {@code BreakingChange} made an error by {@code -Aagentfsm.breakingChange=error}).
         */
        public Builder add(Rule rule, Kind kind, Origin origin, String message) {
            diagnostics.add(new Diagnostic(rule, kind, message, origin));
            return this;
        }

        /** Information under a rule's id that is neither an error nor a warning. */
        public Builder note(Rule rule, Origin origin, String message) {
            diagnostics.add(new Diagnostic(rule, Kind.NOTE, message, origin));
            return this;
        }

        /** Whether an error was added so far. */
        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }

        public Report build() {
            return diagnostics.isEmpty() ? EMPTY : new Report(diagnostics);
        }
    }
}
