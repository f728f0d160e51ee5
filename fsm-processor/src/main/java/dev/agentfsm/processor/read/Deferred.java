package dev.agentfsm.processor.read;

import javax.lang.model.element.TypeElement;

/**
 * A machine or state that could not be read in this round because a type it names is missing.
 *
 * @param element the annotated type, re-read by name next round
 * @param missing what was missing, for the error if it never appears
 */
public record Deferred(TypeElement element, String missing) {}
