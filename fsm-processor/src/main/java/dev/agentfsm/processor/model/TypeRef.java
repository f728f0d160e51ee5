package dev.agentfsm.processor.model;

import java.util.List;

/**
 * A class named by its package and its simple names, outermost first ({@code ["Outer", "Inner"]}
 * for a nested class). The model names types this way so it can be built and tested without javac.
 */
public record TypeRef(String packageName, List<String> simpleNames) {

    public TypeRef {
        simpleNames = List.copyOf(simpleNames);
        if (simpleNames.isEmpty()) {
            throw new IllegalArgumentException("a type needs a simple name");
        }
    }

    /** A top-level class. */
    public static TypeRef of(String packageName, String simpleName) {
        return new TypeRef(packageName, List.of(simpleName));
    }

    /** The innermost simple name. */
    public String simpleName() {
        return simpleNames.get(simpleNames.size() - 1);
    }

    /** The simple names joined with dots, as Java source names a nested class: {@code Outer.Inner}. */
    public String nestedName() {
        return String.join(".", simpleNames);
    }

    /** The simple names joined with underscores, for names derived from this one: {@code Outer_Inner}. */
    public String flatName() {
        return String.join("_", simpleNames);
    }

    /** The canonical name, {@code pkg.Outer.Inner}. */
    public String qualifiedName() {
        return packageName.isEmpty() ? nestedName() : packageName + "." + nestedName();
    }

    /** The binary name, {@code pkg.Outer$Inner}, as class loaders and service files name it. */
    public String binaryName() {
        String nested = String.join("$", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }

    /** A top-level class in this type's package. */
    public TypeRef sibling(String simpleName) {
        return of(packageName, simpleName);
    }

    @Override
    public String toString() {
        return qualifiedName();
    }
}
