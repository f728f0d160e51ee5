package dev.agentfsm.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * An enum option's values as the command line writes them, its constants' names in lower case: picocli's
 * converter (any case is read) and its completion candidates (listed in help by
 * {@code ${COMPLETION-CANDIDATES}}). An option names a subclass for both, e.g.
 * {@code converter = DiagramFormat.Values.class, completionCandidates = DiagramFormat.Values.class}.
 */
abstract class LowerCaseOption<E extends Enum<E>> implements CommandLine.ITypeConverter<E>, Iterable<String> {
    private final Class<E> type;

    LowerCaseOption(Class<E> type) {
        this.type = type;
    }

    /** How the command line writes {@code value}. */
    static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public E convert(String value) {
        for (E constant : type.getEnumConstants()) {
            if (name(constant).equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new CommandLine.TypeConversionException(
                "expected one of " + String.join(", ", this) + " but was '" + value + "'");
    }

    @Override
    public Iterator<String> iterator() {
        return List.of(type.getEnumConstants()).stream()
                .map(LowerCaseOption::name)
                .iterator();
    }
}
