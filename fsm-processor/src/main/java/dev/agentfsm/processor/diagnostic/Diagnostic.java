package dev.agentfsm.processor.diagnostic;

import dev.agentfsm.processor.model.Origin;
import javax.tools.Diagnostic.Kind;

/**
 * One finding: the rule it is about, how severe it is, the message and where to report it.
 *
 * @param rule the rule; its id starts the printed text
 * @param kind the rule's severity, or {@code NOTE} for information told under a rule's id
 * @param message what is wrong, with the user's values, and the fix
 * @param origin the element, annotation and value to report on
 */
public record Diagnostic(Rule rule, Kind kind, String message, Origin origin) {

    /** The text as printed: {@code [agentfsm:<id>] <message>}. */
    public String text() {
        return rule.tag() + " " + message;
    }

    /** Whether it fails the compilation. */
    public boolean isError() {
        return kind == Kind.ERROR;
    }
}
