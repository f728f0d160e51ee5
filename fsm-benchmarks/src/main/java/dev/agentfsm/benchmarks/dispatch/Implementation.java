package dev.agentfsm.benchmarks.dispatch;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The implementations the benchmarks compare, by the name of their {@code DispatchBenchmark}
 * method. Each constant creates its own {@link Dispatch}, and loads nothing of the others: the
 * cold-start measurement relies on that.
 */
public enum Implementation {
    /** Generated managers, tables and typed transitions, in a loop of the benchmark's own. */
    GENERATED {
        @Override
        public Dispatch create() {
            return new GeneratedDispatch();
        }
    },
    /** The runtime's steps, within one long {@code Round}. */
    RUNTIME_STEP {
        @Override
        public Dispatch create() {
            return new RuntimeStepDispatch();
        }
    },
    /** A whole {@code Round} of the runtime per pass, its set-up and result included. */
    RUNTIME_ROUND {
        @Override
        public Dispatch create() {
            return new RuntimeRoundDispatch();
        }
    },
    /** A hand-written switch over an enum: the floor. */
    HAND_WRITTEN {
        @Override
        public Dispatch create() {
            return new HandWrittenDispatch();
        }
    },
    /** UFO's registry design in Java. */
    UFO_STYLE_REGISTRY {
        @Override
        public Dispatch create() {
            return new UfoRegistryDispatch();
        }
    },
    /** Spring Statemachine 4.0. */
    SPRING_STATEMACHINE {
        @Override
        public Dispatch create() {
            return new SpringDispatch();
        }
    },
    /** squirrel-foundation 0.3.10. */
    SQUIRREL {
        @Override
        public Dispatch create() {
            return new SquirrelDispatch();
        }
    },
    /** stateless4j 2.6.0. */
    STATELESS4J {
        @Override
        public Dispatch create() {
            return new Stateless4jDispatch();
        }
    };

    /** A new, ready instance of this implementation. */
    public abstract Dispatch create();

    /** The benchmark method's name: {@code runtimeStep}, {@code springStatemachine}, ... */
    public String methodName() {
        String[] words = name().toLowerCase(Locale.ROOT).split("_", -1);
        StringBuilder name = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            name.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return name.toString();
    }

    /** The implementation whose benchmark method is {@code methodName}. */
    public static Implementation byMethodName(String methodName) {
        for (Implementation implementation : values()) {
            if (implementation.methodName().equals(methodName)) {
                return implementation;
            }
        }
        throw new IllegalArgumentException("no implementation is measured by a method named \"" + methodName
                + "\"; use one of "
                + Arrays.stream(values()).map(Implementation::methodName).collect(Collectors.joining(", ")));
    }
}
