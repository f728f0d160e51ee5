package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.journal.Journal;
import dev.agentfsm.langchain4j.ProviderServer.Answer;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.RuntimeConfig;
import dev.agentfsm.runtime.Session;
import dev.agentfsm.runtime.llm.LlmClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the LinuxAgent's demo round does when a provider answers badly, through {@link LangChain4jClient} and each
 * provider's LangChain4j module against its local server: a refusal, a reply cut off at the output limit, a reply
 * with neither text nor a tool call, and a model that ignores the status schema. The model's first reply is good
 * (a tool call, which runs a command); the second is bad. Each ends the round with a result whose reason names the
 * client (provider and model) and what went wrong, and the journal keeps the first step, the bad call and how it
 * ended: the journal resumed against a server with nothing to say makes no request and runs no command again.
 */
class ProviderBadRepliesTest {
    private static final RuntimeConfig CONFIG =
            RuntimeConfig.builder().jsonParsingRetry(2).build();

    @TempDir
    Path root;

    private record Run(RoundResult result, List<String> journal, RoundResult resumed, int resumedRequests) {}

    /** The round journaled, with {@code bad} answered after the first action; then resumed from its journal. */
    private Run run(Provider provider, List<Answer> bad) throws IOException {
        Path workspace = LinuxDemo.workspace(Files.createDirectory(root.resolve("workspace")));
        Path file = root.resolve("round.journal");
        List<Answer> script = new ArrayList<>();
        script.add(LinuxDemo.firstAction());
        script.addAll(bad);
        RoundResult result;
        try (ProviderServer server = provider.start().script(script);
                Journal journal = Journal.create(file)) {
            result = session(provider, server, workspace, journal)
                    .recorder(journal)
                    .build()
                    .runRound(LinuxDemo.task());
            assertEquals(script.size(), server.received().size(), "every scripted answer was asked for");
        }
        List<String> lines = Files.readAllLines(file);
        try (ProviderServer silent = provider.start();
                Journal journal = Journal.open(file)) {
            List<RoundResult> resumed =
                    session(provider, silent, workspace, journal).build().resume(journal);
            return new Run(
                    result,
                    lines,
                    resumed.get(resumed.size() - 1),
                    silent.received().size());
        }
    }

    private static Session.Builder<LinuxAgent> session(
            Provider provider, ProviderServer server, Path workspace, Journal journal) {
        LlmClient client = LangChain4jClient.builder(provider.model(server))
                .toolCalls(ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE))
                .build();
        LinuxAgent agent = LinuxAgent.builder(
                        journal.driver(ShellDriver.of(ShellConfig.of(workspace))), journal.llm(client))
                .config(CONFIG)
                .build();
        return Session.of(LinuxAgentStateManager.instance(), agent).config(CONFIG);
    }

    /** The round ended as {@code outcome} with a reason holding every one of {@code said}, and nothing was lost. */
    private static void assertEndedAndKept(Run run, Outcome outcome, String... said) {
        RoundResult result = run.result();
        assertEquals(outcome, result.outcome(), result.reason());
        for (String part : said) {
            assertTrue(result.reason().contains(part), () -> "'" + part + "' in: " + result.reason());
        }
        assertTrue(!result.reason().contains("\n"), result.reason());
        // the first step (its reply and the command it ran) and the bad call, with how it failed, are journaled
        String steps = String.join("\n", run.journal());
        assertTrue(steps.contains("\"function\":\"execute_command\""), steps);
        assertTrue(steps.contains(said[said.length - 1].replace("\"", "\\\"")), steps);
        // resumed: the same result, and not a request or a command again
        assertEquals(0, run.resumedRequests(), "the resumed round asked the model again");
        assertEquals(result.outcome(), run.resumed().outcome());
        assertEquals(result.reason(), run.resumed().reason());
        assertEquals(result.path(), run.resumed().path());
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aRefusalEndsTheRoundNamingTheClient(Provider provider) throws IOException {
        String refusal = "I can't help with deleting files.";
        switch (provider) {
            case OPENAI ->
                assertEndedAndKept(
                        run(provider, List.of(new Answer.Refusal(refusal))),
                        Outcome.ERROR,
                        provider.clientName + " refused to answer: " + refusal);
            case ANTHROPIC ->
                assertEndedAndKept(
                        run(provider, List.of(new Answer.Refusal(refusal))),
                        Outcome.ERROR,
                        provider.clientName
                                + " returned an empty reply: no text and no tool call (finish reason other");
            // Ollama has no refusal of its own: the model writes one, the guard re-asks it, and gives up naming it
            case OLLAMA ->
                assertEndedAndKept(
                        run(provider, Collections.nCopies(3, new Answer.Refusal(refusal))),
                        Outcome.ERROR,
                        "rejected after 2 re-asks: it is not valid JSON",
                        "the model: journaled " + provider.clientName + ", answering as " + provider.answeringModel,
                        refusal);
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aReplyCutOffAtTheOutputLimitIsNotReAsked(Provider provider) throws IOException {
        assertEndedAndKept(
                run(provider, List.of(new Answer.CutOff("{\"observation\": \"two log files\", \"action\": {\"func"))),
                Outcome.ERROR,
                provider.clientName + " stopped at its output limit (finish reason length, "
                        + ProviderServer.outputTokens(1) + " output tokens)",
                "The reply began: {\"observation\": \"two log files\", \"action\": {\"func");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aReplyWithNeitherTextNorAToolCallEndsTheRound(Provider provider) throws IOException {
        assertEndedAndKept(
                run(provider, List.of(new Answer.Empty())),
                Outcome.ERROR,
                provider.clientName + " returned an empty reply: no text and no tool call");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aModelThatIgnoresTheSchemaIsReAskedThenNamed(Provider provider) throws IOException {
        String ignoring = "{\"observation\": \"done\", \"action\": {\"function\": \"\", \"status\": \"DONE\"}}";
        assertEndedAndKept(
                run(provider, Collections.nCopies(3, new Answer.Text(ignoring))),
                Outcome.UNKNOWN_STATUS,
                "LinuxAgent in CONTINUE: the model's reply was rejected after 2 re-asks",
                "the model: journaled " + provider.clientName + ", answering as " + provider.answeringModel,
                "\"DONE\"");
    }
}
