package dev.agentfsm.processor.write;

import javax.tools.Diagnostic.Kind;

/**
 * Something that went wrong while writing a valid machine's files, for the processor to report on
 * the machine: an SVG that could not be rendered (a warning), a docs file that could not be written
 * (an error).
 */
public record WriteProblem(Kind kind, String message) {}
