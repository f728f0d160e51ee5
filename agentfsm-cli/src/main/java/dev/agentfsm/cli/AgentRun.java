package dev.agentfsm.cli;

import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.TransitionListener;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.user.UserChannel;
import java.util.List;
import java.util.Optional;

/**
 * One round of the LinuxAgent on a shell, printed step by step: what {@code demo} and {@code run} share.
 * The round's reason, error and result carry the model's and the commands' words, so they are printed
 * through {@link SafeText}.
 */
final class AgentRun {
    /** The most characters of a reason or an error shown. */
    static final int MESSAGE_CHARS = 1_000;
    /** The most lines of a result shown, and the most characters of each. */
    static final int RESULT_LINES = 20;

    static final int RESULT_CHARS = 200;
    /** The most lines of {@link #MESSAGE_CHARS} a confirmation's question may take: it is shown in full or refused. */
    static final int CONFIRM_LINES = 20;

    private static final String INDENT = "        ";

    private AgentRun() {}

    /**
     * One round of the LinuxAgent.
     *
     * @param live whether to show the model's text as it arrives (a client that streams sends it piece by piece)
     */
    static RoundResult run(
            Console console,
            ShellDriver shell,
            LlmClient llm,
            boolean live,
            RuntimeConfig config,
            String task,
            List<TransitionListener> listeners,
            UserChannel user) {
        RoundResult result;
        try (StepPrinter printer = new StepPrinter(console)) {
            LinuxAgent agent = LinuxAgent.builder(shell, live ? printer.live(llm) : llm)
                    .config(config)
                    .user(user)
                    .confirmUnsafe(shell.config())
                    .listener(printer)
                    .build();
            Round.Builder<LinuxAgent> round = Round.of(LinuxAgentStateManager.instance(), agent)
                    .context(new Context().put(Context.REQUEST, task));
            listeners.forEach(round::listener);
            result = round.build().run();
        }
        printResult(console, result);
        return result;
    }

    /**
     * One round of the LinuxAgent in a journaled session: a new journal records it, an opened one is resumed
     * (its recorded steps replayed, then the round goes on). The agent's model and shell go through the
     * journal; replayed steps are printed as they are replayed. A round that stopped at a confirmation
     * ({@code user} suspends) prints the question and how to answer it. With {@code live}, the model's text is
     * shown as it arrives; the journal wraps the streaming client, so it records the whole replies, and a replayed
     * call, which never reaches the model, shows none.
     */
    static RoundResult runJournaled(
            Console console,
            ShellDriver shell,
            LlmClient llm,
            boolean live,
            RuntimeConfig config,
            String task,
            List<TransitionListener> listeners,
            Journal journal,
            boolean resume,
            UserChannel user) {
        RoundResult result;
        try (StepPrinter printer = new StepPrinter(console, journal::replaying)) {
            LinuxAgent agent = LinuxAgent.builder(journal.driver(shell), journal.llm(live ? printer.live(llm) : llm))
                    .config(config)
                    .user(journal.user(user))
                    .confirmUnsafe(shell.config())
                    .listener(printer)
                    .build();
            Session.Builder<LinuxAgent> builder =
                    Session.of(LinuxAgentStateManager.instance(), agent).config(config);
            listeners.forEach(builder::listener);
            if (resume) {
                Session session = builder.build();
                List<RoundResult> results = session.resume(journal);
                result = results.isEmpty() ? session.runRound(task) : results.get(results.size() - 1);
            } else {
                result = builder.recorder(journal).build().runRound(task);
            }
        }
        printResult(console, result);
        result.waiting().ifPresent(waiting -> printWaiting(console, waiting, journal));
        return result;
    }

    /**
     * The question a suspended run waits at, escaped (it quotes the model's command), and the command that
     * goes on.
     */
    static void printWaiting(Console console, Waiting waiting, Journal journal) {
        String where = " (step " + waiting.step() + ", " + waiting.state() + ")";
        String reply = waiting.kind() == Waiting.Kind.DECISION ? "yes|no" : "TEXT";
        if (waiting.kind() != Waiting.Kind.DECISION) {
            console.println(console.bold("waiting: ") + SafeText.line(waiting.prompt(), MESSAGE_CHARS) + where);
        } else if (shownInFull(waiting).isEmpty()) {
            console.println(console.bold("waiting: ") + "a confirmation of an action of "
                    + waiting.prompt().length() + " characters, too long to show in full" + where
                    + "; it can only be rejected");
            reply = "no";
        } else {
            List<String> lines = shownInFull(waiting).get();
            for (int i = 0; i < lines.size(); i++) {
                console.println((i == 0 ? console.bold("waiting: ") : INDENT)
                        + lines.get(i)
                        + (i == lines.size() - 1 ? where : ""));
            }
        }
        console.println("go on with: agentfsm-cli run --resume "
                + SafeText.line(journal.file().toString(), MESSAGE_CHARS) + " --answer " + reply
                + " (and the model options as before)");
    }

    /**
     * A confirmation's question as it is printed: in full, wrapped into lines of {@link #MESSAGE_CHARS}, never
     * cut, since the answer approves all of it (a model can pad a command to push its harmful end past a cut);
     * empty when it takes more than {@link #CONFIRM_LINES} lines, and then it can only be rejected.
     */
    static Optional<List<String>> shownInFull(Waiting waiting) {
        return SafeText.wrapped(waiting.prompt(), CONFIRM_LINES, MESSAGE_CHARS);
    }

    /** The task a journal of {@code run} recorded, if it recorded one. */
    static Optional<String> recordedTask(Journal journal) {
        return journal.recordedRequests().stream().findFirst();
    }

    /**
     * The exit code for a round: 0 when it completed without the agent giving up, 3 when it stopped at a
     * question, otherwise 1.
     */
    static int exitCode(RoundResult result) {
        if (result.suspended()) {
            return AgentFsmCli.WAITING;
        }
        return result.completed() && !gaveUp(result) ? 0 : AgentFsmCli.FAILED;
    }

    private static boolean gaveUp(RoundResult result) {
        return result.path().contains(LinuxAgentStatus.FAIL);
    }

    /** The error and its causes, one sentence each, without repeating a message a cause already gave. */
    static String describe(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable e = error; e != null; e = e.getCause()) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (text.indexOf(message) < 0) {
                text.append(text.length() == 0 ? "" : "; caused by: ").append(message);
            }
        }
        return text.toString();
    }

    private static void printResult(Console console, RoundResult result) {
        console.println("");
        String outcome = result.completed()
                ? console.green(result.outcome().name())
                : console.red(result.outcome().name());
        List<String> path = result.path().stream()
                .map(status -> status instanceof LinuxAgentStatus ? status.name() : status.qualifiedName())
                .toList();
        console.println(console.bold("round ") + outcome + " after " + result.steps() + " states: "
                + String.join(" -> ", path));
        if (!result.completed()) {
            console.println("reason: " + SafeText.line(result.reason(), MESSAGE_CHARS));
        }
        result.error()
                .filter(error -> error.getMessage() == null || !result.reason().contains(error.getMessage()))
                .ifPresent(error ->
                        console.println(console.red("error: ") + SafeText.line(describe(error), MESSAGE_CHARS)));
        if (result.completed() && result.error().isEmpty() && gaveUp(result)) {
            console.println(console.red("the agent gave up (FAIL)") + ": the task was not done");
        }
        List<String> lines = SafeText.lines(result.result().orElse("(none)"), RESULT_LINES, RESULT_CHARS);
        console.println(console.bold("result: ") + lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> console.println(INDENT + line));
    }
}
