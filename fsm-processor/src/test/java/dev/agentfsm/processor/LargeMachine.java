package dev.agentfsm.processor;

import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/**
 * The source of a machine with many states, {@code example.big.Big}: a chain
 * {@code S0 -> S1 -> ... -> S<n-1>} where every state may also start over at {@code S0}, and the last
 * state ends the round. For the size test and the processor-share measurement.
 */
final class LargeMachine {

    static final String NAME = "example.big.Big";

    private LargeMachine() {}

    static JavaFileObject source(int states) {
        return JavaFileObjects.forSourceString(NAME, text(states));
    }

    static String text(int states) {
        StringBuilder out = new StringBuilder()
                .append("package example.big;\n\n")
                .append("import dev.agentfsm.annotations.State;\n")
                .append("import dev.agentfsm.annotations.StateMachine;\n")
                .append("import dev.agentfsm.annotations.Terminal;\n")
                .append("import dev.agentfsm.annotations.Transition;\n")
                .append("import dev.agentfsm.annotations.Trigger;\n")
                .append("import dev.agentfsm.runtime.Agent;\n")
                .append("import dev.agentfsm.runtime.AgentState;\n\n")
                .append("public final class Big {\n")
                .append("    @StateMachine(name = \"Big\", initial = S0.class)\n")
                .append("    public abstract static class Base implements AgentState<Agent> {}\n");
        for (int i = 0; i < states; i++) {
            out.append("\n    @State(\"S").append(i).append("\")\n");
            if (i == states - 1) {
                out.append("    @Terminal(endsRound = true)\n");
            } else {
                out.append("    @Transition(to = S").append(i + 1).append(".class, by = Trigger.LLM)\n");
                if (i > 0) {
                    out.append("    @Transition(to = S0.class, by = Trigger.USER, when = \"start over\")\n");
                }
            }
            out.append("    public static final class S").append(i).append(" extends Base {}\n");
        }
        return out.append("}\n").toString();
    }
}
