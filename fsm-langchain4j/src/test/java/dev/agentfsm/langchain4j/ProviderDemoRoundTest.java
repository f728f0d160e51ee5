package dev.agentfsm.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.agents.linux.LinuxAgentStatus;
import dev.agentfsm.langchain4j.ProviderServer.Answer;
import dev.agentfsm.runtime.Outcome;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmReply;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The LinuxAgent's demo round ({@code agentfsm-cli demo}: its task, its recorded replies, the real read-only shell)
 * through {@link LangChain4jClient} and LangChain4j's OpenAI, Anthropic and Ollama modules, each against a local
 * server on 127.0.0.1 that speaks the provider's HTTP API as the provider documents it (written from the documented
 * shapes, not recorded). The model's first action comes as the provider's tool call, the others as the agent's
 * JSON.
 */
class ProviderDemoRoundTest {
    private static final ToolCallReply LINUX_TOOL_CALLS =
            ToolCallReply.at("/action", "/action/status", LinuxAgentStatus.CONTINUE);

    @TempDir
    Path root;

    private LlmClient client(Provider provider, ProviderServer server, List<LlmReply> replies) throws IOException {
        LangChain4jClient client = LangChain4jClient.builder(provider.model(server))
                .toolCalls(LINUX_TOOL_CALLS)
                .build();
        assertEquals(provider.structured, client.structuredOutput());
        return request -> {
            LlmReply reply = client.complete(request);
            replies.add(reply);
            return reply;
        };
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void theDemoRoundCompletes(Provider provider) throws IOException {
        List<LlmReply> replies = Collections.synchronizedList(new ArrayList<>());
        try (ProviderServer server = provider.start().script(LinuxDemo.answers())) {
            RoundResult result = LinuxDemo.run(LinuxDemo.workspace(root), client(provider, server, replies));

            assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
            List<LinuxAgentStatus> path = new ArrayList<>(Collections.nCopies(5, LinuxAgentStatus.CONTINUE));
            path.add(LinuxAgentStatus.FINISH);
            assertEquals(path, result.path());
            assertEquals(
                    LinuxDemo.reply(4).path("result").asText(), result.result().orElseThrow());

            List<ProviderServer.Received> received = server.received();
            assertEquals(5, received.size());
            received.forEach(provider::assertWellFormed);

            // the tool call became the agent's reply; the written replies came as they were
            assertEquals(
                    "{\"action\":{\"function\":\"execute_command\",\"arguments\":{\"command\":\"find . -type f -name"
                            + " '*.log'\"},\"status\":\"CONTINUE\"}}",
                    replies.get(0).content());
            assertEquals(LinuxDemo.replies().get(4), replies.get(4).content());
            for (int i = 0; i < replies.size(); i++) {
                LlmReply reply = replies.get(i);
                assertEquals(Optional.of(provider.answeringModel), reply.model());
                assertEquals(OptionalInt.of(ProviderServer.inputTokens(i)), reply.inputTokens());
                assertEquals(OptionalInt.of(ProviderServer.outputTokens(i)), reply.outputTokens());
                // LangChain4j's words for every provider: OpenAI's tool_calls, Anthropic's tool_use and end_turn...
                assertEquals(Optional.of(i == 0 ? "tool_execution" : "stop"), reply.finishReason());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aReplyThatIsNotJsonIsReAskedAndTheRoundStillCompletes(Provider provider) throws IOException {
        List<Answer> answers = new ArrayList<>();
        answers.add(new Answer.Text("Sure! First I will look for the log files."));
        answers.addAll(LinuxDemo.answers());
        try (ProviderServer server = provider.start().script(answers)) {
            RoundResult result = LinuxDemo.run(LinuxDemo.workspace(root), client(provider, server, new ArrayList<>()));

            assertEquals(Outcome.COMPLETED, result.outcome(), result.reason());
            List<ProviderServer.Received> received = server.received();
            assertEquals(6, received.size());
            // the re-ask repeats the bad reply as the model's turn and says what was wrong, in the provider's shape
            String reAsk = received.get(1).body().path("messages").toString();
            assertTrue(reAsk.contains("Sure! First I will look for the log files."), reAsk);
            assertTrue(reAsk.contains("Your reply was rejected"), reAsk);
            received.forEach(provider::assertWellFormed);
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aServerErrorIsOneLineNamingTheClientAndTheStatus(Provider provider) throws IOException {
        try (ProviderServer server =
                provider.start().script(List.of(new Answer.Failure(500, "the model is overloaded")))) {
            LlmClient client = client(provider, server, new ArrayList<>());
            RoundResult result = LinuxDemo.run(LinuxDemo.workspace(root), client);

            assertEquals(Outcome.ERROR, result.outcome(), result.reason());
            assertEquals(
                    List.of(LinuxAgentStatus.CONTINUE, LinuxAgentStatus.FAIL, LinuxAgentStatus.FINISH), result.path());
            Throwable error = result.error().orElseThrow();
            while (!(error instanceof LlmException) && error.getCause() != null) {
                error = error.getCause();
            }
            String message = error.getMessage();
            assertTrue(message.startsWith(provider.clientName + " failed: HTTP 500: "), message);
            assertTrue(message.contains("the model is overloaded"), message);
            assertFalse(message.contains("\n"), message);
            assertEquals(1, server.received().size(), "no retries: the model was built without");
        }
    }
}
