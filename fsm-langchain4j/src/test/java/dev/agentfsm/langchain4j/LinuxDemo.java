package dev.agentfsm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentfsm.agents.kit.ReplayLlmClient;
import dev.agentfsm.agents.linux.LinuxAgent;
import dev.agentfsm.agents.linux.LinuxAgentStateManager;
import dev.agentfsm.agents.linux.shell.ShellConfig;
import dev.agentfsm.agents.linux.shell.ShellDriver;
import dev.agentfsm.cli.DemoFiles;
import dev.agentfsm.runtime.Context;
import dev.agentfsm.runtime.Round;
import dev.agentfsm.runtime.RoundResult;
import dev.agentfsm.runtime.llm.LlmClient;
import dev.agentfsm.runtime.llm.LlmException;
import dev.agentfsm.runtime.llm.LlmRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The LinuxAgent demo of {@code agentfsm-cli demo}: its task, its recorded replies and its workspace, read from
 * agentfsm-cli's jar, run with the real read-only shell driver on a directory.
 */
final class LinuxDemo {

    private LinuxDemo() {}

    static String task() {
        return DemoFiles.task();
    }

    /** The demo's recorded replies, in order: the agent's JSON, one per step. */
    static List<String> replies() {
        ReplayLlmClient replay = DemoFiles.replay();
        List<String> replies = new ArrayList<>();
        try {
            while (replay.remaining() > 0) {
                replies.add(replay.complete(LlmRequest.of(List.of())).content());
            }
        } catch (LlmException e) {
            throw new IllegalStateException(e);
        }
        return replies;
    }

    /** The recorded reply {@code index} (from 0), parsed. */
    static JsonNode reply(int index) {
        try {
            return ProviderServer.JSON.readTree(replies().get(index));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The demo's replies as a provider's server answers them: the first action as the provider's tool call, the
     * rest as the agent's JSON, written.
     */
    static List<ProviderServer.Answer> answers() {
        List<String> replies = replies();
        List<ProviderServer.Answer> answers = new ArrayList<>();
        answers.add(firstAction());
        replies.subList(1, replies.size()).forEach(reply -> answers.add(new ProviderServer.Answer.Text(reply)));
        return answers;
    }

    /** The demo's first action, as the provider's tool call. */
    static ProviderServer.Answer firstAction() {
        JsonNode first = reply(0);
        return new ProviderServer.Answer.ToolCall(first.at("/action/function").asText(), first.at("/action/arguments"));
    }

    /** The demo's round on {@code workspace}, the agent asking {@code llm}, through the shell driver. */
    static RoundResult run(Path workspace, LlmClient llm) {
        LinuxAgent agent = LinuxAgent.builder(ShellDriver.of(ShellConfig.of(workspace)), llm)
                .build();
        return Round.of(LinuxAgentStateManager.instance(), agent)
                .context(new Context().put(Context.REQUEST, task()))
                .build()
                .run();
    }

    /** Writes the demo's workspace under {@code root}, readable by the user the shell runs commands as. */
    static Path workspace(Path root) throws IOException {
        return DemoFiles.workspace(root);
    }
}
