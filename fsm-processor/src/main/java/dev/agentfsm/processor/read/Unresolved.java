package dev.agentfsm.processor.read;

import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * A type the reader needs is not there yet (javac's ErrorType): perhaps another processor generates
 * it in a later round. The machine is deferred, not failed. The message names what refers to the
 * missing type, e.g. {@code @Transition(to = Missing.class) on Open}.
 */
final class Unresolved extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient TypeElement where;

    Unresolved(String what) {
        this(what, null);
    }

    private Unresolved(String what, TypeElement where) {
        super(what, null, false, false);
        this.where = where;
    }

    /** The same problem, located in {@code state} unless it already has a place. */
    Unresolved at(TypeElement state) {
        return where != null ? this : new Unresolved(getMessage(), state);
    }

    /** The annotated type that names the missing type, when it is known. */
    Optional<TypeElement> where() {
        return Optional.ofNullable(where);
    }
}
