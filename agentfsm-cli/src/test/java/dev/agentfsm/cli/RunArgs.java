package dev.agentfsm.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code run} as the tests call it, and the replies of a model that lists the files and then finishes. */
final class RunArgs {
    /** The model's first reply: run {@code ls -1}. */
    static final String LIST =
            """
            {"observation": "nothing yet", "thought": "list the files",
             "action": {"function": "execute_command", "arguments": {"command": "ls -1"}, "status": "CONTINUE"},
             "plan": ["list", "answer"], "result": ""}""";
    /** The model's second reply: FINISH with the answer. */
    static final String DONE =
            """
            {"observation": "one file", "thought": "done",
             "action": {"function": "", "arguments": {}, "status": "FINISH"},
             "plan": [], "result": "The directory holds hello.txt."}""";

    private RunArgs() {}

    /**
     * {@code run} with the model {@code m} at {@code baseUrl}, commands in {@code root} and the trace
     * written to {@code trace}, then {@code more} ({@code --task} among them).
     */
    static Cli run(String baseUrl, Path root, Path trace, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run", "--base-url", baseUrl, "--model", "m", "--root", root.toString(), "--trace", trace.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }
}
