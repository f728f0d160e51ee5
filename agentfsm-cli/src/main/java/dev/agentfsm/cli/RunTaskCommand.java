package dev.agentfsm.cli;

import dev.agentfsm.agents.kit.ConsoleUserChannel;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.journal.Durability;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.journal.JournalException;
import dev.agentfsm.journal.JournalKey;
import dev.agentfsm.openai.OpenAiCompatibleClient;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Waiting;
import dev.agentfsm.runtime.internal.SafeText;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.trace.JsonLinesTrace;
import dev.agentfsm.runtime.user.UserChannel;
import dev.agentfsm.runtime.user.UserChannel.Decision;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code run}: the LinuxAgent on this machine's shell, driven by a real OpenAI-compatible model. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a task with a real OpenAI-compatible model (OpenAI, Ollama, vLLM, llama.cpp)"
                    + " on this machine's shell and prints each step.",
            "Only read-only, allow-listed commands run, without a shell, inside --root."
        },
        footer = {
            "",
            "Example (Ollama):",
            "  agentfsm-cli run --task \"How much disk space is free?\" \\",
            "      --base-url http://localhost:11434/v1 --model qwen2.5",
            "Without a model, a recorded conversation:",
            "  agentfsm-cli run --task \"...\" --replay replies.yaml --journal run.journal"
        })
final class RunTaskCommand implements Callable<Integer> {
    /** The longest --timeout: a day, the runtime's bound on durations. */
    private static final int MAX_TIMEOUT_SECONDS = 24 * 60 * 60;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--task",
            paramLabel = "TEXT",
            description = "What the agent should do (with --resume: the journal's task; may be left out).")
    Optional<String> task = Optional.empty();

    @Option(
            names = "--base-url",
            paramLabel = "URL",
            description = "The API's base URL, before /chat/completions, e.g. http://localhost:11434/v1.")
    Optional<URI> baseUrl = Optional.empty();

    @Option(names = "--model", paramLabel = "NAME", description = "The model's name.")
    Optional<String> model = Optional.empty();

    @Option(
            names = "--replay",
            paramLabel = "FILE",
            description = "Play this recorded conversation as the model instead of calling one (the demo's format:"
                    + " a YAML file with 'replies', a list of the model's replies in order), to try run, --journal"
                    + " and --resume without a model. With --resume, the replies the journal already answered are"
                    + " passed over.")
    Optional<Path> replay = Optional.empty();

    @Option(
            names = "--api-key-env",
            paramLabel = "NAME",
            description = "The environment variable holding the API key (none is sent without it).")
    Optional<String> apiKeyEnv = Optional.empty();

    @Option(
            names = "--api-key-header",
            paramLabel = "HEADER",
            description = "The header that carries the key: Authorization sends 'Bearer <key>' (the default);"
                    + " another header, like api-key for Azure OpenAI, sends the key as it is.")
    Optional<String> apiKeyHeader = Optional.empty();

    @Option(
            names = "--no-stream",
            description = "Do not show the model's text as it arrives: ask the server for each reply whole (JSON, not"
                    + " server-sent events), for a server that cannot stream. The journal records the same either way.")
    boolean noStream;

    @Mixin
    ShellOptions shellOptions;

    @Option(
            names = "--max-steps",
            paramLabel = "N",
            defaultValue = "30",
            description = "The most states the round may enter (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "60",
            description = "Time-out of one attempt of a model call, at most 86400 (default: ${DEFAULT-VALUE});"
                    + " a call with its retries ends after twice this.")
    int timeoutSeconds;

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "Where to write the JSON-lines trace (default: a new temporary file).")
    Optional<Path> trace = Optional.empty();

    @Option(
            names = "--journal",
            paramLabel = "FILE",
            description = "Record the run in this journal (a new file), one record per step, forced to disk, so that"
                    + " --resume can continue it after a crash.")
    Optional<Path> journalFile = Optional.empty();

    @Option(
            names = "--resume",
            paramLabel = "FILE",
            description = "Continue the run this journal recorded, with the other options as before: its completed"
                    + " steps are replayed (no model call or command is made again), then the run goes on.")
    Optional<Path> resumeFile = Optional.empty();

    @Option(
            names = "--journal-key-env",
            paramLabel = "NAME",
            description = "Sign the journal with the key in this environment variable (at least 16 bytes): each"
                    + " record carries an HMAC-SHA256, and --resume with the same option refuses a record that was"
                    + " edited, added or moved, even with its checksum recomputed. Without it, the checksums only"
                    + " catch accidental damage.")
    Optional<String> journalKeyEnv = Optional.empty();

    @Option(
            names = "--answer",
            paramLabel = "yes|no",
            description = "With --resume: the reply to the confirmation the run stopped at (exit 3): yes runs the"
                    + " command, no refuses it; written to the journal before the run goes on.")
    Optional<String> answer = Optional.empty();

    @Option(
            names = "--no-wait",
            description = "Do not wait at a confirmation, even on a terminal: stop the run there (exit 3) and print"
                    + " the question; 'run --resume FILE --answer yes|no' goes on. Needs --journal or --resume.")
    boolean noWait;

    @Override
    public Integer call() throws Exception {
        checkLimits();
        if (journalFile.isPresent() && resumeFile.isPresent()) {
            throw bad("--journal starts a new journal and --resume continues one; give one of them");
        }
        if (task.isEmpty() && resumeFile.isEmpty()) {
            throw bad("Missing required option: '--task=TEXT'");
        }
        checkModel();
        if (answer.isPresent() && resumeFile.isEmpty()) {
            throw bad("--answer replies to the question a journaled run stopped at; give it with --resume FILE");
        }
        if (noWait && journalFile.isEmpty() && resumeFile.isEmpty()) {
            throw bad("--no-wait stops the run at a confirmation so that another run can answer it; give --journal"
                    + " FILE to record where it stopped");
        }
        checkFiles();
        ShellDriver shell = shellOptions.shell();
        Optional<LlmClient> live = replay.isPresent() ? Optional.empty() : Optional.of(client());
        Console console = AgentFsmCli.console(spec);
        RuntimeConfig.Builder settings =
                RuntimeConfig.builder().maxStep(maxSteps).llmTimeout(Duration.ofSeconds(timeoutSeconds));
        if (replay.isEmpty()) {
            settings.llm(
                    new RuntimeConfig.LlmEndpoint(baseUrl.orElseThrow().toString(), model.orElseThrow(), apiKeyEnv));
        }
        RuntimeConfig config = settings.build();
        // everything that can refuse the command line is checked before the journal is created or answered:
        // a refusal writes nothing, so the same answer can be given again once the mistake is fixed
        Optional<ReplayLlmClient> recorded = replay.map(this::loadReplay);
        Optional<Journal> journal = journal();
        try {
            String taskToRun =
                    journal.isPresent() && resumeFile.isPresent() ? recordedTask(journal.get()) : task.orElseThrow();
            LlmClient llm = live.isPresent() ? live.get() : passOverAnswered(recorded.orElseThrow(), journal);
            answer(journal);
            return run(console, shell, llm, config, journal, taskToRun);
        } catch (JournalException e) {
            if (e.kind() == JournalException.Kind.DIVERGED) {
                throw e;
            }
            throw bad(e.getMessage());
        } finally {
            if (journal.isPresent()) {
                journal.get().close();
            }
        }
    }

    private int run(
            Console console,
            ShellDriver shell,
            LlmClient llm,
            RuntimeConfig config,
            Optional<Journal> journal,
            String task)
            throws Exception {
        Path traceFile = trace.isPresent() ? trace.get() : Files.createTempFile("agentfsm-run-", ".jsonl");
        // a task may come from anywhere (a ticket, a journal received from someone else): shown escaped
        console.println(console.bold("task:  ") + SafeText.line(task, AgentRun.MESSAGE_CHARS));
        console.println(console.bold("model: ")
                + (replay.isPresent()
                        ? "a recorded conversation, " + Console.shown(replay.get())
                        : model.orElseThrow() + " at " + baseUrl.orElseThrow()));
        console.println(console.bold("root:  ") + Console.shown(shell.config().root())
                + " (commands run there, without a shell)");
        console.println(console.bold("sandbox: ") + shell.sandbox().description());
        if (journal.isPresent()) {
            Journal j = journal.get();
            console.println(console.bold("journal: ")
                    + Console.shown(j.file())
                    + (resumeFile.isPresent()
                            ? " (resuming: " + j.recordedSteps()
                                    + " completed steps are replayed, then the run goes on)"
                            : ""));
        }
        UserChannel user = user(journal);
        if (!shell.config().unsafeCommands().isEmpty()) {
            console.println(console.bold("confirm: ") + "commands allowed as unsafe ("
                    + String.join(", ", shell.config().unsafeCommands()) + ") run only once approved: "
                    + (user == UserChannel.suspending()
                            ? "the run stops at each (exit 3) for 'run --resume FILE --answer yes|no'"
                            : user == UserChannel.alwaysDeny()
                                    ? "no terminal and no --journal, so they are refused"
                                    : "asked here"));
        }
        console.println("");
        RoundResult result;
        try (JsonLinesTrace file = JsonLinesTrace.open(traceFile)) {
            // a recorded conversation has nothing to stream: its replies are whole at once
            boolean live = !noStream && replay.isEmpty();
            result = journal.isPresent()
                    ? AgentRun.runJournaled(
                            console,
                            shell,
                            llm,
                            live,
                            config,
                            task,
                            List.of(file),
                            journal.get(),
                            resumeFile.isPresent(),
                            user)
                    : AgentRun.run(console, shell, llm, live, config, task, List.of(file), user);
        }
        console.println(console.bold("trace:  ") + Console.shown(traceFile));
        return AgentRun.exitCode(result);
    }

    /**
     * Who approves a command allowed as unsafe: the person at the terminal; with a journal and no terminal
     * (or --no-wait), nobody now: the run stops at the question, to be answered by a later run; with
     * neither, nobody: it is refused.
     */
    private UserChannel user(Optional<Journal> journal) {
        boolean terminal = System.console() != null;
        if (journal.isPresent() && (noWait || !terminal)) {
            return UserChannel.suspending();
        }
        return terminal ? new ConsoleUserChannel(System.in, System.out) : UserChannel.alwaysDeny();
    }

    /** --answer: the reply, written to the journal before the run goes on; refused unless the run waits for one. */
    private void answer(Optional<Journal> journal) {
        if (answer.isEmpty()) {
            return;
        }
        Journal resumed = journal.orElseThrow();
        Optional<Waiting> waiting = resumed.waiting();
        if (waiting.isEmpty()) {
            throw bad("--answer: journal " + Console.shown(resumed.file())
                    + " is not waiting for an answer (its run ended, was cut"
                    + " off by a crash, or its question was answered already); nothing was run. Resume it without"
                    + " --answer");
        }
        switch (waiting.get().kind()) {
            case DECISION -> {
                String reply = answer.get().strip().toLowerCase(Locale.ROOT);
                if (!reply.equals("yes") && !reply.equals("no")) {
                    throw bad("--answer '" + SafeText.line(answer.get(), 100) + "': the run waits for a confirmation,"
                            + " answered yes or no");
                }
                if (reply.equals("yes") && AgentRun.shownInFull(waiting.get()).isEmpty()) {
                    throw bad("--answer yes: the action waiting for confirmation has "
                            + waiting.get().prompt().length() + " characters, more than the "
                            + AgentRun.CONFIRM_LINES + " lines of " + AgentRun.MESSAGE_CHARS
                            + " shown in full, so it cannot be approved from here; answer no");
                }
                resumed.confirm(reply.equals("yes") ? Decision.APPROVED : Decision.REJECTED);
            }
            case ANSWER -> resumed.answer(answer.get());
            case EVENT -> throw bad("--answer: the run waits for an event, which the command line cannot deliver");
        }
    }

    /** The journal to write (--journal) or to resume (--resume), if one is given. */
    private Optional<Journal> journal() {
        if (journalKeyEnv.isPresent() && journalFile.isEmpty() && resumeFile.isEmpty()) {
            throw bad("--journal-key-env signs a journal; give it with --journal or --resume");
        }
        Optional<JournalKey> key;
        try {
            key = journalKeyEnv.map(JournalKey::fromEnvironment);
        } catch (IllegalArgumentException e) {
            throw bad("--journal-key-env: " + e.getMessage());
        }
        try {
            if (journalFile.isPresent()) {
                return Optional.of(
                        key.isPresent()
                                ? Journal.create(journalFile.get(), Durability.SYNC, key.get())
                                : Journal.create(journalFile.get()));
            }
            if (resumeFile.isPresent()) {
                // checkFiles() refused a missing file, a directory and anything else that is not a file or a link
                return Optional.of(
                        key.isPresent()
                                ? Journal.open(resumeFile.get(), Durability.SYNC, key.get())
                                : Journal.open(resumeFile.get()));
            }
            return Optional.empty();
        } catch (JournalException e) {
            throw bad(e.getMessage());
        } catch (IOException e) {
            Path file = journalFile.or(() -> resumeFile).orElseThrow();
            throw bad((journalFile.isPresent() ? "--journal '" : "--resume '") + Console.shown(file) + "' cannot be "
                    + (journalFile.isPresent() ? "created" : "read and written") + ": " + e);
        }
    }

    /** The task the journal recorded: --task may repeat it, not change it. */
    private String recordedTask(Journal journal) {
        Optional<String> recorded = AgentRun.recordedTask(journal);
        if (task.isPresent() && recorded.isPresent() && !task.get().equals(recorded.get())) {
            throw bad("--task '" + task.get() + "' is not the task journal " + Console.shown(journal.file())
                    + " recorded ('" + recorded.get()
                    + "'); leave --task out to resume it, or start a new journal for a new task");
        }
        return recorded.or(() -> task)
                .orElseThrow(() -> bad("journal " + Console.shown(journal.file()) + " recorded no task yet"
                        + " (the run stopped right after it began); give the task with --task"));
    }

    private void checkLimits() {
        if (maxSteps < 1) {
            throw bad("--max-steps must be at least 1, got " + maxSteps);
        }
        if (timeoutSeconds < 1 || timeoutSeconds > MAX_TIMEOUT_SECONDS) {
            throw bad("--timeout must be from 1 to " + MAX_TIMEOUT_SECONDS + " seconds (a day), got " + timeoutSeconds);
        }
    }

    /**
     * The files --trace, --journal and --resume name, checked before the journal is created or answered and
     * before the header is printed: a trace that cannot be written would otherwise fail the run only after a new
     * journal was created empty, or an answer was written to a resumed one.
     */
    private void checkFiles() {
        String journalFix = "give the journal file a run with --journal wrote";
        Optional<String> problem = journalFile
                .flatMap(
                        file -> FileOptions.creatable("--journal", file, "give the path of a new file for the journal"))
                .or(() -> resumeFile.flatMap(file -> FileOptions.existing("--resume", file, journalFix)))
                .or(() -> trace.flatMap(file -> FileOptions.writable(
                        "--trace", file, "give a file to write the trace to (a new one, or a trace to add to)")));
        if (problem.isPresent()) {
            throw bad(problem.get());
        }
        // the trace is appended to: into a journal it would break the journal, into the replay the conversation
        Optional<Path> journalNamed = journalFile.or(() -> resumeFile);
        if (trace.isPresent() && journalNamed.isPresent() && FileOptions.same(trace.get(), journalNamed.get())) {
            throw bad("--trace '" + Console.shown(trace.get()) + "' is the journal's file; give the trace a file of its"
                    + " own");
        }
        if (trace.isPresent() && replay.isPresent() && FileOptions.same(trace.get(), replay.get())) {
            throw bad("--trace '" + Console.shown(trace.get()) + "' is the --replay file; give the trace a file of its"
                    + " own");
        }
    }

    /** Either a model (--base-url and --model) or a recorded conversation (--replay). */
    private void checkModel() {
        if (replay.isPresent()) {
            if (baseUrl.isPresent() || model.isPresent() || apiKeyEnv.isPresent() || apiKeyHeader.isPresent()) {
                throw bad("--replay plays a recorded conversation instead of a model; leave out --base-url, --model,"
                        + " --api-key-env and --api-key-header");
            }
            return;
        }
        if (baseUrl.isEmpty() || model.isEmpty()) {
            throw bad("Missing required options: '--base-url=URL' and '--model=NAME' (or --replay FILE, a recorded"
                    + " conversation)");
        }
    }

    /** The recorded conversation of --replay. */
    private ReplayLlmClient loadReplay(Path file) {
        Optional<String> problem = FileOptions.existing("--replay", file, "give the YAML file of the recorded replies");
        if (problem.isPresent()) {
            throw bad(problem.get());
        }
        try {
            return ReplayLlmClient.load(file);
        } catch (RuntimeException e) {
            throw bad("--replay: " + e.getMessage());
        }
    }

    /** The recorded conversation, past the replies a resumed journal already answered. */
    private LlmClient passOverAnswered(ReplayLlmClient client, Optional<Journal> journal) {
        if (journal.isPresent() && resumeFile.isPresent()) {
            int answered = journal.get().recordedModelCalls();
            try {
                client.skip(answered);
            } catch (IllegalArgumentException e) {
                throw bad("--replay: journal " + Console.shown(journal.get().file()) + " recorded " + answered
                        + " model calls, more than the replay holds: " + e.getMessage());
            }
        }
        return client;
    }

    private LlmClient client() {
        URI baseUrl = this.baseUrl.orElseThrow();
        String model = this.model.orElseThrow();
        if (baseUrl.getRawUserInfo() != null) {
            // never echo it back: it is a password more often than not
            throw bad("--base-url holds a user name or password (user:password@); remove it, and pass the key in an"
                    + " environment variable named by --api-key-env");
        }
        String scheme = String.valueOf(baseUrl.getScheme());
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw bad("--base-url '" + baseUrl + "' is not an http(s) URL");
        }
        OpenAiCompatibleClient.Builder builder = OpenAiCompatibleClient.builder(baseUrl, model)
                .timeout(Duration.ofSeconds(timeoutSeconds))
                .streaming(!noStream);
        if (apiKeyEnv.isPresent()) {
            if (System.getenv(apiKeyEnv.get()) == null) {
                throw bad("--api-key-env: the environment variable " + apiKeyEnv.get() + " is not set");
            }
            builder.apiKeyFromEnv(apiKeyEnv.get());
        }
        if (apiKeyHeader.isPresent()) {
            if (apiKeyEnv.isEmpty()) {
                throw bad("--api-key-header needs --api-key-env: without a key there is nothing to send in it");
            }
            try {
                builder.apiKeyHeader(apiKeyHeader.get());
            } catch (IllegalArgumentException e) {
                throw bad("--api-key-header: " + e.getMessage());
            }
        }
        return builder.build();
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
