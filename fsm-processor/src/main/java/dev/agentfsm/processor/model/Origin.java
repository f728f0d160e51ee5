package dev.agentfsm.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Where a part of the model was declared, as precisely as javac can point at it: an element, the
 * annotation on it and the annotation's value. Diagnostics are reported there, so an IDE underlines
 * {@code to = ...} in the offending {@code @Transition}. Models built in tests have {@link #NONE}.
 */
public final class Origin {

    /** No position: a model built without javac. */
    public static final Origin NONE = new Origin(null, null, null);

    private final Element element;
    private final AnnotationMirror mirror;
    private final AnnotationValue value;

    private Origin(Element element, AnnotationMirror mirror, AnnotationValue value) {
        this.element = element;
        this.mirror = mirror;
        this.value = value;
    }

    /** The element itself. */
    public static Origin of(Element element) {
        return new Origin(element, null, null);
    }

    /** An annotation on the element. */
    public static Origin of(Element element, AnnotationMirror mirror) {
        return new Origin(element, mirror, null);
    }

    /** A value of an annotation on the element; {@code value} is null when it was defaulted. */
    public static Origin of(Element element, AnnotationMirror mirror, AnnotationValue value) {
        return new Origin(element, mirror, value);
    }

    /** The element, or {@code null} for {@link #NONE}. */
    public Element element() {
        return element;
    }

    /** The annotation, or {@code null} when the position is the element itself. */
    public AnnotationMirror mirror() {
        return mirror;
    }

    /** The annotation value, or {@code null} when the position is the annotation or the element. */
    public AnnotationValue value() {
        return value;
    }
}
