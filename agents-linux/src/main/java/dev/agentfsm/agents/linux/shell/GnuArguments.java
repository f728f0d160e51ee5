package dev.agentfsm.agents.linux.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A command's arguments as GNU {@code getopt_long} reads them: clusters of short options ({@code -uo
 * out} is {@code -u -o out}), long options abbreviated to any prefix ({@code --out=x} is
 * {@code --output=x}), options after operands, and {@code --} ending the options. The policy reads
 * options this way so that no spelling of a writing option slips past it. When a long option is
 * abbreviated so that it could take a value, the next word is taken as its value; that can only
 * hide an operand where getopt itself would reject the command line as ambiguous.
 */
final class GnuArguments {

    /**
     * One option as written.
     *
     * @param name the short option's letter, or the long option's name as written (possibly abbreviated)
     * @param isLong whether it was written with {@code --}
     * @param value its value, attached or the next word
     */
    record Option(String name, boolean isLong, Optional<String> value) {
        /** Whether this is short option {@code letter}. */
        boolean is(char letter) {
            return !isLong && name.equals(String.valueOf(letter));
        }

        /** Whether this is long option {@code fullName}, or an abbreviation of it. */
        boolean abbreviates(String fullName) {
            return isLong && !name.isEmpty() && fullName.startsWith(name);
        }
    }

    /** The options and the operands of one command line. */
    record Parsed(List<Option> options, List<String> operands) {}

    private final String shortWithValue;
    private final String shortWithOptionalValue;
    private final Set<String> longWithValue;

    /**
     * @param shortWithValue the short options that take a value (attached, or the next word)
     * @param shortWithOptionalValue the short options that take a value only when it is attached
     * @param longWithValue the long options that take a value (after {@code =}, or the next word)
     */
    GnuArguments(String shortWithValue, String shortWithOptionalValue, Set<String> longWithValue) {
        this.shortWithValue = shortWithValue;
        this.shortWithOptionalValue = shortWithOptionalValue;
        this.longWithValue = Set.copyOf(longWithValue);
    }

    Parsed parse(List<String> args) {
        List<Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String word = args.get(i);
            if (optionsEnded || word.equals("-") || !word.startsWith("-")) {
                operands.add(word);
            } else if (word.equals("--")) {
                optionsEnded = true;
            } else if (word.startsWith("--")) {
                int equals = word.indexOf('=');
                String name = equals < 0 ? word.substring(2) : word.substring(2, equals);
                Optional<String> value = Optional.empty();
                if (equals >= 0) {
                    value = Optional.of(word.substring(equals + 1));
                } else if (takesValue(name) && i + 1 < args.size()) {
                    value = Optional.of(args.get(++i));
                }
                options.add(new Option(name, true, value));
            } else {
                for (int j = 1; j < word.length(); j++) {
                    char letter = word.charAt(j);
                    String rest = word.substring(j + 1);
                    if (shortWithValue.indexOf(letter) >= 0) {
                        Optional<String> value = !rest.isEmpty()
                                ? Optional.of(rest)
                                : i + 1 < args.size() ? Optional.of(args.get(++i)) : Optional.empty();
                        options.add(new Option(String.valueOf(letter), false, value));
                        break;
                    }
                    if (shortWithOptionalValue.indexOf(letter) >= 0) {
                        options.add(new Option(
                                String.valueOf(letter), false, rest.isEmpty() ? Optional.empty() : Optional.of(rest)));
                        break;
                    }
                    options.add(new Option(String.valueOf(letter), false, Optional.empty()));
                }
            }
        }
        return new Parsed(List.copyOf(options), List.copyOf(operands));
    }

    private boolean takesValue(String name) {
        return !name.isEmpty() && longWithValue.stream().anyMatch(option -> option.startsWith(name));
    }
}
