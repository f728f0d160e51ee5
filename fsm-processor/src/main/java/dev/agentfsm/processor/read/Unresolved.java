package dev.agentfsm.processor.read;

/**
 * A type the reader needs is not there yet (javac's ErrorType): perhaps another processor generates
 * it in a later round. The machine is deferred, not failed.
 */
final class Unresolved extends Exception {

    private static final long serialVersionUID = 1L;

    Unresolved(String what) {
        super(what, null, false, false);
    }
}
