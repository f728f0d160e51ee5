package dev.agentfsm.processor.validate;

import dev.agentfsm.processor.model.Origin;
import javax.tools.Diagnostic.Kind;

/**
 * One finding about a machine: a rule id such as {@code TerminalExit}, the message and where to
 * report it. The printed message starts with {@code [agentfsm:<id>]}.
 */
public record Diagnostic(Kind kind, String id, String message, Origin origin) {

    /** The message as printed: {@code [agentfsm:<id>] <message>}. */
    public String text() {
        return "[agentfsm:" + id + "] " + message;
    }

    public boolean isError() {
        return kind == Kind.ERROR;
    }
}
