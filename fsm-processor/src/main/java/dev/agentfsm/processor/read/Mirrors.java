package dev.agentfsm.processor.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotations as mirrors. Class-valued members can't be read through
 * {@code getAnnotation(X.class)} at compile time, so everything goes through here; the processor
 * finds its annotations by these names too.
 */
public final class Mirrors {

    public static final String STATE_MACHINE = "dev.agentfsm.annotations.StateMachine";
    public static final String STATE = "dev.agentfsm.annotations.State";
    public static final String TRANSITION = "dev.agentfsm.annotations.Transition";
    public static final String TRANSITIONS = "dev.agentfsm.annotations.Transitions";
    public static final String TERMINAL = "dev.agentfsm.annotations.Terminal";
    public static final String TOOLS = "dev.agentfsm.annotations.Tools";
    public static final String TIMEOUT = "dev.agentfsm.annotations.Timeout";
    /** The annotations that belong on a {@code @State} class: on any other class they are misplaced. */
    public static final List<String> ON_STATES = List.of(TRANSITION, TRANSITIONS, TERMINAL, TOOLS, TIMEOUT);

    private final Elements elements;

    Mirrors(Elements elements) {
        this.elements = elements;
    }

    /** The annotation of this type on the element, if present. */
    public static Optional<AnnotationMirror> find(Element element, String annotationType) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            Element type = mirror.getAnnotationType().asElement();
            if (type instanceof TypeElement typeElement
                    && typeElement.getQualifiedName().contentEquals(annotationType)) {
                return Optional.of(mirror);
            }
        }
        return Optional.empty();
    }

    /** The {@code @Transition}s on the element, direct or inside the {@code @Transitions} container, in order. */
    static List<AnnotationMirror> transitions(Element element) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            String type = ((TypeElement) mirror.getAnnotationType().asElement())
                    .getQualifiedName()
                    .toString();
            if (type.equals(TRANSITION)) {
                found.add(mirror);
            } else if (type.equals(TRANSITIONS)) {
                explicit(mirror, "value").ifPresent(value -> {
                    for (Object item : (List<?>) value.getValue()) {
                        found.add((AnnotationMirror) ((AnnotationValue) item).getValue());
                    }
                });
            }
        }
        return found;
    }

    /** The value written in source for this member; empty when it was defaulted. */
    static Optional<AnnotationValue> explicit(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
                mirror.getElementValues().entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return Optional.of(entry.getValue());
            }
        }
        return Optional.empty();
    }

    /** The member's value, written or defaulted. */
    AnnotationValue value(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
                elements.getElementValuesWithDefaults(mirror).entrySet()) {
            if (entry.getKey().getSimpleName().contentEquals(member)) {
                return entry.getValue();
            }
        }
        throw new IllegalStateException("@" + mirror.getAnnotationType() + " has no member " + member);
    }

    String string(AnnotationMirror mirror, String member) {
        Object value = value(mirror, member).getValue();
        return value instanceof String text ? text : String.valueOf(value);
    }

    boolean bool(AnnotationMirror mirror, String member) {
        return Boolean.TRUE.equals(value(mirror, member).getValue());
    }
}
