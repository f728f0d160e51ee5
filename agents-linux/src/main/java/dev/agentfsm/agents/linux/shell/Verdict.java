package dev.agentfsm.agents.linux.shell;

import java.util.List;

/** What {@link CommandPolicy} decided about a command line: run these words, or refuse, saying why. */
sealed interface Verdict permits Verdict.Run, Verdict.Refuse {

    /** The command may run; {@code argv} are its words, the command name first. */
    record Run(List<String> argv) implements Verdict {
        public Run {
            argv = List.copyOf(argv);
        }
    }

    /** The command must not run; {@code reason} says why, for the LLM. */
    record Refuse(String reason) implements Verdict {}
}
