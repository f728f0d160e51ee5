package dev.agentfsm.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.agentfsm.processor.diagnostic.Diagnostic;
import dev.agentfsm.processor.diagnostic.Report;
import dev.agentfsm.processor.model.Origin;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic.Kind;

/**
 * The one path by which the processor prints: every {@link Report}, whichever stage made it, goes
 * through {@link #print(Report)}, which also counts the errors of the compilation.
 *
 * <p>Each diagnostic is printed at its {@link Origin}. The messager does that, except for one case
 * javac gets wrong: a repeated annotation such as the second {@code @Transition} lives inside the
 * implicit {@code @Transitions} container, which has no tree, so javac falls back to the class.
 * Under javac this finds the annotation's own tree; other compilers (ECJ) already point at it.
 */
final class Reporter {

    private final Messager messager;
    private final Types types;
    private final Optional<Trees> trees;
    private int errorCount;

    Reporter(ProcessingEnvironment env) {
        this.messager = env.getMessager();
        this.types = env.getTypeUtils();
        this.trees = javacTrees(env);
    }

    /** Prints every diagnostic of the report, in order. */
    void print(Report report) {
        for (Diagnostic diagnostic : report.diagnostics()) {
            print(diagnostic.kind(), diagnostic.text(), diagnostic.origin());
            if (diagnostic.isError()) {
                errorCount++;
            }
        }
    }

    /** How many errors were printed so far. */
    int errorCount() {
        return errorCount;
    }

    private void print(Kind kind, String text, Origin origin) {
        Element element = origin.element();
        if (element == null) {
            messager.printMessage(kind, text);
            return;
        }
        AnnotationMirror mirror = origin.mirror();
        if (trees.isPresent()
                && mirror != null
                && !element.getAnnotationMirrors().contains(mirror)) {
            Optional<TreePath> repeated = repeatedAnnotation(trees.get(), element, mirror);
            if (repeated.isPresent()) {
                Tree at = valueTree((AnnotationTree) repeated.get().getLeaf(), mirror, origin.value())
                        .orElse(repeated.get().getLeaf());
                trees.get().printMessage(kind, text, at, repeated.get().getCompilationUnit());
                return;
            }
        }
        messager.printMessage(kind, text, element, mirror, origin.value());
    }

    /** The tree of {@code mirror}, the n-th repetition of its annotation on {@code element}. */
    private Optional<TreePath> repeatedAnnotation(Trees trees, Element element, AnnotationMirror mirror) {
        int index = indexInContainer(element, mirror);
        TreePath path = trees.getPath(element);
        if (index < 0 || path == null || !(path.getLeaf() instanceof ClassTree)) {
            return Optional.empty();
        }
        int seen = 0;
        for (AnnotationTree annotation :
                ((ClassTree) path.getLeaf()).getModifiers().getAnnotations()) {
            TreePath annotationPath = new TreePath(path, annotation);
            TypeMirror type = trees.getTypeMirror(annotationPath);
            if (type != null && types.isSameType(type, mirror.getAnnotationType()) && seen++ == index) {
                return Optional.of(annotationPath);
            }
        }
        return Optional.empty();
    }

    /** Where {@code mirror} stands among the annotations of its kind inside a container on {@code element}; -1 if it doesn't. */
    private static int indexInContainer(Element element, AnnotationMirror mirror) {
        for (AnnotationMirror container : element.getAnnotationMirrors()) {
            for (AnnotationValue value : container.getElementValues().values()) {
                if (value.getValue() instanceof List<?> items) {
                    int index = 0;
                    for (Object item : items) {
                        Object nested = ((AnnotationValue) item).getValue();
                        if (nested == mirror || nested.equals(mirror)) {
                            return index;
                        }
                        index++;
                    }
                }
            }
        }
        return -1;
    }

    /** The {@code member = ...} expression of {@code value} in the annotation's tree. */
    private static Optional<Tree> valueTree(AnnotationTree annotation, AnnotationMirror mirror, AnnotationValue value) {
        if (value == null) {
            return Optional.empty();
        }
        Optional<String> member = mirror.getElementValues().entrySet().stream()
                .filter(e -> e.getValue() == value || e.getValue().equals(value))
                .map(Map.Entry::getKey)
                .map(ExecutableElement::getSimpleName)
                .map(Object::toString)
                .findFirst();
        for (ExpressionTree argument : annotation.getArguments()) {
            if (argument instanceof AssignmentTree assignment
                    && assignment.getVariable() instanceof IdentifierTree name
                    && member.filter(m -> name.getName().contentEquals(m)).isPresent()) {
                return Optional.of(assignment.getVariable());
            }
        }
        return Optional.empty();
    }

    private static Optional<Trees> javacTrees(ProcessingEnvironment env) {
        try {
            return Optional.of(Trees.instance(env));
        } catch (IllegalArgumentException | LinkageError notJavac) {
            // ECJ and others: their messager already points at repeated annotations
            return Optional.empty();
        }
    }
}
