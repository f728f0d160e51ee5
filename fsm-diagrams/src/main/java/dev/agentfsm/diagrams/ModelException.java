package dev.agentfsm.diagrams;

import java.nio.file.Path;

/**
 * A machine model that cannot be read: not YAML, or not the shape the agent-fsm processor writes.
 * The message names the file and the line, and what was expected there.
 */
public final class ModelException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int line;

    ModelException(Path file, int line, String problem) {
        super(file + ":" + line + ": " + problem
                + " (the agent-fsm processor writes this file: compile again, with fsm-processor and the diagrams"
                + " tool of the same version, instead of editing it)");
        this.file = file;
        this.line = line;
    }

    /** The model file. */
    public Path file() {
        return file;
    }

    /** The line of the problem, counted from 1. */
    public int line() {
        return line;
    }
}
