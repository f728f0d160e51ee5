package dev.agentfsm.processor.model;

/**
 * A {@code @Transition}, {@code @Transitions}, {@code @Terminal} or {@code @Tools} on a class that is not a
 * {@code @State}: a mistake, not a no-op, since nothing would read it.
 *
 * @param type the annotated class
 * @param annotation the annotation's simple name, e.g. {@code Terminal}
 * @param origin the class and the annotation
 */
public record MisplacedAnnotation(TypeRef type, String annotation, Origin origin) {}
