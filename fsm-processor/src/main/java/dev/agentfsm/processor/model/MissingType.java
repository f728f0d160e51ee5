package dev.agentfsm.processor.model;

/**
 * A type an annotation names that never appeared, not even in a later round: a typo or a missing
 * import, unless another processor failed to generate it.
 *
 * @param namedBy what names it, e.g. {@code @Transition(to = Missing.class) on Open}
 * @param origin the annotated class that names it
 */
public record MissingType(String namedBy, Origin origin) {}
