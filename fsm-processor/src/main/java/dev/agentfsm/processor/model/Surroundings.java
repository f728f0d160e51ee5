package dev.agentfsm.processor.model;

import java.util.Set;

/**
 * What the user's code around a machine asks of its generated sources, so that they compile, and
 * without warnings, whatever the user named or deprecated.
 *
 * @param javaLangShadows the top-level types of the machine's package named as a type of {@code java.lang}
 *     (a state class {@code String}); in that package the simple name means the user's type, so the
 *     generated code names {@code java.lang}'s in full
 * @param stateManagerWarnings what the state manager suppresses: {@code "deprecation"} or {@code "removal"}
 *     when it names a deprecated type, constructor or {@code next} method (javac warns at the user's own uses)
 * @param movesWarnings the same for {@code <Machine>Moves}, which names the agent types of its hand-offs
 */
public record Surroundings(Set<String> javaLangShadows, Set<String> stateManagerWarnings, Set<String> movesWarnings) {

    /** Nothing to allow for, for models built in tests. */
    public static final Surroundings NONE = new Surroundings(Set.of(), Set.of(), Set.of());

    public Surroundings {
        javaLangShadows = Set.copyOf(javaLangShadows);
        stateManagerWarnings = Set.copyOf(stateManagerWarnings);
        movesWarnings = Set.copyOf(movesWarnings);
    }
}
